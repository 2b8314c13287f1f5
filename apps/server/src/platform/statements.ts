import { is } from 'drizzle-orm';
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
