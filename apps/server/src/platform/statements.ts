import { Column, is, SQL, Subquery } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './db.js';

/** The values of a statement's placeholders (`sql.placeholder(name)`), by name. */
export type StatementValues = Record<string, unknown>;

/** The name to give Drizzle's `.prepare(name)` here: the driver's unnamed statement (see `StatementCache`). */
export const UNNAMED = '';

/** At most this many shapes of one list per database handle (then the least recently used is rebuilt when needed). */
export const MAX_SHAPES = 64;

/**
 * Statements built once per filter shape. Drizzle builds a query's SQL text anew on every request
 * (12 % of the order list's server CPU in a profile); a list whose filters are present or not builds
 * it once per *shape* (which filters are present; a string key the list makes of them) with
 * `sql.placeholder(…)` for the values, `.prepare(UNNAMED)` it, and runs it with each request's values:
 * `cache.get(db, shape, () => db.select(…).where(eq(col, sql.placeholder('x'))).prepare(UNNAMED)).execute({ x })`.
 * The text is the one a query built with the values would send (the same parameters in the same
 * order), so PostgreSQL plans it the same. `UNNAMED` leaves the driver's naming as it was: a
 * statement run under db.ts `prepared` is a named one, planned generically; one run without it
 * (the keyword searches) is planned for its values each time.
 *
 * Kept per database handle (a prepared query belongs to its session) in a WeakMap, at most `max`
 * shapes each. A transaction's handle lives for one transaction: its statements are built each time.
 */
export class StatementCache<S> {
  private readonly byDb = new WeakMap<Executor, Map<string, S>>();

  constructor(private readonly max = MAX_SHAPES) {}

  get(db: Executor, shape: string, build: () => S): S {
    if (is(db, PgTransaction)) return build();
    let shapes = this.byDb.get(db);
    if (!shapes) this.byDb.set(db, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (statement === undefined) {
      statement = build();
      if (shapes.size >= this.max) shapes.delete(shapes.keys().next().value!);
    } else shapes.delete(shape);
    // The Map keeps insertion order: the most recently used shape last, the one to drop first.
    shapes.set(shape, statement);
    return statement;
  }

  /** The shapes kept for `db`, least recently used first (tests). */
  shapes(db: Executor): string[] {
    return [...(this.byDb.get(db)?.keys() ?? [])];
  }
}

/** A value's reading from the driver (Drizzle's `mapFromDriverValue` of a column, or of an `sql` field's `mapWith`). */
type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** What Drizzle keeps of a prepared select's fields (`PgPreparedQuery`'s `fields`, `customResultMapper`). */
type PreparedFields = {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/**
 * A prepared select of flat fields (`db.select({ a: t.a, b: sql… })`, no nested objects) whose rows are
 * read without Drizzle's per-row mapping (`mapResultRow`, 11 % of the customer search's server CPU in a
 * profile: for every field of every row it asks again what kind of field it is and walks its path). The
 * same values: each field's decoder, found once, on each non-null value, in the select's key order. Both
 * drivers run a prepared query with a `customResultMapper` on the rows as arrays. A nested select is left
 * as it is (its nulled joined objects are Drizzle's rules).
 */
export function flatRows<P>(prepared: P): P {
  const q = prepared as PreparedFields;
  const fields = q.fields;
  if (!fields || q.customResultMapper || fields.some((f) => f.path.length !== 1)) return prepared;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map(({ field }) => decoderOf(field));
  q.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        out[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return out;
    });
  return prepared;
}

/** The decoder Drizzle's `mapResultRow` picks for a field (an `sql` field's is internal to Drizzle's types). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const decoderOfSql = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}
