import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { fixtures } from '../../../test/fixtures/reports.js';

/**
 * The header's store switcher (docs/CONVENTIONS.md "Store switcher"): the web sends the chosen store as
 * `X-Store-Scope`, and every list, report and the dashboard show that store unless the request names a
 * store itself; without the header ("all stores") they show every store of the user.
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
const DAY = '2026-02-10';
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Scope A');
  b = await t.tenant('Scope B');
  const f = fixtures(t.db, a);
  const c0 = await f.customer('In store A', 0, 'residential');
  const c1 = await f.customer('In store B', 1, 'residential');
  await f.order({ store: 0, date: DAY, customer: c0, customerType: 'residential', status: 'completed', total: 1_000 });
  await f.order({ store: 1, date: DAY, customer: c1, customerType: 'residential', status: 'completed', total: 3_000 });
  await f.order({ store: 1, date: DAY, customer: c1, customerType: 'residential', status: 'completed', total: 3_000 });
});
afterAll(async () => {
  await t.close();
});

const scoped = (storeId: number) => ({ headers: { 'x-store-scope': String(storeId) } });
const names = (res: { json: () => { items: { name: string }[] } }) =>
  res
    .json()
    .items.map((c) => c.name)
    .sort();

describe('store scope of the header’s switcher', () => {
  it('narrows a list to the chosen store; without it every store shows', async () => {
    expect(names(await a.manager.get('/api/customers'))).toEqual(['In store A', 'In store B']);
    expect(names(await a.manager.get('/api/customers', scoped(a.storeIds[0])))).toEqual(['In store A']);
    expect(names(await a.manager.get('/api/customers', scoped(a.storeIds[1])))).toEqual(['In store B']);
  });

  it('lets a screen’s own store filter win over the header', async () => {
    const res = await a.manager.get(`/api/customers?storeId=${a.storeIds[1]}`, scoped(a.storeIds[0]));
    expect(names(res)).toEqual(['In store B']);
  });

  it('ignores a store the user may not touch (another tenant’s, or outside a limited user’s stores)', async () => {
    expect(names(await a.manager.get('/api/customers', scoped(b.storeIds[0])))).toEqual(['In store A', 'In store B']);
    expect((await a.manager.get('/api/customers', { headers: { 'x-store-scope': 'all' } })).statusCode).toBe(200);
  });

  it('narrows the reports and the dashboard', async () => {
    const all = (await a.manager.get(`/api/reports/daily?date=${DAY}`)).json();
    const inA = (await a.manager.get(`/api/reports/daily?date=${DAY}`, scoped(a.storeIds[0]))).json();
    const inB = (await a.manager.get(`/api/reports/daily?date=${DAY}`, scoped(a.storeIds[1]))).json();
    expect(all.totals.orderCount).toBe(3);
    expect(inA.totals.orderCount).toBe(1);
    expect(inB.totals.orderCount).toBe(2);

    const dashAll = await a.manager.get('/api/dashboard');
    const dashA = await a.manager.get('/api/dashboard', scoped(a.storeIds[0]));
    expect(dashAll.statusCode).toBe(200);
    expect(dashA.statusCode).toBe(200);
    const explicit = await a.manager.get(`/api/dashboard?storeId=${a.storeIds[0]}`);
    // The header's store gives the same dashboard as naming the store.
    expect(dashA.json()).toEqual(explicit.json());
    expect(dashA.json()).not.toEqual(dashAll.json());
  });
});
