import { count, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
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
  const [row] = await db.select({ n: count() }).from(matching.limit(limit + 1).as('capped'));
  const n = Number(row?.n ?? 0);
  return n > limit ? { total: limit, totalIsLowerBound: true } : { total: n };
}
