import type { FastifyInstance } from 'fastify';
import type { Database, Db, Executor } from './db.js';

/** The channel migration 0260's triggers notify on any change to the small tables cached here (stores, categories). */
export const NAMES_CHANNEL = 'gasops_names_changed';

/** A cached row is used for at most this long, a backstop behind the notifications. */
export const ROWS_BY_ID_TTL_MS = 60_000;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What is cached for one database: while its listener is connected, the rows of each `RowsById` by id. */
type State = { listening: boolean; generation: number; tables: Map<RowsById<unknown>, Map<number, { row: unknown; at: number }>> };

const states = new WeakMap<Executor, State>();

/**
 * Rows of a small table (a store's name and prices, a category's name) by id, kept in the process so
 * that a hot list's statement need not join them (issue 16: the customer search's joins to stores and
 * categories were a third of its planning). The list reads its rows' ids, then asks `get` for the rows
 * of those ids: the cached ones, the rest read in one statement and kept.
 *
 * Correct with several server processes, like the user cache (auth-cache.ts): the database notifies
 * every process of any change to those tables (migration 0260's triggers, LISTEN/NOTIFY), and each
 * drops every cached row on a notification. Rows are cached only for a database whose listener is
 * connected (`installRowsById`), never for a transaction's handle; in the process that wrote, every
 * successful write request drops them too before its answer goes out, so the writer's next request
 * never sees an old name. A read that began before a drop does not keep its (possibly old) rows.
 */
export class RowsById<R> {
  constructor(private readonly load: (db: Executor, ids: number[]) => Promise<(R & { id: number })[]>) {}

  /** The rows of `ids` (absent: no such row), by id. */
  async get(db: Executor, ids: Iterable<number>, now = Date.now()): Promise<Map<number, R>> {
    const out = new Map<number, R>();
    const state = states.get(db);
    const cached = state?.listening ? state.tables.get(this as RowsById<unknown>) : undefined;
    const missing: number[] = [];
    for (const id of ids) {
      if (out.has(id)) continue;
      const hit = cached?.get(id);
      if (hit && now - hit.at < ROWS_BY_ID_TTL_MS) out.set(id, hit.row as R);
      else if (!missing.includes(id)) missing.push(id);
    }
    if (!missing.length) return out;
    const generation = state?.generation;
    const rows = await this.load(db, missing);
    const keep = state?.listening && generation === state.generation ? state : undefined;
    let table = keep?.tables.get(this as RowsById<unknown>);
    if (keep && !table) keep.tables.set(this as RowsById<unknown>, (table = new Map()));
    for (const row of rows) {
      out.set(row.id, row);
      table?.set(row.id, { row, at: now });
    }
    return out;
  }
}

/** Forgets every cached row of `db` (a change was made here or notified from another process). */
export function clearRowsById(db: Db): void {
  const state = states.get(db);
  if (!state) return;
  state.generation++;
  state.tables.clear();
}

/**
 * Caches `RowsById` rows for `db` without a change listener: only for a database nobody writes while it
 * is in use (bench/business.ts reads the statements a warm server sends).
 */
export function keepRowsById(db: Db): void {
  states.set(db, { listening: true, generation: 0, tables: new Map() });
}

/**
 * Caches `RowsById` rows for the app's database while its change listener is connected, and drops
 * them on every notification and after every successful write request of this process.
 */
export async function installRowsById(app: FastifyInstance, database: Database): Promise<void> {
  const state: State = { listening: false, generation: 0, tables: new Map() };
  states.set(database.db, state);
  const stop = await database.listen(
    NAMES_CHANNEL,
    () => clearRowsById(database.db),
    (connected) => {
      state.listening = connected;
      clearRowsById(database.db);
    },
  );
  app.addHook('onClose', async () => stop());
  app.addHook('onSend', async (req, _reply, payload) => {
    if (WRITE_METHODS.has(req.method)) clearRowsById(database.db);
    return payload;
  });
}
