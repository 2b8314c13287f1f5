import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, eventually, type Tenant, type TestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import type { Db } from '../../platform/db.js';
import { stores } from '../../platform/platform.schema.js';
import { clearRowsById, keepRowsById, RowsById } from '../../platform/rows-by-id.js';

// The customer list reads its rows' store (name, gas prices) and category (name) from the process's
// memory (platform/rows-by-id.ts) instead of joining them: every change to stores or categories — made
// through this process, another process or straight in the database — reaches the next lists.

let t: TestApp;
let a: Tenant;
/** A second app process on the same database, with its own listener. */
let other: FastifyInstance;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Names A');
  other = await buildApp({ config: t.config, database: { ...t.database, close: async () => undefined } });
  categoryId = (await a.manager.post('/api/categories', { kind: 'customer', name: '舊分類' })).json().id;
  const customer = { storeId: a.storeIds[0], type: 'residential', name: '名字測試', phone: '0933-111-222', categoryId };
  expect((await a.manager.post('/api/customers', customer)).statusCode).toBe(201);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Item = { phone: string; storeName: string; categoryName: string | null; effectiveGasPrice: number };
/** The test customer as the list (no keyword) and the search (a keyword) answer it, in `app`. */
async function listed(app: FastifyInstance = t.app): Promise<Item[]> {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${a.manager.token}` } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: Item[] }).items.find((c) => c.phone === '0933-111-222')!;
  };
  return [await get(`/api/customers?storeId=${a.storeIds[0]}`), await get(`/api/customers?keyword=${encodeURIComponent('0933-111')}`)];
}

describe('store and category names of the customer list', () => {
  it('answers the store, its price and the category as joined, and keeps them between requests', async () => {
    const [store] = await t.db.select().from(stores).where(eq(stores.id, a.storeIds[0]));
    for (const item of await listed())
      expect(item).toMatchObject({ storeName: store!.name, categoryName: '舊分類', effectiveGasPrice: store!.customerGasPrice });
    // Renamed with the notification trigger off: the kept name is still answered (the cache is used).
    await t.db.execute(sql`alter table stores disable trigger stores_names_changed`);
    try {
      await t.db.update(stores).set({ name: 'hidden rename' }).where(eq(stores.id, a.storeIds[0]));
      for (const item of await listed()) expect(item.storeName).toBe(store!.name);
    } finally {
      await t.db.update(stores).set({ name: store!.name }).where(eq(stores.id, a.storeIds[0]));
      await t.db.execute(sql`alter table stores enable trigger stores_names_changed`);
    }
  });

  it('answers every field as the customer detail does (joined there), with and without a keyword', async () => {
    const storeCustomer = { storeId: a.storeIds[1], type: 'store', name: '名字測試', phone: '0933-111-999', gasPrice: null };
    expect((await a.manager.post('/api/customers', storeCustomer)).statusCode).toBe(201);
    for (const url of [`/api/customers?keyword=${encodeURIComponent('名字測試')}`, '/api/customers?pageSize=100']) {
      const items = (await a.manager.get(url)).json().items as { id: number; name: string }[];
      const ours = items.filter((c) => c.name === '名字測試');
      expect(ours).toHaveLength(2);
      for (const item of ours) expect(item).toStrictEqual((await a.manager.get(`/api/customers/${item.id}`)).json());
    }
  });

  it("a category renamed through this process's API is in its very next list", async () => {
    await listed();
    const put = await a.manager.put(`/api/categories/${categoryId}`, { kind: 'customer', name: '新分類' });
    expect(put.statusCode).toBe(200);
    for (const item of await listed()) expect(item.categoryName).toBe('新分類');
  });

  it('a store changed straight in the database (as by another process) reaches every process', async () => {
    await listed();
    await listed(other);
    await t.db.update(stores).set({ name: '改名門市', customerGasPrice: 4321 }).where(eq(stores.id, a.storeIds[0]));
    for (const app of [t.app, other])
      await eventually(async () => (await listed(app)).every((item) => item.storeName === '改名門市' && item.effectiveGasPrice === 4321));
  });

  it('a category deleted from under a customer reads as none, as the join did', async () => {
    await listed();
    // As ON DELETE SET NULL would leave it, with the category gone from the cache's table.
    await t.db.execute(sql`update customers set category_id = null where category_id = ${categoryId}`);
    await t.db.execute(sql`delete from categories where id = ${categoryId}`);
    await eventually(async () => (await listed()).every((item) => item.categoryName === null));
  });
});

describe('RowsById', () => {
  const fakeDb = () => ({}) as Db;

  it('does not keep rows read while a change dropped the cache', async () => {
    const db = fakeDb();
    keepRowsById(db);
    const names = ['old'];
    let release: () => void = () => undefined;
    let loads = 0;
    const rows = new RowsById<{ name: string }>(async (_db, ids) => {
      loads++;
      const name = names[0]!;
      await new Promise<void>((r) => (release = r));
      return ids.map((id) => ({ id, name }));
    });
    const pending = rows.get(db, [1]);
    names[0] = 'new';
    clearRowsById(db);
    release();
    expect((await pending).get(1)?.name).toBe('old');
    const again = rows.get(db, [1]);
    release();
    expect((await again).get(1)?.name).toBe('new');
    expect(loads).toBe(2);
    expect((await rows.get(db, [1])).get(1)?.name).toBe('new');
    expect(loads).toBe(2);
  });

  it('keeps nothing for a database without a listener, and reads each id once', async () => {
    const db = fakeDb();
    const asked: number[][] = [];
    const rows = new RowsById<{ name: string }>(async (_db, ids) => (asked.push(ids), ids.map((id) => ({ id, name: `n${id}` }))));
    expect([...(await rows.get(db, [2, 3, 2])).keys()]).toEqual([2, 3]);
    await rows.get(db, [2]);
    expect(asked).toEqual([[2, 3], [2]]);
  });
});
