import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../platform/context.js';
import { likePattern, type Executor } from '../../platform/db.js';
import { AppError, inUse, invalidField, notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { canTouchStore } from '../../platform/tenancy.js';

export type StoreRow = typeof stores.$inferSelect;

/**
 * Loads a store the caller may work in (404 otherwise). `field` names the request field, so a
 * store id of another tenant in a body answers "not found" without revealing it exists.
 */
export async function storeOf(db: Executor, ctx: Ctx, storeId: number): Promise<StoreRow> {
  if (!canTouchStore(ctx, storeId)) throw notFound();
  const [row] = await db.select().from(stores).where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/** A referenced row that must exist in the same group (e.g. a category): 400 on the field otherwise. */
export function sameGroup(groupId: number, row: { groupId: number } | undefined, field: string, key = 'feedback.validation.invalid') {
  if (!row || row.groupId !== groupId) throw invalidField(field, key);
}

export function ilikeAny(keyword: string | undefined, ...cols: AnyPgColumn[]): SQL | undefined {
  if (!keyword) return undefined;
  const p = likePattern(keyword);
  return sql`(${sql.join(
    cols.map((c) => sql`${c} ilike ${p}`),
    sql` or `,
  )})`;
}

export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/**
 * Lists count at most this many matching rows per request (beyond it the total is a lower bound,
 * shown as "more than 1,000"; paging further still works). Counting a store's 10,000 orders on
 * every page turn cost 10–60 ms of database time; 1,000 index entries cost about 1 ms.
 */
export const LIST_COUNT_CAP = 1_000;

/**
 * The total of a paged list without counting millions of rows on every request: a short last page
 * tells the total by itself; otherwise the matching rows are counted up to `cap` (or the end of the
 * requested page, if further) over a LIMIT-ed subquery. `totalIsLowerBound: true` (only present
 * then) means at least `total` rows match. `matching` is the list's `select … from … where …`
 * without order, limit and offset.
 */
export async function cappedTotal(
  db: Executor,
  matching: PgSelect,
  q: { page: number; pageSize: number },
  itemCount: number,
  cap = LIST_COUNT_CAP,
): Promise<{ total: number; totalIsLowerBound?: true }> {
  const offset = offsetOf(q);
  if (itemCount > 0 && itemCount < q.pageSize) return { total: offset + itemCount };
  if (itemCount === 0 && offset === 0) return { total: 0 };
  const limit = Math.max(cap, offset + q.pageSize);
  const [row] = await db.select({ n: count() }).from(matching.limit(limit + 1).as('capped'));
  const n = Number(row?.n ?? 0);
  return n > limit ? { total: limit, totalIsLowerBound: true } : { total: n };
}

/**
 * Runs a write and turns the database's unique / foreign-key refusals into 409 answers even when
 * the driver wraps them (drizzle wraps the pg error in `cause`).
 */
export async function dbRefusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    let e: unknown = err;
    for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
      const code = (e as { code?: unknown }).code;
      if (code === '23505') {
        const detail = String((e as { detail?: unknown }).detail ?? '');
        throw new AppError(409, 'feedback.error.duplicate', { field: /\(([^)]+)\)=/.exec(detail)?.[1] ?? '' });
      }
      if (code === '23503') throw inUse();
      e = (e as { cause?: unknown }).cause;
    }
    throw err;
  }
}
