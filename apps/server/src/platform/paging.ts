import { count, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './db.js';

/** The page a list request asks for (`pageQuery` from shared validates it). */
export type PageRequest = { page: number; pageSize: number };

/** LIMIT/OFFSET of a paged list. */
export function pageOf(q: PageRequest): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}

/** `count(*)` as a JS number, for the few lists whose total is always small. */
export const countAll = sql<number>`count(*)::int`;

/**
 * Lists count at most this many matching rows per request (beyond it the total is a lower bound,
 * shown as "at least 1,000"; paging further still works). Counting a store's 10,000 orders on
 * every page turn cost 10–60 ms of database time; 1,000 index entries cost about 1 ms.
 */
export const LIST_COUNT_CAP = 1_000;

/** The total of a paged list: exact, or a lower bound (`totalIsLowerBound: true`) past the cap. */
export type CappedTotal = { total: number; totalIsLowerBound?: true };

/**
 * The total of a paged list without counting millions of rows on every request: a short last page
 * tells the total by itself; otherwise the matching rows are counted up to `cap` (or the end of the
 * requested page, if further) over a LIMIT-ed subquery. `matching` is the list's
 * `select … from … where …` without order, limit and offset.
 */
export async function cappedTotal(
  db: Executor,
  matching: PgSelect,
  q: PageRequest,
  itemCount: number,
  cap = LIST_COUNT_CAP,
): Promise<CappedTotal> {
  const { offset } = pageOf(q);
  if (itemCount > 0 && itemCount < q.pageSize) return { total: offset + itemCount };
  if (itemCount === 0 && offset === 0) return { total: 0 };
  const limit = Math.max(cap, offset + q.pageSize);
  const [row] = await countUpTo(db, matching, limit + 1);
  const n = Number(row?.n ?? 0);
  return n > limit ? { total: limit, totalIsLowerBound: true } : { total: n };
}

/** A page of a list as the API answers it (`paged(item)` in shared). */
export type Page<T> = { items: T[]; page: number; pageSize: number };

/** The rows a select answers. */
type RowOf<S extends PgSelect> = Awaited<S>[number];

/**
 * `select 1 from table` as a dynamic select: the start of a list's `matching` (add the joins its
 * where needs, then the where).
 */
export function selectMatching(db: Executor, table: PgTable) {
  return db
    .select({ one: sql`1` })
    .from(table)
    .$dynamic();
}

/**
 * A page of a large list and its capped total: `rows` (the list's select with its where and order,
 * `$dynamic()`) on the requested page, then `cappedTotal` over `matching` (see there). `toItem` makes
 * a row an answer's item.
 */
export async function listPage<S extends PgSelect, T = RowOf<S>>(
  db: Executor,
  q: PageRequest,
  rows: S,
  matching: PgSelect,
  toItem: (row: RowOf<S>) => T = (row) => row as T,
): Promise<Page<T> & CappedTotal> {
  const { limit, offset } = pageOf(q);
  const found: RowOf<S>[] = await rows.limit(limit).offset(offset);
  const total = await cappedTotal(db, matching, q, found.length);
  return { items: found.map(toItem), ...total, page: q.page, pageSize: q.pageSize };
}

/**
 * A page of a small list and its exact total, the two selects at once: `rows` as for `listPage`;
 * `counted`, the list's `select({ total: countAll, … })` with the same where (one row). Further
 * aggregates of that row (a sum of the matches) come back beside the page.
 */
export async function countedPage<S extends PgSelect, C extends { total: number }, T = RowOf<S>>(
  q: PageRequest,
  rows: S,
  counted: PromiseLike<C[]>,
  toItem: (row: RowOf<S>) => T = (row) => row as T,
): Promise<Page<T> & C> {
  const { limit, offset } = pageOf(q);
  const [found, [counts]]: [RowOf<S>[], C[]] = await Promise.all([rows.limit(limit).offset(offset), counted]);
  // An aggregate without GROUP BY always answers one row.
  return { items: found.map(toItem), ...counts!, page: q.page, pageSize: q.pageSize };
}

/** The key of the ride-along total in a page's rows (see `rideAlongTotal`). */
export const RIDE_ALONG_TOTAL = 'rideAlongTotal';

/**
 * The capped total of a paged list as a column of its page query, so the page and its total take
 * one round trip: an uncorrelated scalar subquery, which PostgreSQL runs once per statement (an
 * InitPlan), counting `matching` up to `cap` (or the end of the requested page, if further) like
 * `cappedTotal`. Not `count(*) over ()`: a window counts every match before the LIMIT (millions in a
 * large group) or needs the matches' rows fetched up to the cap. Select it under `RIDE_ALONG_TOTAL`
 * and split the rows with `splitRideAlongTotal`. `matching` as for `cappedTotal`.
 */
export function rideAlongTotal(matching: PgSelect, q: PageRequest, cap = LIST_COUNT_CAP): SQL<number> {
  return rideAlongTotalUpTo(matching, rideAlongLimit(q, cap));
}

/**
 * The value of `rideAlongTotalUpTo`'s placeholder for a request: the count's LIMIT, one past what is
 * counted (`cap`, or the end of the requested page if further), as `rideAlongTotal` counts.
 */
export function rideAlongLimit(q: PageRequest, cap = LIST_COUNT_CAP): number {
  return Math.max(cap, pageOf(q).offset + q.pageSize) + 1;
}

/**
 * `rideAlongTotal` with the count's LIMIT given (`rideAlongLimit`'s value, or its placeholder in a statement built
 * once per filter shape, platform/statements.ts).
 */
export function rideAlongTotalUpTo(matching: PgSelect, limit: number | Placeholder): SQL<number> {
  return sql<number>`(select count(*)::int from ${matching.limit(limit)} as capped)`.mapWith(Number);
}

/** `select count(*) from (matching limit $limit)`: `cappedTotal`'s count, `limit` a number or a placeholder. */
export function countUpTo(db: Executor, matching: PgSelect, limit: number | Placeholder) {
  return db.select({ n: count() }).from(matching.limit(limit).as('capped'));
}

/**
 * A page's items and total from rows that carry `rideAlongTotal` under `RIDE_ALONG_TOTAL`. A page
 * past the end has no row to carry the total: then (only then) the matches are counted apart.
 */
export function splitRideAlongTotal<R extends Record<typeof RIDE_ALONG_TOTAL, number>>(
  db: Executor,
  rows: R[],
  matching: PgSelect,
  q: PageRequest,
  cap = LIST_COUNT_CAP,
): Promise<{ items: Omit<R, typeof RIDE_ALONG_TOTAL>[] } & CappedTotal> {
  return splitRideAlongTotalBy(rows, q, () => countUpTo(db, matching, rideAlongLimit(q, cap)), cap);
}

/**
 * `splitRideAlongTotal` with the count past the end given as `countMatching` (`countUpTo` run with the request's
 * `rideAlongLimit`, e.g. a statement built once per filter shape).
 */
export async function splitRideAlongTotalBy<R extends Record<typeof RIDE_ALONG_TOTAL, number>>(
  rows: R[],
  q: PageRequest,
  countMatching: () => PromiseLike<{ n: number }[]>,
  cap = LIST_COUNT_CAP,
): Promise<{ items: Omit<R, typeof RIDE_ALONG_TOTAL>[] } & CappedTotal> {
  const items = rows.map(({ [RIDE_ALONG_TOTAL]: _total, ...item }) => item);
  const { offset } = pageOf(q);
  const limit = rideAlongLimit(q, cap) - 1;
  const counted = rows[0]?.[RIDE_ALONG_TOTAL] ?? (offset === 0 ? 0 : Number((await countMatching())[0]?.n ?? 0));
  if (items.length > 0 && items.length < q.pageSize) return { items, total: offset + items.length };
  return counted > limit ? { items, total: limit, totalIsLowerBound: true } : { items, total: counted };
}
