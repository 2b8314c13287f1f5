import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseCode, type CylinderPage, type cylinderListQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { RIDE_ALONG_TOTAL, cappedTotal, pageOf, rideAlongTotal, splitRideAlongTotal, type CappedTotal } from '../../platform/paging.js';
import { likePattern } from '../../platform/search.js';
import { groupScope, storeFilter } from '../../platform/tenancy.js';
import { cylinders } from './cylinders.schema.js';
import { selectCylinderRows, statusFilter, toCylinderRow, type CylinderJoined } from './cylinder-view.js';
import { inspectionDayOf, inspectionDaysOf, type InspectionDay } from './inspection-day.js';

type Query = z.output<typeof cylinderListQuery>;

/** A LIKE pattern for "starts with" (the keyword's own % and _ taken literally). */
const startsWith = (text: string) => likePattern(text).slice(1);

/**
 * The number search: a keyword of 1–2 characters matches the start of a container or label number;
 * 3 or more its start or its end (the whole number, its first or its last digits), each read from a
 * B-tree index (migration 0502: the end through the reversed number). Not "anywhere in the
 * number": with serial numbers that search cost seconds at 1,000,000 cylinders (issue 12).
 */
function numberFilter(keyword: string | undefined): SQL | undefined {
  const k = keyword ? normaliseCode(keyword) : '';
  if (!k) return undefined;
  const start = startsWith(k);
  const starts = sql`${cylinders.containerNo} like ${start} or ${cylinders.labelNo} like ${start}`;
  if (k.length < 3) return sql`(${starts})`;
  const end = startsWith([...k].reverse().join(''));
  return sql`(${starts} or reverse(${cylinders.containerNo}) like ${end} or reverse(${cylinders.labelNo}) like ${end})`;
}

/** Whether the keyword makes a number search of its start or end (3+ characters). */
const isNumberSearch = (keyword: string | undefined) => (keyword ? normaliseCode(keyword).length >= 3 : false);

/**
 * Up to this many matches, a number search sorts its matches (found through the number indexes)
 * instead of walking the registry in list order until it has met a page of them. PostgreSQL prefers
 * the walk when it expects matches spread evenly; but a number's matches are few (a whole number, its
 * last digits) or clustered (a prefix: cylinders numbered in a row were registered in a row), and
 * the walk then read most of 1,000,000 cylinders (about a second) to find them. Sorting 20,000
 * matches costs a few ms; beyond it the matches are dense enough for the walk.
 */
const SORT_MATCHES_UP_TO = 20_000;

/**
 * The list's order. `sortMatches`: the same order on expressions (`+ 0`) that no index provides, so
 * PostgreSQL sorts the matches instead of walking an index in that order (see SORT_MATCHES_UP_TO).
 */
function registryOrder(sort: Query['sort'], sortMatches: boolean): SQL[] {
  if (sort === 'deadline')
    return sortMatches
      ? [sql`(${cylinders.dueDate} + 0) asc nulls last`, sql`${cylinders.id} + 0 asc`]
      : [sql`${cylinders.dueDate} asc nulls last`, asc(cylinders.id)];
  return sortMatches ? [sql`${cylinders.id} + 0 desc`] : [desc(cylinders.id)];
}

/** The registry's search and filters as one condition (the list and the label sheet share it). */
export function registryFilter(ctx: Ctx, q: Omit<Query, 'page' | 'pageSize' | 'sort'>, day: InspectionDay): SQL | undefined {
  return and(
    isNull(cylinders.deletedAt),
    groupScope(ctx, cylinders.groupId),
    q.groupId != null ? eq(cylinders.groupId, q.groupId) : undefined,
    storeFilter(ctx, cylinders.storeId, q.storeId),
    numberFilter(q.keyword),
    q.locationKind ? eq(cylinders.locationKind, q.locationKind) : undefined,
    q.fill ? eq(cylinders.fill, q.fill) : undefined,
    q.status ? statusFilter(q.status, day) : undefined,
    q.material ? eq(cylinders.material, q.material) : undefined,
    q.sizeKg ? eq(cylinders.sizeKg, q.sizeKg) : undefined,
    q.containerSpec ? sql`${cylinders.containerSpec} ilike ${likePattern(q.containerSpec)}` : undefined,
    q.customerId ? eq(cylinders.customerId, q.customerId) : undefined,
    q.deadlineFrom ? sql`${cylinders.dueDate} >= ${q.deadlineFrom}::date` : undefined,
    q.deadlineTo ? sql`${cylinders.dueDate} <= ${q.deadlineTo}::date` : undefined,
  );
}

/**
 * The cylinder registry: store cylinders of the caller's stores, or (platform administrator,
 * SystemCylinderMaintenance) every group's, one group at a time with `groupId`. Search by number,
 * filters by place, fill, inspection status, size, specification, material, customer and deadline;
 * paged in SQL with a capped count.
 *
 * The page's ids are chosen first (an index walk, or a sort of the matches' ids alone), and only
 * that page's rows are joined to their names: sorting the 10,000 matches of a number prefix together
 * with their joins took 34 ms in a parallel plan, the ids alone 5 ms in one process (issue 12).
 */
export async function listCylinders(db: Executor, ctx: Ctx, q: Query): Promise<CylinderPage> {
  if (q.groupId != null && !ctx.user.isPlatformAdmin && q.groupId !== ctx.user.groupId) throw notFound();
  const groupId = q.groupId ?? ctx.user.groupId;
  const day = await inspectionDayOf(db, groupId);
  const where = registryFilter(ctx, q, day);
  const { limit, offset } = pageOf(q);
  const matching = db
    .select({ one: sql`1` })
    .from(cylinders)
    .$dynamic()
    .where(where);
  // A number search first counts its matches (from the number indexes, up to SORT_MATCHES_UP_TO);
  // that count is also the page's total. Otherwise the total (up to LIST_COUNT_CAP) rides along
  // with the page: one round trip.
  const searched = isNumberSearch(q.keyword) ? await cappedTotal(db, matching, q, q.pageSize, SORT_MATCHES_UP_TO) : null;
  const pageIds = db
    .select({ id: cylinders.id })
    .from(cylinders)
    .where(where)
    .orderBy(...registryOrder(q.sort, searched !== null && !searched.totalIsLowerBound))
    .limit(limit)
    .offset(offset);
  const inPage = inArray(cylinders.id, pageIds);
  const order = registryOrder(q.sort, false);
  let items: CylinderJoined[];
  let total: CappedTotal;
  if (searched) {
    items = await selectCylinderRows(db)
      .where(inPage)
      .orderBy(...order);
    total = searched;
  } else {
    // Not prepared (as the orders list is): a generic plan was no faster here (10 users: database
    // time per page p50 7.1 ms prepared, 5.7 ms planned each time).
    const rows = await selectCylinderRows(db, { [RIDE_ALONG_TOTAL]: rideAlongTotal(matching, q) })
      .where(inPage)
      .orderBy(...order);
    ({ items, ...total } = await splitRideAlongTotal(db, rows, matching, q));
  }
  // Across groups (platform administrator), each row's status is on its own group's day.
  const days =
    groupId === null
      ? await inspectionDaysOf(
          db,
          items.map((r) => r.c.groupId),
        )
      : null;
  return {
    items: items.map((r) => toCylinderRow(r, days?.get(r.c.groupId) ?? day)),
    ...total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
