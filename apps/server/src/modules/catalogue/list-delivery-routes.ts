import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DeliveryRouteRow, PageQuery, RouteMap } from '@gasops/shared';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, countedPage } from '../../platform/paging.js';
import { getParamNumber } from '../../platform/params.js';
import { stores } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { storeFilter } from '../../platform/tenancy.js';
import { deliveryRoutes } from './catalogue.schema.js';

/** The columns of a route row (DeliveryRouteRow, updatedAt still a Date). */
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

/** The deliveryRoute screen's list: by store, nearest first. */
export async function listDeliveryRoutes(db: Executor, ctx: Ctx, q: PageQuery & { storeId?: number }) {
  const where = and(
    storeFilter(ctx, deliveryRoutes.storeId, q.storeId),
    keywordFilter(q.keyword, [deliveryRoutes.address, deliveryRoutes.remarks]),
  );
  const rows = db
    .select(columns)
    .from(deliveryRoutes)
    .innerJoin(stores, eq(stores.id, deliveryRoutes.storeId))
    .where(where)
    .orderBy(asc(deliveryRoutes.storeId), asc(deliveryRoutes.distanceM))
    .$dynamic();
  const counted = db.select({ total: countAll }).from(deliveryRoutes).where(where);
  return countedPage(q, rows, counted, (r): DeliveryRouteRow => isoRow(r));
}

/**
 * The route map (seed §9): the stores in green with their coordinates, every route destination,
 * and the ring radii — blue and yellow at a third and two thirds of the red one (ROUTE_RING_RED_KM).
 */
export async function routeMap(db: Executor, ctx: Ctx, storeId?: number): Promise<RouteMap> {
  const storeRows = await db
    .select({
      id: stores.id,
      name: stores.name,
      address: stores.address,
      latitude: stores.latitude,
      longitude: stores.longitude,
      groupId: stores.groupId,
    })
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
  return { stores: storeRows.map(({ groupId: _g, ...s }) => s), routes: routes.map(isoRow), rings };
}
