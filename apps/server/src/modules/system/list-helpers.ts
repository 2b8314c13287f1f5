import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from '../../platform/db.js';

/** LIMIT/OFFSET of a paged list. */
export function pageOf(q: { page: number; pageSize: number }) {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}


/** Case-insensitive "contains keyword" over several columns (undefined without a keyword). */
export function keywordFilter(keyword: string | undefined, columns: (AnyPgColumn | SQL)[]): SQL | undefined {
  const k = keyword?.trim();
  if (!k) return undefined;
  const pattern = likePattern(k);
  const parts = columns.map((c) => sql`${c} ILIKE ${pattern}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * Date range filter on a timestamptz column, with the dates read in a time zone (the store group's,
 * or the platform default): `to` is inclusive (the whole day).
 */
export function dateRange(column: AnyPgColumn, from: string | undefined, to: string | undefined, timeZone: string): SQL | undefined {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}`);
  if (to) parts.push(sql`${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  if (!parts.length) return undefined;
  return sql.join(parts, sql` AND `);
}

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
export const isoNN = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export const countAll = sql<number>`count(*)::int`;
