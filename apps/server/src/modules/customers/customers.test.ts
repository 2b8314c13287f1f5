import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { dateIn } from '@gasops/shared';
import { createTestApp, whenTaipeiIsAheadOfUtcDate, type Tenant, type TestApp } from '../../../test/helpers.js';
import { actionLog } from '../../platform/platform.schema.js';
import { customers } from './customers.schema.js';
import { SEARCH_COUNT_CAP, SEARCH_WINDOW } from './list-customers.js';
import { cappedTotal } from '../../platform/paging.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  // staff of A: may only view customers (no create/edit/delete, no categories)
  a = await t.tenant('Cust A', { Home: ['view'], Customer: ['view'] });
  b = await t.tenant('Cust B');
});
afterAll(async () => {
  await t.close();
});

const customer = (storeId: number, extra: Record<string, unknown> = {}) => ({
  storeId,
  type: 'residential',
  name: '王小明',
  address: '台北市中山區民生東路一段 1 號',
  latitude: 25.05,
  longitude: 121.52,
  phone: '0912-345-678',
  ...extra,
});

describe('customers', () => {
  let id: number;
  let categoryId: number;

  it('creates a category and a customer with own price, audited', async () => {
    const cat = await a.manager.post('/api/categories', { kind: 'customer', name: '一般住家' });
    expect(cat.statusCode).toBe(201);
    categoryId = cat.json().id;
    expect(await t.lastAudit('categories', categoryId)).toMatchObject({ screen: 'Category', action: 'create', groupId: a.groupId });

    const res = await a.manager.post(
      '/api/customers',
      customer(a.storeIds[0], { categoryId, gasPrice: 3450, unifiedNumber: '04595257', remark1: '下午在家' }),
    );
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    expect(res.json()).toMatchObject({ groupId: a.groupId, gasPrice: 3450, unifiedNumber: '04595257' });
    expect(await t.lastAudit('customers', id)).toMatchObject({ screen: 'Customer', action: 'create', groupId: a.groupId });

    const got = (await a.manager.get(`/api/customers/${id}`)).json();
    expect(got).toMatchObject({ name: '王小明', categoryName: '一般住家', effectiveGasPrice: 3450, storeName: 'Cust A store A' });
  });

  it('lists with keyword, type and category filters, paged in SQL, with the effective price', async () => {
    await a.manager.post('/api/customers', customer(a.storeIds[0], { name: '阿財麵店', type: 'store', phone: '02-2521-1111' }));
    await a.manager.post('/api/customers', customer(a.storeIds[1], { name: '林美惠', phone: '0922-000-111' }));
    const all = (await a.manager.get('/api/customers?pageSize=2')).json();
    expect(all.total).toBe(3);
    expect(all.items).toHaveLength(2);
    const shop = (await a.manager.get('/api/customers?type=store')).json();
    expect(shop.items.map((c: { name: string }) => c.name)).toEqual(['阿財麵店']);
    // a store-type customer without own price pays the store gas price (3400 in store A)
    expect(shop.items[0].effectiveGasPrice).toBe(3400);
    const kw = (await a.manager.get(`/api/customers?keyword=${encodeURIComponent('0922')}`)).json();
    expect(kw.items.map((c: { name: string }) => c.name)).toEqual(['林美惠']);
    expect((await a.manager.get(`/api/customers?categoryId=${categoryId}`)).json().total).toBe(1);
    // the staff user works in store A only
    expect((await a.staff.get('/api/customers')).json().total).toBe(2);
  });

  it('rejects bad input with field messages', async () => {
    const res = await a.manager.post(
      '/api/customers',
      customer(a.storeIds[0], { name: ' ', unifiedNumber: '12345678', type: 'nope', gasPrice: -1 }),
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.name).toBe('This field is required');
    expect(errors.unifiedNumber).toBe('The unified business number is not valid');
    expect(errors.type).toBeTruthy();
    expect(errors.gasPrice).toBeTruthy();
    const zh = await a.manager.post('/api/customers', customer(a.storeIds[0], { unifiedNumber: '1234' }), {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(zh.json().errors.unifiedNumber).toBe('統一編號必須是 8 位數字');
    // a category of another group is refused on the field
    const otherCat = (await b.manager.post('/api/categories', { kind: 'customer', name: 'B cat' })).json();
    const cross = await a.manager.post('/api/customers', customer(a.storeIds[0], { categoryId: otherCat.id }));
    expect(cross.statusCode).toBe(400);
    expect(cross.json().errors.categoryId).toBeTruthy();
  });

  it('bounds the own gas price (issue 11): a price a 1 t order could not carry is refused, in the batch change too', async () => {
    const res = await a.manager.post('/api/customers', customer(a.storeIds[0], { gasPrice: 1_000_001 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.gasPrice).toBe('Must be at most 1000000');
    const batch = await a.manager.post('/api/customers/price-change', { customerIds: [1], gasPrice: 5_000_000 });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().errors.gasPrice).toBeTruthy();
    const top = await a.manager.post('/api/customers', customer(a.storeIds[0], { gasPrice: 1_000_000, name: '最高價' }));
    expect(top.statusCode).toBe(201);
    await a.manager.del(`/api/customers/${top.json().id}`);
  });

  it('denies writes without the permission (403)', async () => {
    expect((await a.staff.post('/api/customers', customer(a.storeIds[0]))).statusCode).toBe(403);
    expect((await a.staff.put(`/api/customers/${id}`, customer(a.storeIds[0]))).statusCode).toBe(403);
    expect((await a.staff.del(`/api/customers/${id}`)).statusCode).toBe(403);
    expect((await a.staff.get('/api/categories')).statusCode).toBe(403);
    expect((await a.staff.post('/api/customers/price-change', { customerIds: [id], gasPrice: 1 })).statusCode).toBe(403);
    expect((await t.anon.get('/api/customers')).statusCode).toBe(401);
  });

  it("answers another tenant's customer with 404", async () => {
    expect((await b.manager.get(`/api/customers/${id}`)).statusCode).toBe(404);
    expect((await b.manager.put(`/api/customers/${id}`, customer(b.storeIds[0]))).statusCode).toBe(404);
    expect((await b.manager.del(`/api/customers/${id}`)).statusCode).toBe(404);
    expect((await b.manager.get(`/api/customers/${id}/orders`)).statusCode).toBe(404);
    expect((await b.manager.post('/api/customers', customer(a.storeIds[0]))).statusCode).toBe(404);
    expect((await b.manager.get('/api/customers')).json().total).toBe(0);
  });

  it('edits a customer with before/after in the action log', async () => {
    const res = await a.manager.put(
      `/api/customers/${id}`,
      customer(a.storeIds[0], { name: '王大明', categoryId, inArrears: true, gasPrice: null }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: '王大明', inArrears: true, gasPrice: null });
    const log = await t.lastAudit('customers', id);
    expect(log).toMatchObject({ action: 'edit' });
    expect((log!.before as { name: string }).name).toBe('王小明');
    expect((log!.after as { name: string }).name).toBe('王大明');
  });

  it("dates a meter reading by the group's calendar (Asia/Taipei), not UTC's", async () => {
    const at = whenTaipeiIsAheadOfUtcDate();
    const taipeiDay = dateIn('Asia/Taipei', at);
    expect(taipeiDay).not.toBe(at.toISOString().slice(0, 10));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at);
      const meter = { type: 'monthly_meter', name: 'Meter Tower', meterNumber: 'M-1', meterReading: 1_234_000, meterUnitPrice: 9500 };
      const created = await a.manager.post('/api/customers', customer(a.storeIds[0], meter));
      expect(created.statusCode).toBe(201);
      expect(created.json().meterReadDate).toBe(taipeiDay);
      await t.db.update(customers).set({ meterReadDate: '2026-01-01' }).where(eq(customers.id, created.json().id));
      const read = await a.manager.put(
        `/api/customers/${created.json().id}`,
        customer(a.storeIds[0], { ...meter, meterReading: 1_240_000 }),
      );
      expect(read.statusCode).toBe(200);
      expect(read.json().meterReadDate).toBe(taipeiDay);
      expect((await a.manager.del(`/api/customers/${created.json().id}`)).statusCode).toBe(204);
    } finally {
      vi.useRealTimers();
    }
  });

  it('batch price change: preview, then one transaction with an action-log row per customer', async () => {
    const preview = await a.manager.post('/api/customers/price-change/preview', { filter: { storeId: a.storeIds[0] }, gasPrice: 3300 });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().total).toBe(2);
    expect(
      preview
        .json()
        .sample.map((s: { oldEffectivePrice: number }) => s.oldEffectivePrice)
        .sort(),
    ).toEqual([3400, 3600]);
    const res = await a.manager.post('/api/customers/price-change', { filter: { storeId: a.storeIds[0] }, gasPrice: 3300 });
    expect(res.json()).toEqual({ changed: 2 });
    const rows = await t.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'priceChange'), eq(actionLog.groupId, a.groupId)));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.after).toEqual({ gasPrice: 3300 });
    const list = (await a.manager.get(`/api/customers?storeId=${a.storeIds[0]}`)).json();
    expect(list.items.every((c: { gasPrice: number }) => c.gasPrice === 3300)).toBe(true);
    // selected ids of another tenant change nothing
    expect((await b.manager.post('/api/customers/price-change', { customerIds: [id], gasPrice: 1 })).json()).toEqual({ changed: 0 });
    const bad = await a.manager.post('/api/customers/price-change', { gasPrice: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.customerIds).toBe('Please select a customer');
  });

  it('imports customers: report per row, nothing written unless all valid, or only the valid rows', async () => {
    const rows = [
      { name: '張三', type: 'Residential', phone: '0933-111-222', gasPrice: '35.5', category: '新分類' },
      { name: '', phone: '0933-111-333' },
      { name: '李四', type: '月結（按次）', unifiedNumber: '12345678' },
    ];
    const dry = await a.manager.post('/api/customers/import', { storeId: a.storeIds[0], rows, dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ valid: 1, invalid: 2, imported: 0 });
    expect(dry.json().rows[1].errors.name).toBe('This field is required');
    expect(dry.json().rows[2].errors.unifiedNumber).toBe('The unified business number is not valid');
    const all = await a.manager.post('/api/customers/import', { storeId: a.storeIds[0], rows, dryRun: false, mode: 'all' });
    expect(all.json().imported).toBe(0);
    const before = (await a.manager.get('/api/customers')).json().total;
    const valid = await a.manager.post('/api/customers/import', { storeId: a.storeIds[0], rows, dryRun: false, mode: 'valid' });
    expect(valid.json().imported).toBe(1);
    const list = (await a.manager.get(`/api/customers?keyword=${encodeURIComponent('張三')}`)).json();
    expect(list.items[0]).toMatchObject({ gasPrice: 3550, type: 'residential', categoryName: '新分類' });
    expect((await a.manager.get('/api/customers')).json().total).toBe(before + 1);
    const log = await t.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'import'), eq(actionLog.groupId, a.groupId)));
    expect(log).toHaveLength(1);
    // the same row again is a duplicate
    const again = await a.manager.post('/api/customers/import', { storeId: a.storeIds[0], rows: [rows[0]], dryRun: true });
    expect(again.json().rows[0].errors.name).toMatch(/already exists/);
    expect((await a.staff.post('/api/customers/import', { storeId: a.storeIds[0], rows, dryRun: true })).statusCode).toBe(403);
    expect((await b.manager.post('/api/customers/import', { storeId: a.storeIds[0], rows, dryRun: true })).statusCode).toBe(404);
  });

  it('deletes a customer (audited); a missing one is 404', async () => {
    const c = (await a.manager.post('/api/customers', customer(a.storeIds[1], { name: 'Temp' }))).json();
    expect((await a.manager.del(`/api/customers/${c.id}`)).statusCode).toBe(204);
    expect(await t.lastAudit('customers', c.id)).toMatchObject({ action: 'delete' });
    expect((await a.manager.del(`/api/customers/${c.id}`)).statusCode).toBe(404);
  });
});

describe('customer search and capped totals (large groups)', () => {
  it('finds 1- and 2-character keywords (a 2-character Chinese name) in every searched column, other tenants excluded', async () => {
    const s0 = a.storeIds[0];
    await a.manager.post('/api/customers', customer(s0, { name: '陳家 12', address: '新北市板橋區 5 號', phone: '0933-000-001' }));
    await a.manager.post('/api/customers', customer(s0, { name: '黃宅', address: '台中市 陳家巷 3 號', phone: '0933-000-002' }));
    await a.manager.post('/api/customers', customer(s0, { name: 'Abby Shop', address: 'x', phone: '0933-000-003', meterNumber: 'MQ-7' }));
    await b.manager.post('/api/customers', customer(b.storeIds[0], { name: '陳家 B', phone: '0933-000-009' }));
    const names = async (kw: string, extra = '') =>
      ((await a.manager.get(`/api/customers?keyword=${encodeURIComponent(kw)}${extra}`)).json().items as { name: string }[])
        .map((c) => c.name)
        .sort();
    expect(await names('陳家')).toEqual(['陳家 12', '黃宅']);
    expect(await names('陳家', `&storeId=${a.storeIds[1]}`)).toEqual([]);
    expect(await names('黃宅')).toEqual(['黃宅']);
    expect(await names('bB')).toEqual(['Abby Shop']); // case-insensitive
    expect(await names('mq')).toEqual(['Abby Shop']); // meter number
    expect(await names('宅')).toEqual(['黃宅']);
    expect(await names('陳家 1')).toEqual(['陳家 12']); // 3+ characters: trigram / scan path
    expect(await names('%')).toEqual([]); // LIKE wildcards are plain characters in a keyword
    expect(await names('_')).toEqual([]);
    // a pasted tab or line break is a space, and a keyword never spans two fields (name, then phone)
    expect(await names('家\t12')).toEqual(['陳家 12']);
    expect(await names('12\n0933')).toEqual([]);
    expect(await names('宅\n0933-000-002')).toEqual([]);
    const opts = (await a.manager.get(`/api/customers/options?keyword=${encodeURIComponent('陳家')}`)).json();
    expect(opts.map((c: { name: string }) => c.name).sort()).toEqual(['陳家 12', '黃宅']);
  });

  it('reports an exact total for short results and a capped lower bound for large ones', async () => {
    const page = (await a.manager.get('/api/customers?keyword=0933-000&pageSize=2')).json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.totalIsLowerBound).toBeUndefined();
    const last = (await a.manager.get('/api/customers?keyword=0933-000&pageSize=2&page=2')).json();
    expect(last).toMatchObject({ total: 3 });
    expect(last.items).toHaveLength(1);
    const beyond = (await a.manager.get('/api/customers?keyword=0933-000&pageSize=2&page=5')).json();
    expect(beyond).toMatchObject({ total: 3, items: [] });
    // the cap itself (LIST_COUNT_CAP = 1,000 in the API) on a small cap
    const where = and(eq(customers.groupId, a.groupId!), like(customers.phone, '0933-000%'));
    const matching = () =>
      t.db
        .select({ one: sql`1` })
        .from(customers)
        .where(where)
        .$dynamic();
    expect(await cappedTotal(t.db, matching(), { page: 1, pageSize: 1 }, 1, 2)).toEqual({ total: 2, totalIsLowerBound: true });
    expect(await cappedTotal(t.db, matching(), { page: 1, pageSize: 1 }, 1, 3)).toEqual({ total: 3 });
    expect(await cappedTotal(t.db, matching(), { page: 3, pageSize: 1 }, 1, 1)).toEqual({ total: 3 });
  });
});

describe('customer search over many matches', () => {
  it('searches the newest customers first, then the indexes, then the primary key; totals exact or "at least"', async () => {
    await t.db.execute(sql`
      insert into customers (group_id, store_id, type, name, address, phone)
      select ${a.groupId}, ${a.storeIds[0]}, 'residential', 'Bulk ' || j, 'Road ' || j, '07-' || j from generate_series(1, ${SEARCH_COUNT_CAP + 10}) j`);
    const top = SEARCH_COUNT_CAP + 10;
    // a common keyword: the newest SEARCH_WINDOW customers hold the page; at least that many match
    const first = (await a.manager.get('/api/customers?keyword=Bulk&pageSize=20')).json();
    expect(first).toMatchObject({ total: SEARCH_WINDOW + 1, totalIsLowerBound: true }); // the window and the row that shows it is not all
    expect(first.items.map((c: { name: string }) => c.name).slice(0, 2)).toEqual([`Bulk ${top}`, `Bulk ${top - 1}`]);
    const second = (await a.manager.get('/api/customers?keyword=Bulk&pageSize=20&page=2')).json();
    expect(second.items[0].name).toBe(`Bulk ${top - 20}`);
    // past the window and past the index cap: the primary-key walk, in the same order
    const deep = (await a.manager.get('/api/customers?keyword=Bulk&pageSize=20&page=130')).json();
    expect(deep).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsLowerBound: true });
    expect(deep.items[0].name).toBe(`Bulk ${top - 129 * 20}`);
    // 2 characters over the same rows
    expect((await a.manager.get('/api/customers?keyword=Bu&pageSize=5')).json()).toMatchObject({ totalIsLowerBound: true });
    // a rare keyword outside the window: found through the indexes, exact
    const rare = (await a.manager.get(`/api/customers?keyword=${encodeURIComponent('Bulk 170')}&pageSize=50`)).json();
    expect(rare.totalIsLowerBound).toBeUndefined();
    expect(rare).toMatchObject({ total: 11 }); // Bulk 170, 1700–1709
    expect(rare.items.map((c: { name: string }) => c.name)).toEqual([
      'Bulk 1709',
      'Bulk 1708',
      'Bulk 1707',
      'Bulk 1706',
      'Bulk 1705',
      'Bulk 1704',
      'Bulk 1703',
      'Bulk 1702',
      'Bulk 1701',
      'Bulk 1700',
      'Bulk 170',
    ]);
    // a store with fewer customers than the window: exact, in one step
    const other = (await a.manager.get(`/api/customers?keyword=Bulk&storeId=${a.storeIds[1]}`)).json();
    expect(other).toMatchObject({ total: 0, items: [] });
    expect(other.totalIsLowerBound).toBeUndefined();
    // another tenant finds none of them
    expect((await b.manager.get('/api/customers?keyword=Bulk')).json()).toMatchObject({ total: 0, items: [] });
  });
});

describe('categories', () => {
  it('lists by kind, edits and deletes, audited; other tenant 404; validation', async () => {
    const p = (await a.manager.post('/api/categories', { kind: 'product', name: '瓦斯配件' })).json();
    const list = (await a.manager.get('/api/categories?kind=product')).json();
    expect(list.items.map((c: { name: string }) => c.name)).toEqual(['瓦斯配件']);
    const opts = (await a.staff.get('/api/categories/options?kind=customer')).json();
    expect(opts.length).toBeGreaterThan(0);
    const ed = await a.manager.put(`/api/categories/${p.id}`, { kind: 'product', name: '配件' });
    expect(ed.json().name).toBe('配件');
    expect(await t.lastAudit('categories', p.id)).toMatchObject({ action: 'edit' });
    expect((await b.manager.put(`/api/categories/${p.id}`, { kind: 'product', name: 'x' })).statusCode).toBe(404);
    expect((await b.manager.del(`/api/categories/${p.id}`)).statusCode).toBe(404);
    const bad = await a.manager.post('/api/categories', { kind: 'product', name: '' });
    expect(bad.json().errors.name).toBe('This field is required');
    const dup = await a.manager.post('/api/categories', { kind: 'product', name: '配件' });
    expect(dup.statusCode).toBe(409);
    expect((await a.manager.del(`/api/categories/${p.id}`)).statusCode).toBe(204);
    expect(await t.lastAudit('categories', p.id)).toMatchObject({ action: 'delete' });
  });
});
