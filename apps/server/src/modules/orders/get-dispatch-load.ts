import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { canOrder, type DispatchLoad } from '@gasops/shared';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { users } from '../../platform/platform.schema.js';
import { groupTimeZone, storeOf } from '../../platform/tenancy.js';
import { deliveryPersons } from '../catalogue/catalogue.schema.js';
import { customers } from '../customers/customers.schema.js';
import { orders } from './orders.schema.js';

/**
 * DispatchOrder: each delivery person of the store with their orders of the day (in the group's
 * time zone) — the day's load — so staff can balance and reassign. Open: orders still to deliver.
 */
export async function getDispatchLoad(db: Executor, ctx: Ctx, q: { storeId: number; date: string }): Promise<DispatchLoad> {
  const { storeId, date } = q;
  const store = await storeOf(db, ctx, storeId);
  const tz = await groupTimeZone(db, store.groupId);
  const people = await db
    .select({ userId: users.id, name: users.name, account: users.account })
    .from(deliveryPersons)
    .innerJoin(users, eq(users.id, deliveryPersons.userId))
    .where(eq(deliveryPersons.storeId, store.id))
    .orderBy(asc(users.name));
  const ids = people.map((p) => p.userId);
  const day = sql`(${orders.deliveryAt} at time zone ${tz})::date = ${date}::date`;
  const rows = ids.length
    ? await db
        .select({
          id: orders.id,
          orderNo: orders.orderNo,
          deliveryPersonId: orders.deliveryPersonId,
          deliveryAt: orders.deliveryAt,
          status: orders.status,
          customerName: sql<string | null>`coalesce(${customers.name}, ${orders.contactName})`,
          deliveryAddress: orders.deliveryAddress,
          gasWeightG: orders.gasWeightG,
        })
        .from(orders)
        .leftJoin(customers, eq(customers.id, orders.customerId))
        .where(and(eq(orders.storeId, store.id), inArray(orders.deliveryPersonId, ids), day, ne(orders.status, 'cancelled')))
        .orderBy(asc(orders.deliveryAt))
        .limit(2000)
    : [];
  return people.map((p) => {
    const mine = rows.filter((r) => r.deliveryPersonId === p.userId).map(isoRow);
    return { ...p, count: mine.length, open: mine.filter((r) => canOrder('delivered', r.status)).length, orders: mine };
  });
}
