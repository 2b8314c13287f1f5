import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DeliveryPersonOption } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { users } from '../../platform/platform.schema.js';
import { storeFilter } from '../../platform/tenancy.js';
import { deliveryPersons } from '../catalogue/catalogue.schema.js';

/** Delivery persons of the caller's stores (or one store), for the report filters. */
export async function listDeliveryPersonOptions(db: Db, ctx: Ctx, storeId?: number): Promise<DeliveryPersonOption[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      storeIds: sql<number[]>`array_agg(distinct ${deliveryPersons.storeId} order by ${deliveryPersons.storeId})`,
    })
    .from(deliveryPersons)
    .innerJoin(users, eq(users.id, deliveryPersons.userId))
    .where(and(storeFilter(ctx, deliveryPersons.storeId, storeId), isNull(users.deletedAt)))
    .groupBy(users.id, users.name)
    .orderBy(asc(users.name))
    .limit(500);
  return rows.map((r) => ({ ...r, storeIds: r.storeIds.map(Number) }));
}
