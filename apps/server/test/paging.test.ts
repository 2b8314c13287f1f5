import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/modules/customers/customers.schema.js';
import { orders } from '../src/modules/orders/orders.schema.js';
import { prepared, rowsOfResult } from '../src/platform/db.js';
import { LIST_COUNT_CAP } from '../src/platform/paging.js';
import { createTestApp, type Tenant, type TestApp } from './helpers.js';

/**
 * The total that rides along with a list's page (platform/paging.ts `rideAlongTotal`), through the
 * order list and the customer list: exact below the cap, "at least" past it, right under a filter,
 * and still answered for a page past the end (which has no row to carry it).
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
const BIG = LIST_COUNT_CAP + 5;

type Page = { items: { id: number }[]; total: number; totalIsLowerBound?: true; page: number; pageSize: number };

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Paging A');
  b = await t.tenant('Paging B');
  const order = (tenant: Tenant, store: 0 | 1, i: number) => ({
    groupId: tenant.groupId,
    storeId: tenant.storeIds[store],
    orderNo: `P${tenant.groupId}-${store}-${i}`,
    orderDate: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
    status: i % 200 === 0 ? ('cancelled' as const) : ('placed' as const),
    contactName: i % 150 === 7 ? 'Needle Lane' : 'Someone',
  });
  // Store 0 of A: BIG orders, 6 cancelled (i = 0, 200, … 1000), 7 for the keyword (i = 7, 157, … 907).
  await t.db.insert(orders).values(Array.from({ length: BIG }, (_, i) => order(a, 0, i)));
  // Store 1 of A: 3 orders, one cancelled. Group B: orders that A must never count.
  await t.db.insert(orders).values([0, 1, 2].map((i) => order(a, 1, i)));
  await t.db.insert(orders).values(Array.from({ length: 30 }, (_, i) => order(b, 0, i * 100))); // 15 cancelled
  const customer = (tenant: Tenant, i: number) => ({
    groupId: tenant.groupId,
    storeId: tenant.storeIds[0],
    type: i % 5 === 0 ? ('store' as const) : ('residential' as const),
    name: `Customer ${i}`,
  });
  await t.db.insert(customers).values(Array.from({ length: 25 }, (_, i) => customer(a, i)));
  await t.db.insert(customers).values(Array.from({ length: 40 }, (_, i) => customer(b, i)));
});
afterAll(async () => {
  await t.close();
});

async function page(tenant: Tenant, url: string): Promise<Page> {
  const res = await tenant.manager.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

describe('a list total riding along with its page', () => {
  it('answers an order list total under a filter on every page, a page past the end included', async () => {
    const s = a.storeIds[0];
    const cancelled = `/api/orders?storeId=${s}&status=cancelled&pageSize=4`;
    expect(await page(a, `${cancelled}&page=1`)).toMatchObject({ total: 6, page: 1 });
    expect((await page(a, `${cancelled}&page=1`)).items).toHaveLength(4);
    expect(await page(a, `${cancelled}&page=2`)).toMatchObject({ total: 6 });
    const past = await page(a, `${cancelled}&page=3`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(6);
    expect(past.totalIsLowerBound).toBeUndefined();
    // A full last page: its total comes from the count, not from the page's length.
    const full = await page(a, `/api/orders?storeId=${s}&status=cancelled&pageSize=6`);
    expect(full.items).toHaveLength(6);
    expect(full.total).toBe(6);
    expect(await page(a, `/api/orders?storeId=${s}&status=cancelled&pageSize=6&page=2`)).toMatchObject({ items: [], total: 6 });
    // A keyword (the count then joins the customer) and the whole group (both stores, not group B's).
    expect(await page(a, `/api/orders?keyword=${encodeURIComponent('needle')}&pageSize=5`)).toMatchObject({ total: 7 });
    expect(await page(a, `/api/orders?keyword=needle&pageSize=5&page=9`)).toMatchObject({ items: [], total: 7 });
    expect(await page(a, `/api/orders?status=cancelled&pageSize=5`)).toMatchObject({ total: 7 });
    expect(await page(b, `/api/orders?status=cancelled&pageSize=5`)).toMatchObject({ total: 15 });
  });

  it('keeps the capped count of an order list: "at least" the cap, exact near and past the end', async () => {
    const s = a.storeIds[0];
    const first = await page(a, `/api/orders?storeId=${s}&pageSize=20`);
    expect(first.items).toHaveLength(20);
    expect(first).toMatchObject({ total: LIST_COUNT_CAP, totalIsLowerBound: true });
    // The page ending at the cap: still a lower bound; the short last page: exact.
    expect(await page(a, `/api/orders?storeId=${s}&pageSize=20&page=50`)).toMatchObject({
      total: LIST_COUNT_CAP,
      totalIsLowerBound: true,
    });
    const last = await page(a, `/api/orders?storeId=${s}&pageSize=20&page=51`);
    expect(last.items).toHaveLength(BIG - 1000);
    expect(last.total).toBe(BIG);
    expect(last.totalIsLowerBound).toBeUndefined();
    // Past the end and past the cap: counted apart, exactly (the count reaches the requested page).
    const past = await page(a, `/api/orders?storeId=${s}&pageSize=20&page=60`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(BIG);
    expect(past.totalIsLowerBound).toBeUndefined();
    // The other store: a short first page.
    expect(await page(a, `/api/orders?storeId=${a.storeIds[1]}`)).toMatchObject({ total: 3 });
  });

  it('answers the customer list total (no keyword) with a filter and past the end', async () => {
    const list = `/api/customers?storeId=${a.storeIds[0]}&pageSize=10`;
    expect(await page(a, `${list}&page=1`)).toMatchObject({ total: 25 });
    expect((await page(a, `${list}&page=3`)).items).toHaveLength(5);
    expect(await page(a, `${list}&page=4`)).toMatchObject({ items: [], total: 25 });
    expect(await page(a, `/api/customers?type=store&pageSize=5`)).toMatchObject({ total: 5 });
    expect(await page(a, `/api/customers?type=store&pageSize=5&page=2`)).toMatchObject({ items: [], total: 5 });
    expect(await page(a, `/api/customers?storeId=${a.storeIds[1]}`)).toMatchObject({ items: [], total: 0 });
    expect(await page(b, `/api/customers?pageSize=10`)).toMatchObject({ total: 40 });
  });

  // PostgreSQL only: PGlite has no pool to name statements on.
  it.skipIf(!process.env.DATABASE_URL)('sends statements run under `prepared` as named prepared statements', async () => {
    const marker = `select 41 + ${Date.now() % 1000}::int as x`;
    const run = () => prepared(() => t.db.execute(sql.raw(marker)));
    await run();
    await run();
    // One at a time, the pool hands out its most recently released connection: the one that prepared it.
    const rows = rowsOfResult<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from pg_prepared_statements where statement = ${marker} and name like 'gasops_%'`),
    );
    expect(rows[0]?.n).toBe(1);
    // Outside `prepared`, statements stay unnamed.
    await t.db.execute(sql.raw(`${marker} -- unnamed`));
    const unnamed = rowsOfResult<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like '%-- unnamed'`),
    );
    expect(unnamed[0]?.n).toBe(0);
  });
});
