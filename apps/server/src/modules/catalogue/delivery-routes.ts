import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { deliveryRouteBody, PageQuery } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { getParamNumber } from '../../platform/params.js';
import { stores } from '../../platform/platform.schema.js';
import { storeFilter, storeScope } from '../../platform/tenancy.js';
import { dbRefusals, ilikeAny, offsetOf, storeOf } from '../customers/store-of.js';
import { deliveryRoutes } from './catalogue.schema.js';

type Body = z.infer<typeof deliveryRouteBody>;

const columns = {
  id: deliveryRoutes.id,
  storeId: deliveryRoutes.storeId,
  storeName: stores.name,
  address: deliveryRoutes.address,
  latitude: deliveryRoutes.latitude,
  longitude: deliveryRoutes.longitude,
  distanceM: deliveryRoutes.distanceM,
  durationMin: deliveryRoutes.durationMin,
  amountPerDispatch: deliveryRoutes.amountPerDispatch,
  remarks: deliveryRoutes.remarks,
  updatedAt: deliveryRoutes.updatedAt,
};

export async function listDeliveryRoutes(db: Executor, ctx: Ctx, q: PageQuery & { storeId?: number }) {
  const where = and(storeFilter(ctx, deliveryRoutes.storeId, q.storeId), ilikeAny(q.keyword, deliveryRoutes.address, deliveryRoutes.remarks));
  const [{ total }] = (await db.select({ total: count() }).from(deliveryRoutes).where(where)) as [{ total: number }];
  const items = await db
    .select(columns)
    .from(deliveryRoutes)
    .innerJoin(stores, eq(stores.id, deliveryRoutes.storeId))
    .where(where)
    .orderBy(asc(deliveryRoutes.storeId), asc(deliveryRoutes.distanceM))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * The route map (seed §9): the stores in green with their coordinates, every route destination,
 * and the ring radii — blue and yellow at a third and two thirds of the red one (ROUTE_RING_RED_KM).
 */
export async function routeMap(db: Executor, ctx: Ctx, storeId?: number) {
  const storeRows = await db
    .select({ id: stores.id, name: stores.name, address: stores.address, latitude: stores.latitude, longitude: stores.longitude, groupId: stores.groupId })
    .from(stores)
    .where(and(isNull(stores.deletedAt), storeFilter(ctx, stores.id, storeId)))
    .orderBy(asc(stores.id))
    .limit(200);
  const routes = await db
    .select(columns)
    .from(deliveryRoutes)
    .innerJoin(stores, eq(stores.id, deliveryRoutes.storeId))
    .where(storeFilter(ctx, deliveryRoutes.storeId, storeId))
    .orderBy(asc(deliveryRoutes.id))
    .limit(2000);
  const red = await getParamNumber(db, ctx.user.groupId ?? storeRows[0]?.groupId ?? null, 'ROUTE_RING_RED_KM');
  const rings = [
    { color: 'blue' as const, km: Math.round((red / 3) * 10) / 10 },
    { color: 'yellow' as const, km: Math.round(((red * 2) / 3) * 10) / 10 },
    { color: 'red' as const, km: red },
  ];
  return { stores: storeRows.map(({ groupId: _g, ...s }) => s), routes, rings };
}

async function loadRoute(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db.select().from(deliveryRoutes).where(and(eq(deliveryRoutes.id, id), storeScope(ctx, deliveryRoutes.storeId)));
  if (!row) throw notFound();
  return row;
}

export async function createDeliveryRoute(db: Db, ctx: Ctx, body: Body) {
  return dbRefusals(() => db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    return insertAudited(tx, ctx, deliveryRoutes, { ...body, groupId: store.groupId });
  }));
}

export async function updateDeliveryRoute(db: Db, ctx: Ctx, id: number, body: Body) {
  return dbRefusals(() => db.transaction(async (tx) => {
    await loadRoute(tx, ctx, id);
    const store = await storeOf(tx, ctx, body.storeId);
    return updateAudited(tx, ctx, deliveryRoutes, id, { ...body, groupId: store.groupId, updatedAt: new Date() });
  }));
}

export async function deleteDeliveryRoute(db: Db, ctx: Ctx, id: number) {
  return dbRefusals(() => db.transaction(async (tx) => {
    await loadRoute(tx, ctx, id);
    await deleteAudited(tx, ctx, deliveryRoutes, id);
  }));
}
