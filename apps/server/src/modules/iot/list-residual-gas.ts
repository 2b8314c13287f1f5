import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LowGas, ResidualListQuery, ResidualPage, ResidualRow, ResidualSort } from '@gasops/shared';
import { iso } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { groupParamsSql } from '../../platform/params.js';
import { flagFilter, keywordFilter } from '../../platform/search.js';
import { storeFilter } from '../../platform/tenancy.js';
import { storeDevices } from './iot.schema.js';

/** A numeric column that PostgreSQL answers as text (numeric) or number (PGlite, float8). */
const num = (v: number | string | null) => (v === null ? null : Number(v));

const SORT_SQL: Record<ResidualSort, SQL> = {
  percent: sql`pct`,
  remaining: sql`remaining`,
  daysLeft: sql`days_left`,
  lastSeen: sql`last_seen_at`,
  battery: sql`battery`,
  customer: sql`customer_name`,
  serial: sql`serial`,
};

/**
 * The residual gas list: every installed device of the caller's stores with remaining kg, percent
 * of capacity, average usage over USAGE_AVERAGE_DAYS (litres/day via LPG_DENSITY_KG_PER_L, from
 * the daily roll-ups), days left, battery, last transmission and online state, with the
 * thresholds of each store group's parameters. Filtered, sorted and paged in SQL. Only readings
 * of each installation count (a reused scale shows nothing of its previous household).
 */
export async function listResidualGas(db: Executor, ctx: Ctx, q: ResidualListQuery, onlyId?: number): Promise<ResidualPage> {
  const where = and(
    sql`store_devices.uninstall_date is null`,
    storeFilter(ctx, storeDevices.storeId, q.storeId),
    onlyId !== undefined ? eq(storeDevices.id, onlyId) : undefined,
    keywordFilter(q.keyword, [sql`d.serial`, sql`c.name`, sql`c.address`, sql`c.phone`]),
  );
  // low_gas, online and low_battery are never null (coalesce in calc), so `= false` is their negation.
  const flags = and(
    flagFilter(sql`low_gas`, q.lowGas),
    flagFilter(sql`(not online)`, q.offline),
    flagFilter(sql`low_battery`, q.lowBattery),
  );
  const outer = flags ? sql`where ${flags}` : sql``;
  const dir = q.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const order = sql`order by ${SORT_SQL[q.sort]} ${dir}, sd_id`;
  const { limit, offset } = pageOf(q);
  const page = sql`limit ${limit} offset ${offset}`;
  // Usage per installation over the averaging window, from the daily roll-ups of the rows in `src`
  // (rolled up per installation: another household's usage of the same scale never counts).
  const usageOf = (src: SQL) => sql`
    select b.sd_id, sum(u.used_grams) as used, min(u.first_ts) as first_ts, max(u.last_ts) as last_ts
      from ${src} b
      join device_usage_daily u on u.store_device_id = b.sd_id
       and u.day >= greatest(b.install_date, (now() at time zone 'UTC')::date - (b.avg_days::int - 1))
       -- the same window as one range for all rows: device_usage_daily_day_idx reads only those days
       and u.day >= (now() at time zone 'UTC')::date - ((select max(avg_days) from p)::int - 1)
     group by b.sd_id`;
  const withUsage = (src: SQL) => sql`
    select x.*,
           case when x.per_day > 0 and x.remaining is not null then round(x.remaining / x.per_day * 10) / 10 end as days_left,
           case when x.per_day is not null then round(x.per_day / 1000.0 / x.density * 100) / 100 end as litres
      from (select f.*,
                   case when u.last_ts - u.first_ts >= interval '1 hour'
                        then greatest(0, u.used) / (extract(epoch from u.last_ts - u.first_ts) / 86400.0) end as per_day
              from ${src} f left join usage u on u.sd_id = f.sd_id) x`;
  const res = await db.execute(sql`
    with base as (
      select store_devices.id as sd_id, store_devices.group_id, store_devices.store_id, store_devices.device_id, store_devices.customer_id,
             store_devices.install_date, store_devices.capacity_grams, store_devices.tare_grams,
             d.serial, s.name as store_name, c.name as customer_name, c.address as customer_address, c.phone as customer_phone,
             ds.gross_grams, ds.battery, ds.signal, ds.last_seen_at
        from store_devices
        join devices d on d.id = store_devices.device_id
        join stores s on s.id = store_devices.store_id
        join customers c on c.id = store_devices.customer_id
        -- the latest state only when its reading is this installation's
        left join device_state ds on ds.device_id = store_devices.device_id and ds.store_device_id = store_devices.id
       where ${where}
    ), p as materialized (${groupParamsSql(sql`base`, {
      low_gas_pct: 'LOW_GAS_PERCENT',
      low_battery_pct: 'LOW_BATTERY_PERCENT',
      offline_min: 'DEVICE_OFFLINE_MINUTES',
      avg_days: 'USAGE_AVERAGE_DAYS',
      density: 'LPG_DENSITY_KG_PER_L',
    })}), calc as (
      select b.*, p.density, p.avg_days,
             case when b.gross_grams is null then null else greatest(0, b.gross_grams - b.tare_grams) end as remaining,
             case when b.gross_grams is null then null else round(greatest(0, b.gross_grams - b.tare_grams) * 1000.0 / b.capacity_grams) / 10 end as pct,
             coalesce(b.last_seen_at > now() - p.offline_min * interval '1 minute', false) as online,
             -- no reading (of this installation) yet is not low gas (greatest() would ignore the null)
             coalesce(b.gross_grams is not null and greatest(0, b.gross_grams - b.tare_grams) * 100.0 < p.low_gas_pct * b.capacity_grams, false) as low_gas,
             coalesce(b.battery < p.low_battery_pct, false) as low_battery
        from base b join p on p.group_id = b.group_id
    ), filtered as (
      select calc.*, count(*) over () as total from calc ${outer}
    ), ${
      q.sort === 'daysLeft'
        ? // Sorting by the forecast needs the usage of every row before paging.
          sql`usage as (${usageOf(sql`filtered`)}), fin as (select * from (${withUsage(sql`filtered`)}) y ${order} ${page})`
        : // Otherwise page first and compute usage for that page only.
          sql`pg as (select * from filtered ${order} ${page}), usage as (${usageOf(sql`pg`)}), fin as (${withUsage(sql`pg`)})`
    }
    select fin.*,
           coalesce((select json_agg(a.kind order by a.kind) from iot_alerts a where a.store_device_id = fin.sd_id and a.closed_at is null), '[]'::json) as alerts
      from fin
     ${order}`);
  type Raw = {
    sd_id: number;
    store_id: number;
    store_name: string;
    device_id: number;
    serial: string;
    customer_id: number;
    customer_name: string;
    customer_address: string | null;
    customer_phone: string | null;
    install_date: string | Date;
    capacity_grams: number;
    tare_grams: number;
    gross_grams: number | null;
    remaining: number | string | null;
    pct: number | string | null;
    litres: number | string | null;
    days_left: number | string | null;
    battery: number | null;
    signal: number | null;
    last_seen_at: Date | string | null;
    online: boolean;
    low_gas: boolean;
    low_battery: boolean;
    total: number | string;
    alerts: string[] | string;
  };
  const raw = rowsOfResult<Raw>(res);
  const items: ResidualRow[] = raw.map((r) => ({
    storeDeviceId: r.sd_id,
    storeId: r.store_id,
    storeName: r.store_name,
    deviceId: r.device_id,
    serial: r.serial,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerAddress: r.customer_address,
    customerPhone: r.customer_phone,
    installDate: typeof r.install_date === 'string' ? r.install_date.slice(0, 10) : r.install_date.toISOString().slice(0, 10),
    capacityGrams: r.capacity_grams,
    tareGrams: r.tare_grams,
    grossGrams: r.gross_grams,
    remainingGrams: num(r.remaining),
    percent: num(r.pct),
    usageLitresPerDay: num(r.litres),
    daysLeft: num(r.days_left),
    battery: r.battery,
    signal: r.signal,
    lastSeenAt: iso(r.last_seen_at),
    online: r.online,
    lowGas: r.low_gas,
    lowBattery: r.low_battery,
    alerts: typeof r.alerts === 'string' ? (JSON.parse(r.alerts) as string[]) : r.alerts,
  }));
  let total = raw.length ? Number(raw[0]!.total) : 0;
  if (!raw.length && q.page > 1) {
    // Past the last page: the total still has to be right.
    const again = await listResidualGas(db, ctx, { ...q, page: 1, pageSize: 1 });
    total = again.total;
  }
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** Home: the installed devices below LOW_GAS_PERCENT, lowest first. */
export async function listLowGas(db: Executor, ctx: Ctx, q: { limit: number; storeId?: number }): Promise<LowGas> {
  const out = await listResidualGas(db, ctx, {
    page: 1,
    pageSize: q.limit,
    storeId: q.storeId,
    lowGas: 'true',
    sort: 'percent',
    order: 'asc',
  });
  return { items: out.items, total: out.total };
}
