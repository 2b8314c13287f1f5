import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

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
  close(): Promise<void>;
};

export type DatabaseOptions = { databaseUrl: string | null; dataDir: string; memory?: boolean };

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
    await pool.query('select 1');
    return {
      kind: 'postgres',
      db: drizzlePg(pool) as unknown as Db,
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      applyMigration: async (name, script) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(script);
          await client.query('INSERT INTO schema_migrations(name) VALUES ($1)', [name]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
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
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.memory) client = new PGlite();
  else {
    const dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  return {
    kind: 'pglite',
    db: drizzlePglite(client) as unknown as Db,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    applyMigration: async (name, script) => {
      await client.transaction(async (tx) => {
        await tx.exec(script);
        await tx.query('INSERT INTO schema_migrations(name) VALUES ($1)', [name]);
      });
    },
    // PGlite is one connection in this process: nothing else can migrate concurrently.
    withMigrationLock: (fn) => fn(),
    close: () => client.close(),
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
