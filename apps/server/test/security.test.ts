import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PUBLIC_ROUTES, isListedPublic } from '../src/platform/public-routes.js';
import { declarationProblem } from '../src/platform/guard.js';
import { seedDemo } from '../src/platform/demo.js';
import { MODULES } from '../src/modules/index.js';
import { apiRoutes as allApiRoutes, fillPath, requestFor, type OpenApi, type Route } from './api-samples.js';
import { ADMIN, createTestApp, type Tenant, type TestApp } from './helpers.js';

/**
 * Platform-wide guarantees, checked against every route any module registers:
 * every route declares a permission; anonymous callers get 401 outside the public list; no input
 * gives a 5xx; and a user of one store group can neither read nor change another group's data.
 */
let t: TestApp;
let tenantB: Tenant;
let groupA: number;
beforeAll(async () => {
  t = await createTestApp();
  // Group A is the full demo tenant of every module, created first so it owns the low ids (1, 2, 3…).
  const demo = await seedDemo(
    t.db,
    MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : [])),
  );
  groupA = demo!.groupId;
  tenantB = await t.tenant('Tenant B');
});
afterAll(async () => {
  await t.close();
});

const apiRoutes = (): Route[] => allApiRoutes(t.app);

/** Rows group A owns (by group, store, user or customer) and every row of tables with no owner column. */
async function snapshotA(): Promise<{ owned: Record<string, string[]>; shared: Record<string, string[]> }> {
  const skip = new Set(['action_log', 'login_history', 'menu_history', 'idempotency_keys', 'schema_migrations', 'system_settings']);
  const tables = (
    (await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as {
      rows: { table_name: string }[];
    }
  ).rows
    .map((r) => r.table_name)
    .filter((n) => !skip.has(n));
  const owned: Record<string, string[]> = {};
  const shared: Record<string, string[]> = {};
  for (const table of tables) {
    const cols = (
      (await t.db.execute(
        sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`,
      )) as unknown as {
        rows: { column_name: string }[];
      }
    ).rows.map((r) => r.column_name);
    const ident = sql.identifier(table);
    let where = null;
    if (table === 'store_groups') where = sql`id = ${groupA}`;
    else if (cols.includes('group_id')) where = sql`group_id = ${groupA}`;
    else if (cols.includes('store_id')) where = sql`store_id in (select id from stores where group_id = ${groupA})`;
    else if (cols.includes('user_id')) where = sql`user_id in (select id from users where group_id = ${groupA})`;
    else if (cols.includes('customer_id') && tables.includes('customers'))
      where = sql`customer_id in (select id from customers where group_id = ${groupA})`;
    const q = where
      ? sql`select row_to_json(x)::text as j from ${ident} x where ${where}`
      : sql`select row_to_json(x)::text as j from ${ident} x`;
    const rows = ((await t.db.execute(q)) as unknown as { rows: { j: string }[] }).rows.map((r) => r.j).sort();
    (where ? owned : shared)[table] = rows;
  }
  return { owned, shared };
}

/** Distinctive strings of group A (names, accounts, phones, addresses) that B must never see. */
async function markersOfA(): Promise<string[]> {
  const res = (await t.db.execute(sql`
    select name as v from stores where group_id = ${groupA}
    union select account from users where group_id = ${groupA}
    union select email from users where group_id = ${groupA} and email is not null
    union select name from store_groups where id = ${groupA}
    union select phone from stores where group_id = ${groupA} and phone is not null
  `)) as unknown as { rows: { v: string }[] };
  const extra: string[] = [];
  const hasCustomers = (
    (await t.db.execute(sql`select to_regclass('customers') is not null as ok`)) as unknown as { rows: { ok: boolean }[] }
  ).rows[0]?.ok;
  if (hasCustomers) {
    const c = (await t.db.execute(sql`select name as v from customers where group_id = ${groupA} limit 200`)) as unknown as {
      rows: { v: string }[];
    };
    extra.push(...c.rows.map((r) => r.v));
  }
  return [...res.rows.map((r) => r.v), ...extra].filter(
    (v) => typeof v === 'string' && v.length >= 4 && !['manager', 'staff', 'driver', 'inspector'].includes(v),
  );
}

describe('route declarations', () => {
  it('every registered /api route declares a permission or is on the public list', () => {
    const problems = t.app.routeRegistry.map((r) => declarationProblem(r.method, r.url, r.permission)).filter(Boolean);
    expect(problems).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(5);
  });

  it('the declaration check rejects an undeclared route and an unlisted public one', () => {
    expect(declarationProblem('GET', '/api/secret', undefined)).toMatch(/declares no permission/);
    expect(declarationProblem('POST', '/api/secret', 'public')).toMatch(/not in PUBLIC_ROUTES/);
    expect(declarationProblem('GET', '/api/health', 'public')).toBeNull();
    expect(PUBLIC_ROUTES).toContain('POST /api/auth/login');
  });
});

describe('anonymous callers', () => {
  it('get 401 on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes()) {
      if (isListedPublic(r.method, r.url)) continue;
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fillPath(r.url, 1),
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      if (res.statusCode !== 401) wrong.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('bad input', () => {
  it('never makes a route answer 5xx', async () => {
    const bad: string[] = [];
    const garbage: unknown[] = [undefined, {}, [], { id: 'abc', storeId: -1, page: 'x' }, { id: 99999999999 }, 'not json at all'];
    // Logging out ends the session of its token: it gets a session of its own, not the admin's.
    const throwaway = await t.login(ADMIN.account, ADMIN.password);
    for (const r of apiRoutes()) {
      const token = r.url === '/api/auth/logout' ? throwaway.token : t.admin.token;
      for (const id of ['abc', '-1', '99999999999', '0']) {
        for (const payload of r.method === 'GET' ? [undefined] : garbage) {
          const res = await t.app.inject({
            method: r.method as 'GET',
            url: `${fillPath(r.url, id)}?page=-1&pageSize=abc&id=${id}&storeId=${id}&from=notadate`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: typeof payload === 'string' ? payload : payload === undefined ? undefined : JSON.stringify(payload),
          });
          if (res.statusCode >= 500)
            bad.push(`${r.method} ${r.url} id=${id} body=${JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it("a manager of group B can neither read nor change group A's data through any route", async () => {
    const spec = t.app.swagger() as unknown as OpenApi;
    const markers = await markersOfA();
    expect(markers.length).toBeGreaterThan(3);
    const before = await snapshotA();
    const leaks: string[] = [];
    const errors: string[] = [];
    const selfRoutes = new Set(['POST /api/auth/logout', 'PUT /api/auth/password']);
    for (const r of apiRoutes()) {
      if (isListedPublic(r.method, r.url) || selfRoutes.has(`${r.method} ${r.url}`)) continue;
      for (const id of [1, 2, 3]) {
        const { url, body } = requestFor(spec, r, id);
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: { authorization: `Bearer ${tenantB.manager.token}`, 'accept-language': 'en-US' },
          payload: body as object | undefined,
        });
        if (res.statusCode >= 500) errors.push(`${r.method} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        const text = res.body;
        const found = markers.find((m) => text.includes(m));
        if (found) leaks.push(`${r.method} ${url} → ${res.statusCode} reveals "${found}"`);
      }
    }
    const after = await snapshotA();
    expect(leaks).toEqual([]);
    expect(errors).toEqual([]);
    for (const [table, rows] of Object.entries(before.owned)) expect({ table, rows: after.owned[table] }).toEqual({ table, rows });
    for (const [table, rows] of Object.entries(before.shared)) {
      const now = new Set(after.shared[table]);
      expect({ table, missingOrChanged: rows.filter((r) => !now.has(r)) }).toEqual({ table, missingOrChanged: [] });
    }
  });

  it('the probe itself can see group A data when allowed (so the isolation test can fail)', async () => {
    const markers = await markersOfA();
    const res = await t.admin.get('/api/auth/me');
    expect(res.statusCode).toBe(200);
    const stores = await t.admin.get('/api/store/UserDefaultStore');
    expect(markers.some((m) => stores.body.includes(m))).toBe(true);
  });
});
