import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DeliveryRoute, deliveryRouteBody } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { storeOf, storeScope } from '../../platform/tenancy.js';
import { deliveryRoutes } from './catalogue.schema.js';

type Body = z.infer<typeof deliveryRouteBody>;

async function loadRoute(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db
    .select()
    .from(deliveryRoutes)
    .where(and(eq(deliveryRoutes.id, id), storeScope(ctx, deliveryRoutes.storeId)));
  if (!row) throw notFound();
  return row;
}

export async function createDeliveryRoute(db: Db, ctx: Ctx, body: Body): Promise<DeliveryRoute> {
  const row = await db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    return insertAudited(tx, ctx, deliveryRoutes, { ...body, groupId: store.groupId });
  });
  return isoRow(row);
}

export async function updateDeliveryRoute(db: Db, ctx: Ctx, id: number, body: Body): Promise<DeliveryRoute> {
  const row = await db.transaction(async (tx) => {
    await loadRoute(tx, ctx, id);
    const store = await storeOf(tx, ctx, body.storeId);
    return updateAudited(tx, ctx, deliveryRoutes, id, { ...body, groupId: store.groupId, updatedAt: new Date() });
  });
  return isoRow(row);
}

export async function deleteDeliveryRoute(db: Db, ctx: Ctx, id: number) {
  return db.transaction(async (tx) => {
    await loadRoute(tx, ctx, id);
    await deleteAudited(tx, ctx, deliveryRoutes, id);
  });
}
