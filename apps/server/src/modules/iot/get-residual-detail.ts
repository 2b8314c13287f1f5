import { and, eq, sql } from 'drizzle-orm';
import { averageDailyUsageGrams, residualSummary, type ReadingChart, type ResidualDetail } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { paramNumSql } from '../../platform/params.js';
import { storeScope } from '../../platform/tenancy.js';
import { storeDevices } from './iot.schema.js';
import { listResidualGas } from './list-residual-gas.js';

/**
 * An installation of the caller's stores, or 404. Installation ids are sequential, so the lookup
 * itself is scoped to the caller's stores: another store group's id is "not found".
 */
async function installationOf(db: Executor, ctx: Ctx, storeDeviceId: number) {
  const [sd] = await db
    .select()
    .from(storeDevices)
    .where(and(eq(storeDevices.id, storeDeviceId), storeScope(ctx, storeDevices.storeId)));
  if (!sd) throw notFound();
  return sd;
}

/** One installation with analytics computed from its raw readings (the same rules as the list). */
export async function getResidualDetail(db: Executor, ctx: Ctx, storeDeviceId: number): Promise<ResidualDetail> {
  const sd = await installationOf(db, ctx, storeDeviceId);
  const list = await listResidualGas(db, ctx, { page: 1, pageSize: 1, sort: 'serial', order: 'asc' }, storeDeviceId);
  const row = list.items[0];
  if (!row) throw notFound();
  // The store group's parameters in one round trip.
  const [p] = rowsOfResult<Record<'days' | 'density' | 'offline' | 'lowGas' | 'lowBattery', number | string>>(
    await db.execute(sql`
      select ${paramNumSql(sd.groupId, 'USAGE_AVERAGE_DAYS')} as days, ${paramNumSql(sd.groupId, 'LPG_DENSITY_KG_PER_L')} as density,
             ${paramNumSql(sd.groupId, 'DEVICE_OFFLINE_MINUTES')} as offline, ${paramNumSql(sd.groupId, 'LOW_GAS_PERCENT')} as "lowGas",
             ${paramNumSql(sd.groupId, 'LOW_BATTERY_PERCENT')} as "lowBattery"`),
  );
  const [days, density, offline, lowGas, lowBattery] = [
    Number(p!.days),
    Number(p!.density),
    Number(p!.offline),
    Number(p!.lowGas),
    Number(p!.lowBattery),
  ] as const;
  const now = Date.now();
  // Only this installation's readings (attributed at ingestion), so no bound at the install date is
  // needed (one read as UTC midnight dropped the first hours of a Taipei day).
  const since = new Date(now - days * 86_400_000);
  const readings = rowsOfResult<{ ts: Date | string; gross_grams: number }>(
    await db.execute(
      sql`select ts, gross_grams from device_readings
           where device_id = ${sd.deviceId} and store_device_id = ${sd.id} and ts >= ${since.toISOString()}::timestamptz order by ts`,
    ),
  ).map((r) => ({ ts: new Date(r.ts).getTime(), grossGrams: r.gross_grams }));
  // The window ends at the latest reading when a device clock runs slightly ahead of the server.
  const perDay = averageDailyUsageGrams(readings, Math.max(now, readings[readings.length - 1]?.ts ?? now), days);
  const summary = residualSummary({
    grossGrams: row.grossGrams ?? null,
    tareGrams: sd.tareGrams,
    capacityGrams: sd.capacityGrams,
    usageGramsPerDay: perDay,
    battery: row.battery ?? null,
    lastSeenMs: row.lastSeenAt ? Date.parse(row.lastSeenAt) : null,
    nowMs: now,
    densityKgPerL: density,
    offlineMinutes: offline,
    lowGasPercent: lowGas,
    lowBatteryPercent: lowBattery,
  });
  return {
    ...row,
    ...summary,
    usageGramsPerDay: perDay === null ? null : Math.round(perDay),
    averageDays: days,
    uninstallDate: sd.uninstallDate,
    thresholds: { lowGasPercent: lowGas, lowBatteryPercent: lowBattery, offlineMinutes: offline },
  };
}

/**
 * Weight over time for the detail chart; long ranges are averaged into at most ~500 buckets. Only
 * the installation's own readings (a range of the device's key filtered on the installation): an
 * uninstalled installation keeps its history and never shows the scale's later households.
 */
export async function getReadingChart(
  db: Executor,
  ctx: Ctx,
  storeDeviceId: number,
  q: { from?: string; to?: string },
): Promise<ReadingChart> {
  const sd = await installationOf(db, ctx, storeDeviceId);
  const to = q.to ? new Date(q.to) : new Date();
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - 7 * 86_400_000);
  const bucketSec = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000 / 500));
  const rows = rowsOfResult<{ t: Date | string; g: number | string; b: number | string | null; n: number | string }>(
    await db.execute(sql`
      select to_timestamp(floor(extract(epoch from ts) / ${bucketSec}) * ${bucketSec}) as t,
             round(avg(gross_grams)) as g, round(avg(battery)) as b, count(*) as n
        from device_readings
       where device_id = ${sd.deviceId} and store_device_id = ${sd.id}
         and ts >= ${from.toISOString()}::timestamptz and ts <= ${to.toISOString()}::timestamptz
       group by 1 order by 1`),
  );
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    bucketSeconds: bucketSec,
    tareGrams: sd.tareGrams,
    capacityGrams: sd.capacityGrams,
    points: rows.map((r) => ({
      ts: new Date(r.t).toISOString(),
      grossGrams: Number(r.g),
      battery: r.b === null ? null : Number(r.b),
      count: Number(r.n),
    })),
  };
}
