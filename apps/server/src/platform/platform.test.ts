import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { bootstrapAdmin } from './bootstrap.js';
import { loadConfig } from './config.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';
import { migrate } from './migrate.js';
import { getParamNumber } from './params.js';
import { actionLog, params, roles, stores, users } from './platform.schema.js';
import { TOKEN_HEADER } from './guard.js';
import { pgClientError } from './errors.js';
import { userStores } from './platform.schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('graceful close', () => {
  it('waits for a request still running before the database closes', async () => {
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const s = await createTestApp({}, (app) => {
      app.get('/slow-close-test', async () => {
        entered();
        await new Promise((r) => setTimeout(r, 200));
        const res = (await app.deps.db.execute(sql`select 41 + 1 as answer`)) as unknown as { rows: { answer: number }[] };
        return { answer: Number(res.rows[0]!.answer) };
      });
    });
    const pending = s.app.inject({ method: 'GET', url: '/slow-close-test' });
    await inHandler;
    await s.close();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ answer: 42 });
  });
});

describe('operator contract', () => {
  it('reads the documented environment variables with their defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: null,
      adminAccount: 'admin',
      adminPassword: null,
      demoData: true,
      mqttPort: 1883,
      mqttUrl: null,
      sessionHours: 24,
    });
    expect(c.dataDir.endsWith(`${path.sep}data`)).toBe(true);
    const d = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://a@b/c',
      ADMIN_ACCOUNT: 'root',
      ADMIN_PASSWORD: 'pw123456',
      DEMO_DATA: 'false',
      MQTT_URL: 'mqtt://h',
    });
    expect(d).toMatchObject({
      port: 8080,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://a@b/c',
      adminAccount: 'root',
      adminPassword: 'pw123456',
      demoData: false,
      mqttUrl: 'mqtt://h',
    });
    expect(c.mqttSubscribers).toBe(8);
    expect(loadConfig({ MQTT_SUBSCRIBERS: '3' }).mqttSubscribers).toBe(3);
    expect(loadConfig({ MQTT_SUBSCRIBERS: '0' }).mqttSubscribers).toBe(1);
    expect(loadConfig({ MQTT_SUBSCRIBERS: '500' }).mqttSubscribers).toBe(32);
  });

  it('creates the first administrator once, with a random password when none is given', async () => {
    // The test app already has its admin: nothing happens a second time.
    expect(await bootstrapAdmin(t.db, loadConfig({}, { adminPassword: 'other1234' }))).toBeNull();
    await t.db.update(users).set({ isPlatformAdmin: false }).where(eq(users.account, 'admin'));
    const made = await bootstrapAdmin(t.db, loadConfig({}, { adminAccount: 'boss', adminPassword: null }));
    expect(made?.account).toBe('boss');
    expect(made?.generatedPassword).toMatch(/^.{8,}$/);
    expect(made?.generatedPassword).toMatch(/\d/);
    await expect(t.login('boss', made!.generatedPassword!)).resolves.toBeTruthy();
    await t.db.update(users).set({ isPlatformAdmin: true }).where(eq(users.account, 'admin'));
  });

  it('loads a demo store group with 2–3 stores and a user of each role, only on an empty database', async () => {
    const demo = await seedDemo(t.db, []);
    expect(demo).not.toBeNull();
    const storeRows = await t.db.select().from(stores).where(eq(stores.groupId, demo!.groupId));
    expect(storeRows.length).toBeGreaterThanOrEqual(2);
    expect(storeRows.length).toBeLessThanOrEqual(3);
    const roleCodes = (await t.db.select().from(roles).where(eq(roles.groupId, demo!.groupId))).map((r) => r.code).sort();
    expect(roleCodes).toEqual(['driver', 'inspector', 'manager', 'staff']);
    for (const account of ['manager', 'staff', 'driver', 'inspector']) await expect(t.login(account, DEMO_PASSWORD)).resolves.toBeTruthy();
    expect(await seedDemo(t.db, [])).toBeNull();
  });

  it('applies migrations once and records them', async () => {
    expect(await migrate(t.database)).toEqual([]);
    const rows = (await t.db.execute(sql`select name from schema_migrations order by name`)) as unknown as { rows: { name: string }[] };
    expect(rows.rows[0]?.name).toBe('0001_platform.sql');
  });

  it('seeds every parameter default and lets a group override it', async () => {
    expect(await getParamNumber(t.db, null, 'LOW_GAS_PERCENT')).toBe(20);
    const tenant = await t.tenant('Param group');
    await t.db.insert(params).values({ groupId: tenant.groupId, code: 'LOW_GAS_PERCENT', name: 'x', type: 'number', value: '25' });
    expect(await getParamNumber(t.db, tenant.groupId, 'LOW_GAS_PERCENT')).toBe(25);
    expect(await getParamNumber(t.db, null, 'LOW_GAS_PERCENT')).toBe(20);
  });
});

describe('HTTP surface', () => {
  it('answers /api/health with the database kind', async () => {
    const res = await t.anon.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it.runIf(process.env.DATABASE_URL)('runs PostgreSQL sessions without JIT compilation', async () => {
    const res = (await t.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(res.rows[0]!.jit).toBe('off');
  });

  it('publishes the OpenAPI document and the interactive docs', async () => {
    const doc = await t.anon.get('/api/openapi.json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json().paths)).toContain('/api/auth/login');
    const ui = await t.anon.get('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API path with 404 {detail}', async () => {
    const res = await t.admin.get('/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Not found');
  });

  it('answers malformed JSON with 400 and a wrong content type with 415, never 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBeTruthy();
    const media = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(media.statusCode).toBe(415);
  });

  it('renews a session past half its lifetime (header and cookie), not before', async () => {
    const fresh = await t.admin.get('/api/auth/me');
    expect(fresh.headers[TOKEN_HEADER]).toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 13 * 3600 * 1000);
    const later = await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { auth: t.admin.token } });
    expect(later.statusCode).toBe(200);
    const renewed = later.headers[TOKEN_HEADER] as string;
    expect(renewed).toMatch(/^ey/);
    expect(later.cookies.find((c) => c.name === 'auth')?.value).toBe(renewed);
    vi.setSystemTime(Date.now() + 20 * 3600 * 1000);
    expect((await t.caller(t.admin.token).get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.caller(renewed).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('logs a write with who, screen, action, before and after; menu history is not an action', async () => {
    const before = (await t.db.select().from(actionLog)).length;
    const res = await t.admin.post('/api/system/menu-history', { screen: 'Home', path: '/manager/Home' });
    expect(res.statusCode).toBe(204);
    // Menu history is itself the record of that request: no action-log row.
    expect((await t.db.select().from(actionLog)).length).toBe(before);
    const tenant = await t.tenant('Audit group');
    const put = await tenant.manager.put('/api/store/UserDefaultStore', { storeId: tenant.storeIds[1] });
    expect(put.statusCode).toBe(200);
    const [row] = await t.db.select().from(actionLog).where(eq(actionLog.userId, tenant.userIds.manager));
    expect(row).toMatchObject({ entity: 'users', action: 'setDefaultStore', method: 'PUT', path: '/api/store/UserDefaultStore' });
    expect(row!.after).toEqual({ defaultStoreId: tenant.storeIds[1] });
  });
});

describe('database errors', () => {
  const caught = async (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e,
    );
  it('turns a unique violation raised through Drizzle (wrapped in cause) into 409 duplicate', async () => {
    const err = await caught(t.db.insert(users).values({ account: 'admin', name: 'x', passwordHash: 'x' }));
    expect(err).toBeTruthy();
    const mapped = pgClientError(err);
    expect(mapped?.status).toBe(409);
    expect(mapped?.key).toBe('feedback.error.duplicate');
  });
  it('turns a foreign-key violation into 409 in use, and leaves other errors alone', async () => {
    const err = await caught(t.db.insert(userStores).values({ userId: 999999, storeId: 999999 }));
    expect(pgClientError(err)?.key).toBe('feedback.error.inUse');
    expect(pgClientError(new Error('boom'))).toBeNull();
  });
});

describe('web app serving', () => {
  it('serves the built app and answers deep links with index.html', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>GasOps test shell</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const web = await createTestApp({ webDist: dist });
    try {
      for (const url of ['/', '/manager/Customer', '/mobile/gasRound', '/seekerLogin']) {
        const res = await web.anon.get(url);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('GasOps test shell');
      }
      expect((await web.anon.get('/assets/app.js')).body).toBe('console.log(1)');
      expect((await web.anon.get('/api/nope')).statusCode).toBe(404);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
