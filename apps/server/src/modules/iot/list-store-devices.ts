import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { StoreDevicePage, StoreDeviceRow } from '@gasops/shared';
import { iso } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { countAll, pageOf, type PageRequest } from '../../platform/paging.js';
import { stores } from '../../platform/platform.schema.js';
import { keywordFilter, likePattern } from '../../platform/search.js';
import { canTouchStore, storeFilter } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { devices } from './iot.schema.js';

/**
 * StoreDevice screen: the devices transferred to the caller's stores, each with its current (or
 * last) installation: customer, install/uninstall dates, residual gas and actual usage.
 */
export async function listStoreDevices(
  db: Executor,
  ctx: Ctx,
  q: PageRequest & { keyword?: string; storeId?: number; installed?: 'yes' | 'no' },
): Promise<StoreDevicePage> {
  const where: (SQL | undefined)[] = [eq(devices.transferred, true), storeFilter(ctx, devices.storeId, q.storeId)];
  if (q.keyword) {
    const p = likePattern(q.keyword);
    where.push(
      or(
        ilike(devices.serial, p),
        sql`exists (select 1 from store_devices x join customers c on c.id = x.customer_id
      where x.device_id = ${devices.id} and x.uninstall_date is null and c.name ilike ${p})`,
      ),
    );
  }
  const installedExpr = sql`exists (select 1 from store_devices x where x.device_id = ${devices.id} and x.uninstall_date is null)`;
  if (q.installed === 'yes') where.push(installedExpr);
  if (q.installed === 'no') where.push(sql`not ${installedExpr}`);
  const cond = and(...where);
  const { limit, offset } = pageOf(q);
  const rows = rowsOfResult<StoreDeviceDbRow>(
    await db.execute(sql`
    select devices.id as "deviceId", devices.serial, devices.store_id as "storeId", s.name as "storeName", devices.transfer_date::text as "transferDate",
           sd.id as "storeDeviceId", sd.customer_id as "customerId", c.name as "customerName", c.address as "customerAddress",
           sd.install_date::text as "installDate", sd.uninstall_date::text as "uninstallDate",
           sd.capacity_grams as "capacityGrams", sd.tare_grams as "tareGrams",
           (sd.id is not null and sd.uninstall_date is null) as installed,
           case when sd.uninstall_date is not null then sd.residual_grams
                when sd.id is not null and ds.gross_grams is not null then greatest(0, ds.gross_grams - sd.tare_grams) end as "residualGrams",
           case when sd.uninstall_date is not null then sd.usage_grams
                when sd.id is not null then (select coalesce(sum(u.used_grams), 0)::int from device_usage_daily u
                                              where u.store_device_id = sd.id) end as "usageGrams",
           ds.last_seen_at as "lastSeenAt"
      from devices
      join stores s on s.id = devices.store_id
      -- the current (or last) installation in the device's current store: an installation of the
      -- scale's previous store group (customer, dates, weights) is not this tenant's to see
      left join lateral (select * from store_devices x where x.device_id = devices.id and x.store_id = devices.store_id
                          order by (x.uninstall_date is null) desc, x.id desc limit 1) sd on true
      left join customers c on c.id = sd.customer_id
      -- the latest state only when its reading is that installation's
      left join device_state ds on ds.device_id = devices.id and ds.store_device_id = sd.id
     where ${cond}
     order by devices.serial
     limit ${limit} offset ${offset}`),
  );
  const [{ total }] = (await db.select({ total: countAll }).from(devices).where(cond)) as [{ total: number }];
  return {
    items: rows.map((r) => ({ ...r, lastSeenAt: iso(r.lastSeenAt) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A row as the database answers it: the timestamp may come back as a Date (pg) or text (PGlite). */
type StoreDeviceDbRow = Omit<StoreDeviceRow, 'lastSeenAt'> & { lastSeenAt: Date | string | null };

/** Customers of a store for the install form (id, name, address, phone), searchable, at most 50. */
export async function listInstallCustomers(db: Executor, ctx: Ctx, q: { storeId: number; keyword?: string }) {
  if (!canTouchStore(ctx, q.storeId)) throw notFound();
  const items = await db
    .select({ id: customers.id, name: customers.name, address: customers.address, phone: customers.phone })
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .where(and(eq(customers.storeId, q.storeId), keywordFilter(q.keyword, [customers.name, customers.address, customers.phone])))
    .orderBy(asc(customers.name))
    .limit(50);
  return { items };
}
