import { bigint, date, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

// Column kinds of every table (ARCHITECTURE.md's hard rules): money in integer minor units,
// weights in integer grams, instants as timestamptz, calendar dates as 'YYYY-MM-DD' strings.

/** An instant (timestamptz), read as a Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A calendar date without time (billing date, transfer date), read as 'YYYY-MM-DD'. */
export const calendarDate = (name: string) => date(name, { mode: 'string' });
/** An amount of money in the group's currency's minor units. */
export const money = (name: string) => integer(name);
/** A sum of money that may pass 2^31 minor units. */
export const bigMoney = (name: string) => bigint(name, { mode: 'number' });
/** A weight in grams. */
export const grams = (name: string) => integer(name);

/** A timestamp as an API answer carries it (ISO 8601, UTC), or null. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
/** A timestamp that is never null, as ISO 8601 (UTC). */
export const isoNN = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/**
 * An instant as PostgreSQL writes a timestamptz in text ('2026-11-27 17:25:32.530123+00', the ISO DateStyle),
 * as ISO 8601 (UTC, milliseconds): the same string as `new Date(text).toISOString()`, the way Drizzle reads a
 * `timestampTz` column and `isoRow` answers it, without the Date (issue 16: a hot list's timestamps). In UTC
 * by string work (the fraction cut to milliseconds, as Date does); any other form through Date.
 */
export function isoOfText(text: string): string {
  if (text.length >= 22 && text.length <= 29 && text.endsWith('+00') && text[10] === ' ' && UTC_TEXT.test(text)) {
    const fraction = text.length === 22 ? '.000' : `${text.slice(19, Math.min(23, text.length - 3))}000`.slice(0, 4);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}${fraction}Z`;
  }
  return new Date(text).toISOString();
}
const UTC_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;
/** `isoOfText` of a nullable timestamp. */
export const isoOfTextOrNull = (text: string | null): string | null => (text == null ? null : isoOfText(text));

/** A row's type as an API answer carries it: its Date fields as ISO 8601 strings. */
export type IsoRow<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
/** A row as an API answer carries it: every Date field as ISO 8601 (UTC), the rest as it is. */
export function isoRow<T extends object>(row: T): IsoRow<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as IsoRow<T>;
}

/**
 * Date range filter on a timestamptz column (an instant: `at`, `createdAt`), with the dates read in a
 * time zone (the store group's, or the platform default; or an SQL expression, e.g. each row's group's
 * zone): `to` is inclusive (the whole day). For a `calendarDate` column use `dayRange`.
 */
export function dateRange(column: AnyPgColumn, from: string | undefined, to: string | undefined, timeZone: string | SQL): SQL | undefined {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}`);
  if (to) parts.push(sql`${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  if (!parts.length) return undefined;
  return sql.join(parts, sql` AND `);
}

/** A date bound: a 'YYYY-MM-DD' value, or the placeholder of one in a statement built once per filter shape (platform/statements.ts). */
type Bound = string | Placeholder | undefined;

/**
 * Date range filter on a `calendarDate` column (an order's, invoice's or document's day): `from` and
 * `to` both inclusive, no time zone involved (the day is stored as the group's day already); either
 * bound may be absent (undefined without both). For a timestamptz column use `dateRange`.
 */
export function dayRange(column: AnyPgColumn, from: Bound, to: Bound): SQL | undefined {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= ${from}::date`);
  if (to) parts.push(sql`${column} <= ${to}::date`);
  if (!parts.length) return undefined;
  return sql`(${sql.join(parts, sql` AND `)})`;
}
