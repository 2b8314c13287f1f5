import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%keyword%` for LIKE/ILIKE, the keyword's wildcard characters (\\ % _) matched literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "contains the keyword" over several columns, for the lists of small tables
 * (undefined without a keyword). The customer search, over tables that grow large, has its own
 * indexed statement (customers/list-customers.ts).
 */
export function keywordFilter(keyword: string | undefined, columns: (AnyPgColumn | SQL)[]): SQL | undefined {
  const k = keyword?.trim();
  if (!k) return undefined;
  const pattern = likePattern(k);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ILIKE ${pattern}`),
    sql` OR `,
  )})`;
}

/**
 * A yes/no filter from a query flag (`z.enum(['true', 'false']).optional()`): `column = true` or
 * `column = false`, undefined without the flag. `column` may be an SQL expression of a boolean.
 */
export function flagFilter(column: AnyPgColumn | SQL, flag: 'true' | 'false' | undefined): SQL | undefined {
  return flag ? sql`${column} = ${flag === 'true'}` : undefined;
}
