import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { fullMenu, type MenuSetting } from '@gasops/shared';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/platform/auth.js';
import { bootstrapAdmin } from '../src/platform/bootstrap.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import { openDatabase, type Database, type Db } from '../src/platform/db.js';
import { actionLog, roles, storeGroups, stores, users, userStores } from '../src/platform/platform.schema.js';

export const ADMIN = { account: 'admin', password: 'Admin1234' };
export const PASSWORD = 'Passw0rd!';

/**
 * A fresh, isolated database for one test file, a copy of the run's migrated template (database-template.ts): an
 * in-memory PGlite by default, or, when DATABASE_URL is set, a new database on that server (dropped at close) so
 * files run in parallel.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const template = inject('databaseTemplate');
  if (!url) {
    if (!('pglite' in template)) throw new Error('the database template is not a PGlite one: was DATABASE_URL set after the set-up?');
    const loadDataDir = new Blob([fs.readFileSync(template.pglite)]);
    return { database: await openDatabase({ databaseUrl: null, dataDir: '', memory: true, loadDataDir }), drop: async () => undefined };
  }
  if (!('postgres' in template)) throw new Error('the database template is not a PostgreSQL one: was DATABASE_URL unset after the set-up?');
  const name = `gasops_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.postgres}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir: '' });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

type Res = Promise<LightMyRequestResponse>;
export type Caller = {
  token: string;
  get: (url: string, opts?: Partial<InjectOptions>) => Res;
  post: (url: string, body?: unknown, opts?: Partial<InjectOptions>) => Res;
  put: (url: string, body?: unknown, opts?: Partial<InjectOptions>) => Res;
  del: (url: string, body?: unknown, opts?: Partial<InjectOptions>) => Res;
};

export type Tenant = {
  groupId: number;
  storeIds: [number, number];
  /** A group-level manager with every non-platform screen. */
  manager: Caller;
  /** A store user limited to the first store with the given (or a small) menu. */
  staff: Caller;
  roleIds: { manager: number; staff: number };
  userIds: { manager: number; staff: number };
};

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  admin: Caller;
  anon: Omit<Caller, 'token'>;
  login: (account: string, password?: string) => Promise<Caller>;
  caller: (token: string) => Caller;
  /** Creates a store group with two stores, a manager and a staff user (direct inserts: fast). */
  tenant: (name: string, staffMenu?: MenuSetting) => Promise<Tenant>;
  /** The newest action-log row of an entity's row (what the audit test of a write checks). */
  lastAudit: (entity: string, entityId: number | string) => Promise<typeof actionLog.$inferSelect | undefined>;
  close: () => Promise<void>;
};

let seq = 0;

export async function createTestApp(
  overrides: Partial<Config> = {},
  /** Extra routes for a test (outside /api, so they need no permission declaration). */
  extraRoutes?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  // Migrated and parameters seeded in the template already.
  const { database, drop } = await freshDatabase();
  const config = loadConfig(
    {},
    {
      adminPassword: ADMIN.password,
      loginRateLimit: 1000,
      webDist: '/nonexistent-web-dist',
      mqttEnabled: false,
      demoData: false,
      ...overrides,
    },
  );
  await bootstrapAdmin(database.db, config);
  const app = await buildApp({ config, database });
  extraRoutes?.(app);
  await app.ready();

  const request = (token: string | null) => {
    const withAuth = (opts: Partial<InjectOptions>): Partial<InjectOptions> => ({
      ...opts,
      headers: { 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(opts.headers ?? {}) },
    });
    return {
      get: (url: string, opts: Partial<InjectOptions> = {}) => app.inject({ method: 'GET', url, ...withAuth(opts) } as InjectOptions),
      post: (url: string, body?: unknown, opts: Partial<InjectOptions> = {}) =>
        app.inject({ method: 'POST', url, payload: body as InjectOptions['payload'], ...withAuth(opts) } as InjectOptions),
      put: (url: string, body?: unknown, opts: Partial<InjectOptions> = {}) =>
        app.inject({ method: 'PUT', url, payload: body as InjectOptions['payload'], ...withAuth(opts) } as InjectOptions),
      del: (url: string, body?: unknown, opts: Partial<InjectOptions> = {}) =>
        app.inject({ method: 'DELETE', url, payload: body as InjectOptions['payload'], ...withAuth(opts) } as InjectOptions),
    };
  };
  const caller = (token: string): Caller => ({ token, ...request(token) });
  const login = async (account: string, password = PASSWORD): Promise<Caller> => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account, password } });
    if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.statusCode} ${res.body}`);
    return caller(res.json<{ token: string }>().token);
  };
  const passwordHash = await hashPassword(PASSWORD);

  const tenant = async (name: string, staffMenu: MenuSetting = { Home: ['view'], Customer: ['view'] }): Promise<Tenant> => {
    const n = ++seq;
    const db = database.db;
    const [group] = await db.insert(storeGroups).values({ name }).returning();
    const storeRows = await db
      .insert(stores)
      .values([
        { groupId: group!.id, name: `${name} store A`, latitude: 25.05, longitude: 121.52, customerGasPrice: 3600, storeGasPrice: 3400 },
        { groupId: group!.id, name: `${name} store B`, latitude: 25.01, longitude: 121.46, customerGasPrice: 3500, storeGasPrice: 3300 },
      ])
      .returning();
    const managerMenu = Object.fromEntries(
      Object.entries(fullMenu()).filter(([s]) => !['Group', 'Device', 'ParamsSetting', 'CylinderHandlingSite'].includes(s)),
    ) as MenuSetting;
    const [mRole] = await db.insert(roles).values({ groupId: group!.id, code: 'manager', name: 'Manager', menu: managerMenu }).returning();
    const [sRole] = await db.insert(roles).values({ groupId: group!.id, code: 'staff', name: 'Staff', menu: staffMenu }).returning();
    const [m] = await db
      .insert(users)
      .values({
        groupId: group!.id,
        account: `mgr${n}`,
        name: `Manager ${n}`,
        passwordHash,
        roleId: mRole!.id,
        allStores: true,
        defaultStoreId: storeRows[0]!.id,
      })
      .returning();
    const [s] = await db
      .insert(users)
      .values({
        groupId: group!.id,
        account: `staff${n}`,
        name: `Staff ${n}`,
        passwordHash,
        roleId: sRole!.id,
        defaultStoreId: storeRows[0]!.id,
      })
      .returning();
    await db.insert(userStores).values({ userId: s!.id, storeId: storeRows[0]!.id });
    return {
      groupId: group!.id,
      storeIds: [storeRows[0]!.id, storeRows[1]!.id],
      manager: await login(`mgr${n}`),
      staff: await login(`staff${n}`),
      roleIds: { manager: mRole!.id, staff: sRole!.id },
      userIds: { manager: m!.id, staff: s!.id },
    };
  };

  const lastAudit = async (entity: string, entityId: number | string) => {
    const [row] = await database.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.entity, entity), eq(actionLog.entityId, String(entityId))))
      .orderBy(desc(actionLog.id))
      .limit(1);
    return row;
  };

  return {
    app,
    db: database.db,
    database,
    config,
    admin: await login(ADMIN.account, ADMIN.password),
    anon: request(null),
    login,
    caller,
    tenant,
    lastAudit,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * The moment nearest to now (at most 12 hours away, so sessions stay valid) at 17:00 UTC: 01:00 the
 * next day in Taipei. Run a write there (vi.setSystemTime, faking Date only) to prove it dates things
 * by the group's calendar, not by UTC's.
 */
export function whenTaipeiIsAheadOfUtcDate(now = Date.now()): Date {
  const at = new Date(now);
  at.setUTCHours(17, 0, 0, 0);
  if (at.getTime() - now > 12 * 3600_000) at.setUTCDate(at.getUTCDate() - 1);
  else if (now - at.getTime() > 12 * 3600_000) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/** Polls until `check` holds (a notification travels asynchronously); fails after 3 s. */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 3000;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached within 3 s');
}
