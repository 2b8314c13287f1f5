import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Nearby, NearbyBody } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { getParamNumber, paramNumSql } from '../../platform/params.js';
import { assertStore, canTouchStore, storeScope } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { orders } from '../orders/orders.schema.js';

const KM_PER_DEG_LAT = 111.045;

/**
 * Seed `POST /store/nearbyDisabled`: customers within NEARBY_RADIUS_KM of a point (or of an
 * order's / a customer's location) whose residual gas is under LOW_GAS_PERCENT, nearest first,
 * so a driver can serve them on the same trip. A bounding box on the (latitude, longitude) index
 * narrows the candidates before the great-circle distance is computed in SQL.
 */
export async function findNearbyLowGas(db: Executor, ctx: Ctx, body: NearbyBody): Promise<Nearby> {
  let lat: number;
  let lon: number;
  let exclude: number | null = null;
  let groupId = ctx.user.groupId;
  if ('latitude' in body) {
    lat = body.latitude;
    lon = body.longitude;
  } else {
    let customerId: number;
    if ('orderId' in body) {
      const [o] = await db
        .select({ storeId: orders.storeId, customerId: orders.customerId })
        .from(orders)
        .where(eq(orders.id, body.orderId));
      if (!o || !canTouchStore(ctx, o.storeId)) throw notFound();
      if (!o.customerId) throw invalidField('orderId', 'iot.errors.noLocation');
      customerId = o.customerId;
    } else customerId = body.customerId;
    const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
    if (!c) throw notFound();
    assertStore(ctx, c.storeId);
    if (c.latitude === null || c.longitude === null)
      throw invalidField('orderId' in body ? 'orderId' : 'customerId', 'iot.errors.noLocation');
    lat = c.latitude;
    lon = c.longitude;
    exclude = c.id;
    groupId = c.groupId;
  }
  if (body.storeId !== undefined) assertStore(ctx, body.storeId);
  const radiusKm = await getParamNumber(db, groupId, 'NEARBY_RADIUS_KM');
  const dLat = radiusKm / KM_PER_DEG_LAT;
  const dLon = radiusKm / (KM_PER_DEG_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const conds: (SQL | undefined)[] = [
    sql`c.latitude between ${lat - dLat} and ${lat + dLat}`,
    sql`c.longitude between ${lon - dLon} and ${lon + dLon}`,
    storeScope(ctx, sql`c.store_id` as never),
    body.storeId !== undefined ? sql`c.store_id = ${body.storeId}` : undefined,
    exclude !== null ? sql`c.id <> ${exclude}` : undefined,
  ];
  const rows = rowsOfResult<{
    customer_id: number;
    name: string;
    address: string | null;
    phone: string | null;
    latitude: number;
    longitude: number;
    store_id: number;
    store_device_id: number;
    serial: string;
    remaining: number;
    pct: number | string;
    distance_km: number | string;
  }>(
    await db.execute(sql`
      select * from (
        select c.id as customer_id, c.name, c.address, c.phone, c.latitude, c.longitude, c.store_id,
               sd.id as store_device_id, d.serial,
               greatest(0, ds.gross_grams - sd.tare_grams) as remaining,
               round(greatest(0, ds.gross_grams - sd.tare_grams) * 1000.0 / sd.capacity_grams) / 10 as pct,
               greatest(0, ds.gross_grams - sd.tare_grams) * 100.0 < ${paramNumSql(sql`c.group_id`, 'LOW_GAS_PERCENT')} * sd.capacity_grams as low,
               2 * 6371.0088 * asin(least(1, sqrt(
                 power(sin(radians(c.latitude - ${lat}) / 2), 2) +
                 cos(radians(${lat})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${lon}) / 2), 2)))) as distance_km
          from customers c
          join store_devices sd on sd.customer_id = c.id and sd.uninstall_date is null
          join devices d on d.id = sd.device_id
          join device_state ds on ds.device_id = sd.device_id and ds.store_device_id = sd.id
         where ${and(...conds)}
      ) x
      where x.low and x.distance_km <= ${radiusKm}
      order by x.distance_km, x.customer_id
      limit 200`),
  );
  return {
    center: { latitude: lat, longitude: lon },
    radiusKm,
    items: rows.map((r) => ({
      customerId: r.customer_id,
      name: r.name,
      address: r.address,
      phone: r.phone,
      latitude: r.latitude,
      longitude: r.longitude,
      storeId: r.store_id,
      storeDeviceId: r.store_device_id,
      serial: r.serial,
      remainingGrams: Number(r.remaining),
      percent: Number(r.pct),
      distanceKm: Math.round(Number(r.distance_km) * 1000) / 1000,
    })),
  };
}
