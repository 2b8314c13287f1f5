import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { daysBetween, normaliseCode, type ScanStats, type scanReadQuery, type scanStatsQuery } from '@gasops/shared';
import { dateRange, isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { listPage, selectMatching } from '../../platform/paging.js';
import { likePattern } from '../../platform/search.js';
import { groupScope, groupSettingsOf, storeFilter } from '../../platform/tenancy.js';
import { cylinders, scanBatches, scanReadDays, scanReaders, scanReads } from './cylinders.schema.js';

/** Longest period of the statistics: a year and a bit by day, a month by hour. */
const MAX_DAYS = { day: 400, hour: 31 } as const;

/**
 * Scan result statistics (ScanResultStatistics): per reader and interval (day or hour on the
 * group's clock), total tags read, success, failure, unprocessed, first read today, qualified.
 * By day it adds up the per-day rollup of the reads (scan_read_days, migration 0503: one row per
 * store, reader and group date, kept by triggers in the reads' transaction); by hour it counts the
 * reads on their time. Reader names are joined to the counted groups, not to every read.
 */
export async function scanStatistics(db: Executor, ctx: Ctx, q: z.output<typeof scanStatsQuery>): Promise<ScanStats> {
  if (q.to < q.from) throw invalidField('to', 'feedback.validation.dateOrder');
  if (daysBetween(q.from, q.to) >= MAX_DAYS[q.interval]) throw invalidField('to', 'cylinders.error.rangeTooLong');
  const { timeZone } = await groupSettingsOf(db, ctx, q.storeId);
  const counts = q.interval === 'day' ? dailyCounts(db, ctx, q) : hourlyCounts(db, ctx, q, timeZone);
  // Raw rows (not mapped field by field by Drizzle): the whole group's 30 days by day are about
  // 11,000 rows, whose mapping cost 36 ms a call in the benchmark (issue 12).
  const rows = rowsOfResult<ScanStats['items'][number]>(
    await db.execute(sql`select ${counts.readerId} as "readerId", ${scanReaders.name} as "readerName", ${counts.bucket} as bucket,
        ${counts.total} as total, ${counts.success} as success, ${counts.failure} as failure, ${counts.unprocessed} as unprocessed,
        ${counts.newToday} as "newToday", ${counts.qualified} as qualified
      from ${counts} left join ${scanReaders} on ${scanReaders.id} = ${counts.readerId}
      order by ${counts.bucket}, ${scanReaders.name}, ${counts.readerId} limit 20000`),
  );
  const totals = { total: 0, success: 0, failure: 0, unprocessed: 0, newToday: 0, qualified: 0 };
  for (const r of rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += Number(r[k]);
  return { interval: q.interval, items: rows, totals };
}

type StatsQuery = z.output<typeof scanStatsQuery>;

/**
 * The reads (or their daily rollup) a scan screen shows: the caller's group, the chosen store (or the
 * header's), the chosen reader. The statistics by day and by hour and the search filter alike.
 */
function readerScope(
  ctx: Ctx,
  reads: { groupId: AnyPgColumn; storeId: AnyPgColumn; readerId: AnyPgColumn },
  q: { storeId?: number; readerId?: number },
): (SQL | undefined)[] {
  return [
    groupScope(ctx, reads.groupId),
    storeFilter(ctx, reads.storeId, q.storeId),
    q.readerId ? eq(reads.readerId, q.readerId) : undefined,
  ];
}

/** The statistics' counts per reader and day, from the daily rollup. */
function dailyCounts(db: Executor, ctx: Ctx, q: StatsQuery) {
  const d = scanReadDays;
  return db
    .select({
      readerId: d.readerId,
      bucket: sql<string>`to_char(${d.readDate}, 'YYYY-MM-DD')`.as('bucket'),
      total: sql<number>`sum(${d.total})::int`.as('total'),
      success: sql<number>`sum(${d.success})::int`.as('success'),
      failure: sql<number>`sum(${d.failure})::int`.as('failure'),
      unprocessed: sql<number>`sum(${d.unprocessed})::int`.as('unprocessed'),
      newToday: sql<number>`sum(${d.newToday})::int`.as('new_today'),
      qualified: sql<number>`sum(${d.qualified})::int`.as('qualified'),
    })
    .from(d)
    .where(and(...readerScope(ctx, d, q), sql`${d.readDate} between ${q.from}::date and ${q.to}::date`))
    .groupBy(sql`1, 2`)
    .as('counts');
}

/** The statistics' counts per reader and hour of the group's clock, from the reads. */
function hourlyCounts(db: Executor, ctx: Ctx, q: StatsQuery, timeZone: string) {
  return (
    db
      .select({
        readerId: scanReads.readerId,
        bucket: sql<string>`to_char(${scanReads.readAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:00')`.as('bucket'),
        total: sql<number>`count(*)::int`.as('total'),
        success: sql<number>`count(*) filter (where ${scanReads.result} = 'success')::int`.as('success'),
        failure: sql<number>`count(*) filter (where ${scanReads.result} = 'failure')::int`.as('failure'),
        unprocessed: sql<number>`count(*) filter (where ${scanReads.result} = 'unprocessed')::int`.as('unprocessed'),
        newToday: sql<number>`count(*) filter (where ${scanReads.newToday})::int`.as('new_today'),
        qualified: sql<number>`count(*) filter (where ${scanReads.qualified})::int`.as('qualified'),
      })
      .from(scanReads)
      .where(and(...readerScope(ctx, scanReads, q), dateRange(scanReads.readAt, q.from, q.to, timeZone)))
      // By position: the time zone is a parameter, so the bucket written twice would be two expressions.
      .groupBy(sql`1, 2`)
      .as('counts')
  );
}

/** Scan result search (ScanResultSearch): reads by date, reader, result, movement and code; newest first. */
export async function listScanReads(db: Executor, ctx: Ctx, q: z.output<typeof scanReadQuery>) {
  const { timeZone } = await groupSettingsOf(db, ctx, q.storeId);
  const k = q.keyword ? normaliseCode(q.keyword) : '';
  const where = and(
    ...readerScope(ctx, scanReads, q),
    q.result ? eq(scanReads.result, q.result) : undefined,
    q.kind ? eq(scanReads.kind, q.kind) : undefined,
    dateRange(scanReads.readAt, q.from, q.to, timeZone),
    k ? sql`${scanReads.code} like ${likePattern(k)}` : undefined,
  );
  const rows = db
    .select({ r: scanReads, readerName: scanReaders.name, batchKey: scanBatches.batchKey, containerNo: cylinders.containerNo })
    .from(scanReads)
    .innerJoin(scanBatches, eq(scanBatches.id, scanReads.batchId))
    .leftJoin(scanReaders, eq(scanReaders.id, scanReads.readerId))
    .leftJoin(cylinders, eq(cylinders.id, scanReads.cylinderId))
    .where(where)
    .orderBy(desc(scanReads.readAt), desc(scanReads.id))
    .$dynamic();
  return listPage(db, q, rows, selectMatching(db, scanReads).where(where), ({ r, readerName, batchKey, containerNo }) => ({
    id: r.id,
    batchId: batchKey,
    readerId: r.readerId,
    readerName,
    storeId: r.storeId,
    readAt: isoNN(r.readAt),
    code: r.code,
    kind: r.kind,
    cylinderId: r.cylinderId,
    containerNo,
    result: r.result,
    reason: r.reason,
    pendingId: r.pendingId,
    newToday: r.newToday,
    qualified: r.qualified,
  }));
}
