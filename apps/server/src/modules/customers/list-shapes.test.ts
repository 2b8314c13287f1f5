import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { SEARCH_WINDOW, listCustomerShapes } from './list-customers.js';

/** The customer list and search built once per filter shape (platform/statements.ts): right answers in any order. */
let t: TestApp;
let a: Tenant;
let b: Tenant;
type Item = {
  id: number;
  storeId: number;
  type: string;
  categoryId: number | null;
  inArrears: boolean;
  name: string;
  phone: string | null;
  address: string | null;
};
type Query = Record<string, string | number>;
let all: Item[];

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Shape A', { Home: ['view'], Customer: ['view'] });
  b = await t.tenant('Shape B');
  const category = (await a.manager.post('/api/categories', { kind: 'customer', name: '餐廳' })).json().id;
  const names = ['陳家麵店', '王宅', '林記小吃', '陳大文', '黃宅', '王記 12'];
  for (let i = 0; i < 12; i++)
    expect(
      (
        await a.manager.post('/api/customers', {
          storeId: a.storeIds[i % 2],
          type: i % 3 === 0 ? 'store' : 'residential',
          name: names[i % names.length],
          phone: `0912-000-${String(100 + i)}`,
          address: `台北市民生東路 ${i} 號`,
          categoryId: i % 4 === 0 ? category : null,
          inArrears: i % 5 === 0,
        })
      ).statusCode,
    ).toBe(201);
  all = (await a.manager.get('/api/customers?pageSize=500')).json().items;
  expect(all).toHaveLength(12);
});
afterAll(async () => {
  await t.close();
});

const url = (q: Query) => `/api/customers?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;
const ids = (items: { id: number }[]) => items.map((x) => x.id);
/** What the list should answer, from the whole unfiltered list (newest customer first). */
function expected(q: Query, stores: number[]) {
  const k = typeof q.keyword === 'string' ? q.keyword.toLowerCase() : null;
  const matches = all.filter(
    (c) =>
      stores.includes(c.storeId) &&
      (q.storeId === undefined || c.storeId === q.storeId) &&
      (q.type === undefined || c.type === q.type) &&
      (q.categoryId === undefined || c.categoryId === q.categoryId) &&
      (q.inArrears === undefined || c.inArrears === (q.inArrears === 'true')) &&
      (k === null || [c.name, c.phone, c.address].some((v) => v?.toLowerCase().includes(k))),
  );
  const pageSize = Number(q.pageSize ?? 20);
  const offset = (Number(q.page ?? 1) - 1) * pageSize;
  return { ids: ids(matches.slice(offset, offset + pageSize)), total: matches.length };
}

describe('customer list statements, built once per filter shape', () => {
  it('answers every shape and its values right, in any order, for users of one store and several stores', async () => {
    const [s0, s1] = a.storeIds;
    const category = all.find((c) => c.categoryId !== null)!.categoryId!;
    const queries: Query[] = [
      {},
      { storeId: s0 },
      { storeId: s1, type: 'store' },
      { type: 'residential' },
      { categoryId: category },
      { inArrears: 'true' },
      { inArrears: 'false', storeId: s1 },
      { page: 2, pageSize: 5 },
      { page: 9, pageSize: 5 }, // past the end: counted apart
      { keyword: '王宅' }, // two characters: the search grams
      { keyword: '陳' },
      { keyword: '民生東路' }, // a LIKE
      { keyword: '0912-000-10', storeId: s0 },
      { keyword: '0912', type: 'store', page: 2, pageSize: 1 },
      { keyword: '王記 1', inArrears: 'false' },
      { keyword: '小吃', categoryId: category },
    ];
    const callers = [
      { name: 'manager', get: (q: Query) => a.manager.get(url(q)), stores: [s0, s1] },
      { name: 'staff (one store)', get: (q: Query) => a.staff.get(url(q)), stores: [s0] },
    ];
    const runs = callers.flatMap((c) => queries.filter((q) => c.name === 'manager' || q.storeId === undefined).map((q) => ({ c, q })));
    for (const sequence of [runs, [...runs].reverse(), [0, 1].flatMap((r) => runs.filter((_, i) => i % 2 === r))])
      for (const { c, q } of sequence) {
        const res = await c.get(q);
        expect(res.statusCode, `${c.name} ${url(q)}`).toBe(200);
        const page = res.json();
        expect({ ids: ids(page.items), total: page.total }, `${c.name} ${url(q)}`).toEqual(expected(q, c.stores));
      }
    expect(listCustomerShapes(t.db).length).toBeGreaterThan(10);
    // Another tenant: 404 for this store, none of these customers in its search.
    expect((await b.manager.get(url({ storeId: s0 }))).statusCode).toBe(404);
    expect((await b.manager.get(url({ keyword: '王宅' }))).json().items).toEqual([]);
  });

  it('searches past the window with the statement of the keyword’s kind, grams and LIKE one after the other', async () => {
    const c = await t.tenant('Shape C');
    // The oldest 30 customers of a store bigger than the search window hold the keyword: found through the indexes.
    await t.db.execute(sql`
      insert into customers (group_id, store_id, type, name, address, phone)
      select ${c.groupId}, ${c.storeIds[0]}, 'residential', case when j <= 30 then '民生 ' || j else 'Bulk ' || j end, 'Road ' || j, '07-' || j
        from generate_series(1, ${SEARCH_WINDOW + 100}) j`);
    const search = async (keyword: string, page = 1) =>
      (await c.manager.get(url({ keyword, page, pageSize: 10 }))).json() as { items: { name: string }[]; total: number };
    const check = async (keyword: string) => {
      const first = await search(keyword);
      expect(first.total, keyword).toBe(30);
      expect(first.items.map((x) => x.name)).toEqual(Array.from({ length: 10 }, (_, i) => `民生 ${30 - i}`));
      expect((await search(keyword, 3)).items.map((x) => x.name)).toEqual(Array.from({ length: 10 }, (_, i) => `民生 ${10 - i}`));
    };
    // 2 characters (search grams), then 3 or more (LIKE), then grams again, on one database handle.
    await check('民生');
    expect((await search('民生 1')).total).toBe(11); // 民生 1 and 10–19
    await check('民生');
    expect((await search('民生 2')).total).toBe(11); // 民生 2 and 20–29
  });
});
