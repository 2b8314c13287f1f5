import { sql, type Placeholder, type SQL } from 'drizzle-orm';
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
  const pattern = keywordPattern(keyword);
  return pattern === undefined ? undefined : ilikeAny(pattern, columns);
}

/** The LIKE pattern `keywordFilter` matches (undefined without a keyword): the value of `ilikeAny`'s placeholder. */
export function keywordPattern(keyword: string | undefined): string | undefined {
  const k = keyword?.trim();
  return k ? likePattern(k) : undefined;
}

/**
 * Any of `columns` ILIKE `pattern` (`keywordPattern`'s), or its placeholder in a statement built once per filter
 * shape (platform/statements.ts).
 */
export function ilikeAny(pattern: string | Placeholder, columns: (AnyPgColumn | SQL)[]): SQL {
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
