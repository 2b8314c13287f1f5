import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';

/** The Drizzle handle every service receives; the same type for PGlite and a PostgreSQL pool. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle (same query API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either a Db or a transaction: services accept this so callers can compose them in one transaction. */
export type Executor = Db | Tx;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a script of several statements (migrations, test set-up). */
  exec(sqlText: string): Promise<void>;
  /** Runs a migration script and records its name, all in one transaction. */
  applyMigration(name: string, script: string): Promise<void>;
  /** Runs fn holding a cluster-wide lock, so concurrent app instances migrate one at a time. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel: `onNotify` for each notification, `onConnected(true)` once listening and
   * `onConnected(false)` while the listening connection is lost (notifications may be missed then; it
   * reconnects by itself). Answers the function that stops listening.
   */
  listen(channel: string, onNotify: () => void, onConnected: (connected: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl: string | null;
  dataDir: string;
  memory?: boolean;
  /** PGlite in memory only: start from this data directory (`dumpDataDir`'s tarball) instead of an empty cluster. */
  loadDataDir?: Blob;
};

// BIGINT (count(*), sum of bigint) arrives as text from pg; integer sums of minor units fit in JS numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT off: it compiles any query whose estimate passes jit_above_cost, which for this app's
    // short queries over big tables costs far more than it saves (the residual gas list sorted by
    // days left: 1.3 s with JIT, 0.1 s without).
    // Idle connections stay open for 5 minutes (pg's default: 10 s): a burst after a quiet moment
    // otherwise opens new sessions, whose first statements also load PostgreSQL's catalog caches
    // (the slowest requests of a 50-user benchmark were all in its first 2 seconds).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20, idleTimeoutMillis: 300_000, options: '-c jit=off' });
    pool.on('error', () => {
      /* idle client errors are reported per query; keep the process alive */
    });
    namePreparedStatements(pool);
    await pool.query('select 1');
    return databaseOver('postgres', drizzlePg(pool), poolScripts(pool), {
      withMigrationLock: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(7243001)');
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
          client.release();
        }
      },
      listen: (channel, onNotify, onConnected) => listenWithClient(opts.databaseUrl!, channel, onNotify, onConnected),
      close: () => pool.end(),
    });
  }
  let client: PGlite;
  let unlock = () => {};
  if (opts.memory) client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  else {
    const dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    // One process at a time on the directory (platform/data-dir-lock.ts): a second one would corrupt it.
    unlock = await lockDataDir(path.join(opts.dataDir, 'pglite.lock'));
    client = new PGlite(dir);
  }
  try {
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  return databaseOver('pglite', drizzlePglite(client), client, {
    // PGlite is one connection in this process: nothing else can migrate concurrently.
    withMigrationLock: (fn) => fn(),
    // One database in this process: its notifications cannot be missed.
    listen: async (channel, onNotify, onConnected) => {
      const unlisten = await client.listen(channel, onNotify);
      onConnected(true);
      return async () => {
        onConnected(false);
        // Fastify closes in reverse order: the database may be closed already (nothing left to stop).
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  });
}

/** Statements on one connection: scripts of several statements, and one statement with parameters. */
type Statements = {
  exec(script: string): Promise<unknown>;
  query(text: string, params: unknown[]): Promise<unknown>;
};

/** What both drivers give for scripts: running one, and a transaction on one connection (a PGlite client as it is). */
type ScriptRunner = {
  exec(script: string): Promise<unknown>;
  transaction(fn: (tx: Statements) => Promise<void>): Promise<void>;
};

/** The Database over a driver: scripts and migrations through its `scripts`, the rest (`more`) as the driver does it. */
function databaseOver(
  kind: Database['kind'],
  db: unknown,
  scripts: ScriptRunner,
  more: Pick<Database, 'withMigrationLock' | 'listen' | 'close'>,
): Database {
  return {
    kind,
    db: db as Db,
    exec: async (sqlText) => {
      await scripts.exec(sqlText);
    },
    applyMigration: (name, script) =>
      scripts.transaction(async (tx) => {
        await tx.exec(script);
        await tx.query('INSERT INTO schema_migrations(name) VALUES ($1)', [name]);
      }),
    ...more,
  };
}

/** A pool's scripts: a transaction holds one connection from BEGIN to COMMIT (ROLLBACK on an error). */
function poolScripts(pool: pg.Pool): ScriptRunner {
  return {
    exec: (script) => pool.query(script),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await fn({ exec: (script) => client.query(script), query: (text, params) => client.query(text, params) });
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

const preparing = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with the statements it sends through the pool as named prepared statements (PostgreSQL:
 * parsed once per connection, then planned with a generic plan once that is no costlier than the
 * custom ones, after five runs). Only where measured to pay (bench/business.ts, "raw SQL
 * prepared"): a generic plan can be far worse than a custom one (the customer search: 80 % slower).
 * No effect on PGlite or in a transaction.
 */
export function prepared<T>(fn: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a Drizzle query runs when it is awaited, which must happen in the scope.
  return preparing.run(true, async () => await fn());
}

/** At most this many distinct prepared statements per process (then statements run unnamed). */
const MAX_PREPARED = 500;

/** Names the statements sent under `prepared` by their text (node-postgres prepares a name once per connection). */
function namePreparedStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    if (preparing.getStore() && config && typeof config === 'object' && !(config as pg.QueryConfig).name) {
      const text = (config as pg.QueryConfig).text;
      let name = names.get(text);
      if (name === undefined && names.size < MAX_PREPARED) names.set(text, (name = `gasops_${names.size + 1}`));
      if (name !== undefined) return query({ ...config, name }, ...rest);
    }
    return query(config, ...rest);
  }) as typeof pool.query;
}

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool): reconnects after a
 * lost connection (1 s, then up to 30 s apart), reporting the gap through `onConnected(false)`.
 */
async function listenWithClient(
  url: string,
  channel: string,
  onNotify: () => void,
  onConnected: (connected: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 1000;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify();
    });
    const lost = () => {
      if (client !== c) return;
      client = null;
      onConnected(false);
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), delay);
      delay = Math.min(30_000, delay * 2);
    };
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      delay = 1000;
      if (client === c) onConnected(true);
    } catch {
      // Not listening yet: the caller works without what it listens for until a retry connects.
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    onConnected(false);
    await c?.end().catch(() => undefined);
  };
}

/** The rows of a `db.execute(sql...)` result (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOfResult = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** An int[] value as node-postgres returns it (an array) or as text ('{1,2}'). */
export function parseIntArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v === 'string') {
    const inner = v.replace(/^\{|\}$/g, '');
    return inner ? inner.split(',').map(Number) : [];
  }
  return [];
}

/** Rows written by a `db.execute(sql...)` INSERT/UPDATE/DELETE (node-postgres: rowCount; PGlite: affectedRows). */
export function affectedRows(res: unknown): number {
  const r = res as { rowCount?: number | null; affectedRows?: number | null };
  return r.rowCount ?? r.affectedRows ?? 0;
}
