import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db.js';
import { migrate } from '../src/platform/migrate.js';
import { seedParamDefaults } from '../src/platform/params.js';

declare module 'vitest' {
  // An interface: Vitest's ProvidedContext is extended by declaration merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A migrated database each test file starts from (see helpers.ts): a PGlite tarball's path, or a PostgreSQL database's name. */
    databaseTemplate: { pglite: string } | { postgres: string };
  }
}

/**
 * Vitest global set-up of the server project: migrates one database (migrations and parameter defaults) for the
 * whole run, and each test file copies it, instead of every file creating and migrating its own. On PGlite a new
 * cluster costs 3–4 s of initdb on this machine, loading a migrated one about 1 s; on PostgreSQL a file's
 * database is `CREATE DATABASE … TEMPLATE` of it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  const name = `gasops_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  if (!url) {
    const database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
    await migrate(database);
    await seedParamDefaults(database.db);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const file = path.join(os.tmpdir(), `${name}.tar`);
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await database.close();
    project.provide('databaseTemplate', { pglite: file });
    return async () => fs.rmSync(file, { force: true });
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir: '' });
  await migrate(database);
  await seedParamDefaults(database.db);
  // No connection may stay on a template while databases are copied from it.
  await database.close();
  project.provide('databaseTemplate', { postgres: name });
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
