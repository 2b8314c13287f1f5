import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, eventually, type Tenant, type TestApp } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { roles, users } from './platform.schema.js';

// The per-request user cache (platform/auth-cache.ts): a signed-in user is reused between requests,
// yet every change to users, roles, stores or sessions — made here, in another process or straight in
// the database — reaches every process's next requests.

let t: TestApp;
let a: Tenant;
/** A second app process on the same database, with its own cache and listener. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Auth cache A');
  other = await buildApp({ config: t.config, database: shared() });
});
/** The test app's database for another app, which must not close it when it closes. */
const shared = () => ({ ...t.database, close: async () => undefined });
afterAll(async () => {
  await other.close();
  await t.close();
});

/** A new sign-in of the tenant's staff user (its own session). */
async function loginStaff() {
  const [u] = await t.db.select({ account: users.account }).from(users).where(eq(users.id, a.userIds.staff));
  return t.login(u!.account);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const customersOn = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/customers', headers: bearer(token) });

describe('per-request user cache', () => {
  it('serves a repeat request from the cache (a change hidden from the notifications is not seen)', async () => {
    const staff = await loginStaff();
    expect((await customersOn(t.app, staff.token)).statusCode).toBe(200);
    // Withdraw the screen with the notification trigger off: the cached user still has it.
    await t.db.execute(sql`alter table roles disable trigger roles_auth_changed`);
    try {
      await t.db
        .update(roles)
        .set({ menu: { Home: ['view'] } })
        .where(eq(roles.id, a.roleIds.staff));
      expect((await customersOn(t.app, staff.token)).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`alter table roles enable trigger roles_auth_changed`);
    }
    // Any notified change drops the cache: now the withdrawn screen is refused.
    await t.db.execute(sql`update stores set name = name where id = ${a.storeIds[0]}`);
    await eventually(async () => (await customersOn(t.app, staff.token)).statusCode === 403);
    await t.db
      .update(roles)
      .set({ menu: { Home: ['view'], Customer: ['view'] } })
      .where(eq(roles.id, a.roleIds.staff));
    await eventually(async () => (await customersOn(t.app, staff.token)).statusCode === 200);
  });

  it("a write through this process's API is seen by its very next request", async () => {
    const staff = await loginStaff();
    expect((await staff.get('/api/customers')).statusCode).toBe(200);
    const put = await a.manager.put(`/api/system/roles/${a.roleIds.staff}/permissions`, { menu: { Home: ['view'] } });
    expect(put.statusCode).toBe(200);
    expect((await staff.get('/api/customers')).statusCode).toBe(403);
    await t.db
      .update(roles)
      .set({ menu: { Home: ['view'], Customer: ['view'] } })
      .where(eq(roles.id, a.roleIds.staff));
    await eventually(async () => (await staff.get('/api/customers')).statusCode === 200);
    expect((await staff.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await staff.get('/api/customers')).statusCode).toBe(401);
  });

  it('a logout in one process ends the session in another process that had it cached', async () => {
    const staff = await loginStaff();
    expect((await customersOn(other, staff.token)).statusCode).toBe(200);
    expect((await customersOn(other, staff.token)).statusCode).toBe(200);
    expect((await staff.post('/api/auth/logout')).statusCode).toBe(200);
    await eventually(async () => (await customersOn(other, staff.token)).statusCode === 401);
  });

  it('a user disabled straight in the database is refused in every process', async () => {
    const staff = await loginStaff();
    expect((await customersOn(t.app, staff.token)).statusCode).toBe(200);
    expect((await customersOn(other, staff.token)).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.id, a.userIds.staff));
    try {
      await eventually(async () => (await customersOn(t.app, staff.token)).statusCode === 401);
      await eventually(async () => (await customersOn(other, staff.token)).statusCode === 401);
    } finally {
      await t.db.update(users).set({ active: true }).where(eq(users.id, a.userIds.staff));
    }
  });

  it('AUTH_CACHE_SECONDS=0 reads the user on every request', async () => {
    const uncached = await buildApp({ config: { ...t.config, authCacheSeconds: 0 }, database: shared() });
    try {
      const staff = await loginStaff();
      expect((await customersOn(uncached, staff.token)).statusCode).toBe(200);
      await t.db.execute(sql`alter table roles disable trigger roles_auth_changed`);
      try {
        await t.db
          .update(roles)
          .set({ menu: { Home: ['view'] } })
          .where(eq(roles.id, a.roleIds.staff));
        expect((await customersOn(uncached, staff.token)).statusCode).toBe(403);
      } finally {
        await t.db.execute(sql`alter table roles enable trigger roles_auth_changed`);
        await t.db
          .update(roles)
          .set({ menu: { Home: ['view'], Customer: ['view'] } })
          .where(eq(roles.id, a.roleIds.staff));
      }
    } finally {
      await uncached.close();
    }
  });
});
