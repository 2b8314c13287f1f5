import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { eq } from 'drizzle-orm';
import { fixtures } from '../../../test/fixtures/reports.js';
import { customerGasCredits, orders } from '../orders/orders.schema.js';

/**
 * Hand-computed fixture (tenant A, stores S0 and S1; amounts in minor units, weights in grams):
 *  o1 S0 03-01 c1 residential   completed       dp1 gas 20000 g 72000, residual 2000 g refund 7200, Regulator 1×5000 → total 69800
 *  o2 S0 03-01 c2 monthly_count payment_posted  dp2 propane 16000 g 57600, service Safety check 30000 → total 87600
 *  o3 S0 03-15 c1 residential   payment_posted  dp1 gas 20000 g 72000, Hose 2×1500, Regulator 1×5000 → total 80000
 *  o4 S1 03-15 c3 store         completed       dp2 gas 50000 g 175000, service Install 20000 → total 195000
 *  o5 S0 03-15 c1               cancelled       gas 20000 g 72000 → counted nowhere
 *  o6 S0 03-20 c1               delivering      dp1 gas 20000 g 72000 → only in the open / all scopes
 *  o7 S0 04-02 c1               completed       gas 10000 g 36000 → outside March
 *  payments: o1 cash 69800 on 03-01 (S0), o2 bill 87600 on 03-15 (S0), o4 cash 195000 on 03-16 (S1)
 *  expenses: S0 1000 on 03-01, S1 2500 on 03-15
 *  tenant B: one completed order on 03-01 that A must never see.
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
let dp1: number;
let dp2: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Reports A', { Home: ['view'], order_gas: ['view'], DailyReport: ['view'] });
  b = await t.tenant('Reports B', { Customer: ['view'] });
  const f = fixtures(t.db, a);
  dp1 = await f.deliveryPerson('Alice Driver', 0);
  dp2 = await f.deliveryPerson('Bob Driver', 1);
  const c1 = await f.customer('Chen residence', 0, 'residential');
  const c2 = await f.customer('Wang noodles', 0, 'monthly_count');
  const c3 = await f.customer('Lin restaurant', 1, 'store');
  const o1 = await f.order({
    store: 0,
    date: '2025-03-01',
    customer: c1,
    customerType: 'residential',
    status: 'completed',
    person: dp1,
    gasG: 20000,
    gasAmount: 72000,
    residualG: 2000,
    refund: 7200,
    products: [{ name: 'Regulator', qty: 1, price: 5000 }],
    total: 69800,
  });
  const o2 = await f.order({
    store: 0,
    date: '2025-03-01',
    customer: c2,
    customerType: 'monthly_count',
    status: 'payment_posted',
    person: dp2,
    propaneG: 16000,
    propaneAmount: 57600,
    services: [{ content: 'Safety check', amount: 30000 }],
    total: 87600,
  });
  await f.order({
    store: 0,
    date: '2025-03-15',
    customer: c1,
    customerType: 'residential',
    status: 'payment_posted',
    person: dp1,
    gasG: 20000,
    gasAmount: 72000,
    products: [
      { name: 'Hose', qty: 2, price: 1500 },
      { name: 'Regulator', qty: 1, price: 5000 },
    ],
    total: 80000,
  });
  const o4 = await f.order({
    store: 1,
    date: '2025-03-15',
    customer: c3,
    customerType: 'store',
    status: 'completed',
    person: dp2,
    gasG: 50000,
    gasAmount: 175000,
    services: [{ content: 'Install', amount: 20000 }],
    total: 195000,
  });
  await f.order({
    store: 0,
    date: '2025-03-15',
    customer: c1,
    customerType: 'residential',
    status: 'cancelled',
    gasG: 20000,
    gasAmount: 72000,
    total: 72000,
  });
  await f.order({
    store: 0,
    date: '2025-03-20',
    customer: c1,
    customerType: 'residential',
    status: 'delivering',
    person: dp1,
    gasG: 20000,
    gasAmount: 72000,
    total: 72000,
  });
  await f.order({
    store: 0,
    date: '2025-04-02',
    customer: c1,
    customerType: 'residential',
    status: 'completed',
    gasG: 10000,
    gasAmount: 36000,
    total: 36000,
  });
  await f.payment(0, '2025-03-01', o1, c1, 'cash', 69800);
  await f.payment(0, '2025-03-15', o2, c2, 'bill', 87600);
  await f.payment(1, '2025-03-16', o4, c3, 'cash', 195000);
  await f.expense(0, '2025-03-01', 1000);
  await f.expense(1, '2025-03-15', 2500);
  const fb = fixtures(t.db, b);
  const cb = await fb.customer('B customer', 0, 'residential');
  await fb.order({
    store: 0,
    date: '2025-03-01',
    customer: cb,
    customerType: 'residential',
    status: 'completed',
    gasG: 99000,
    gasAmount: 999999,
    total: 999999,
  });
});
afterAll(async () => {
  await t.close();
});

const MARCH = 'from=2025-03-01&to=2025-03-31';

describe('order_gas report', () => {
  it('totals, daily series and rows of the sales in the period', async () => {
    const res = await a.manager.get(`/api/reports/order-gas?${MARCH}`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.currency).toBe('TWD');
    expect(r.totals).toEqual({
      orderCount: 4,
      gasWeightG: 90000,
      gasAmount: 319000,
      propaneWeightG: 16000,
      propaneAmount: 57600,
      residualG: 2000,
      refundAmount: 7200,
      productsAmount: 13000,
      servicesAmount: 50000,
      cylindersAmount: 0,
      totalAmount: 432400,
    });
    expect(r.series).toHaveLength(31);
    expect(r.series[0]).toEqual({ date: '2025-03-01', orderCount: 2, weightG: 36000, amount: 122400 });
    expect(r.series[14]).toEqual({ date: '2025-03-15', orderCount: 2, weightG: 70000, amount: 247000 });
    expect(r.series[1]).toEqual({ date: '2025-03-02', orderCount: 0, weightG: 0, amount: 0 });
    expect(r.total).toBe(4);
    expect(r.items.map((i: { totalAmount: number }) => i.totalAmount)).toEqual([195000, 80000, 87600, 69800]);
    expect(r.items[3]).toMatchObject({
      customerName: 'Chen residence',
      deliveryPersonName: 'Alice Driver',
      storeName: 'Reports A store A',
      residualG: 2000,
      refundAmount: 7200,
    });
  });

  it('filters by delivery person, customer type, store and scope; pages rows', async () => {
    const byPerson = (await a.manager.get(`/api/reports/order-gas?${MARCH}&deliveryPersonId=${dp1}`)).json();
    expect(byPerson.totals).toMatchObject({ orderCount: 2, gasWeightG: 40000, totalAmount: 149800 });
    const byType = (await a.manager.get(`/api/reports/order-gas?${MARCH}&customerType=monthly_count`)).json();
    expect(byType.totals).toMatchObject({ orderCount: 1, propaneWeightG: 16000, totalAmount: 87600 });
    const byStore = (await a.manager.get(`/api/reports/order-gas?${MARCH}&storeId=${a.storeIds[1]}`)).json();
    expect(byStore.totals).toMatchObject({ orderCount: 1, totalAmount: 195000 });
    const open = (await a.manager.get(`/api/reports/order-gas?${MARCH}&scope=open`)).json();
    expect(open.totals).toMatchObject({ orderCount: 1, totalAmount: 72000 });
    const all = (await a.manager.get(`/api/reports/order-gas?${MARCH}&scope=all`)).json();
    expect(all.totals).toMatchObject({ orderCount: 5, totalAmount: 504400 });
    const page2 = (await a.manager.get(`/api/reports/order-gas?${MARCH}&pageSize=3&page=2`)).json();
    expect(page2.items).toHaveLength(1);
    expect(page2.total).toBe(4);
    // The store staff sees only store S0.
    const staff = (await a.staff.get(`/api/reports/order-gas?${MARCH}`)).json();
    expect(staff.totals).toMatchObject({ orderCount: 3, totalAmount: 237400 });
  });

  it('rejects bad filters with field messages', async () => {
    const order = await a.manager.get('/api/reports/order-gas?from=2025-03-31&to=2025-03-01');
    expect(order.statusCode).toBe(400);
    expect(order.json().errors.to).toBe('The end date must not be before the start date');
    const bad = await a.manager.get('/api/reports/order-gas?from=2025-02-30&to=2025-03-01&customerType=alien');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ from: 'Invalid format', customerType: 'Invalid format' });
    const missing = await a.manager.get('/api/reports/order-gas');
    expect(missing.json().errors.from).toBe('This field is required');
    const long = await a.manager.get('/api/reports/order-gas?from=2023-01-01&to=2025-03-01', { headers: { 'accept-language': 'zh-TW' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.to).toBe('查詢期間最多 400 天');
  });

  it('answers 403 without the screen and 404 for another tenant’s store', async () => {
    expect((await b.staff.get(`/api/reports/order-gas?${MARCH}`)).statusCode).toBe(403);
    expect((await a.staff.get(`/api/reports/order-product?${MARCH}`)).statusCode).toBe(403);
    expect((await b.manager.get(`/api/reports/order-gas?${MARCH}&storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await a.staff.get(`/api/reports/order-gas?${MARCH}&storeId=${a.storeIds[1]}`)).statusCode).toBe(404);
    const bTotals = (await b.manager.get(`/api/reports/order-gas?${MARCH}`)).json().totals;
    expect(bTotals).toMatchObject({ orderCount: 1, totalAmount: 999999 });
  });
});

describe('order_product and order_service reports', () => {
  it('sums product lines per product', async () => {
    const r = (await a.manager.get(`/api/reports/order-product?${MARCH}`)).json();
    expect(r.totals).toEqual({ orderCount: 2, quantity: 4, amount: 13000 });
    expect(r.items).toEqual([
      { productName: 'Regulator', orderCount: 2, quantity: 2, amount: 10000, avgUnitPrice: 5000 },
      { productName: 'Hose', orderCount: 1, quantity: 2, amount: 3000, avgUnitPrice: 1500 },
    ]);
    expect(r.series[14]).toEqual({ date: '2025-03-15', orderCount: 1, weightG: 3, amount: 8000 });
    const hose = (await a.manager.get(`/api/reports/order-product?${MARCH}&keyword=hos`)).json();
    expect(hose.totals).toEqual({ orderCount: 1, quantity: 2, amount: 3000 });
    const other = (await b.manager.get(`/api/reports/order-product?${MARCH}`)).json();
    expect(other.totals.amount).toBe(0);
  });

  it('lists service lines with totals and amounts per content', async () => {
    const r = (await a.manager.get(`/api/reports/order-service?${MARCH}`)).json();
    expect(r.totals).toEqual({ orderCount: 2, lineCount: 2, amount: 50000 });
    expect(r.byContent).toEqual([
      { content: 'Safety check', lineCount: 1, amount: 30000 },
      { content: 'Install', lineCount: 1, amount: 20000 },
    ]);
    expect(r.items.map((i: { content: string; orderDate: string }) => [i.orderDate, i.content])).toEqual([
      ['2025-03-15', 'Install'],
      ['2025-03-01', 'Safety check'],
    ]);
    const byPerson = (await a.manager.get(`/api/reports/order-service?${MARCH}&deliveryPersonId=${dp1}`)).json();
    expect(byPerson.totals.amount).toBe(0);
    expect((await a.manager.get('/api/reports/order-service?from=x&to=2025-01-01')).json().errors.from).toBe('Invalid format');
    expect((await b.staff.get(`/api/reports/order-service?${MARCH}`)).statusCode).toBe(403);
  });
});

describe('DailyReport', () => {
  it('one day: totals, breakdowns, status counts, money received and expenses', async () => {
    const res = await a.manager.get('/api/reports/daily?date=2025-03-15');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.totals).toMatchObject({
      orderCount: 2,
      gasWeightG: 70000,
      gasAmount: 247000,
      productsAmount: 8000,
      servicesAmount: 20000,
      totalAmount: 275000,
    });
    expect(r.received).toEqual({ cash: 0, bill: 87600, total: 87600 });
    expect(r.expenses).toBe(2500);
    expect(r.byDeliveryPerson.map((p: { label: string; totalAmount: number }) => [p.label, p.totalAmount])).toEqual([
      ['Alice Driver', 80000],
      ['Bob Driver', 195000],
    ]);
    expect(r.byStore.map((p: { label: string; orderCount: number }) => [p.label, p.orderCount])).toEqual([
      ['Reports A store A', 1],
      ['Reports A store B', 1],
    ]);
    expect(r.byCustomerType.map((p: { key: string; totalAmount: number }) => [p.key, p.totalAmount])).toEqual([
      ['residential', 80000],
      ['store', 195000],
    ]);
    const statuses = Object.fromEntries(r.byStatus.map((s: { status: string; orderCount: number }) => [s.status, s.orderCount]));
    expect(statuses).toEqual({ payment_posted: 1, completed: 1, cancelled: 1 });
  });

  it('filters, validates, 403 and 404', async () => {
    const s1 = (await a.manager.get(`/api/reports/daily?date=2025-03-15&storeId=${a.storeIds[1]}`)).json();
    expect(s1.totals.totalAmount).toBe(195000);
    expect(s1.received.total).toBe(0);
    expect(s1.expenses).toBe(2500);
    const staff = (await a.staff.get('/api/reports/daily?date=2025-03-01')).json();
    expect(staff.totals).toMatchObject({ orderCount: 2, totalAmount: 157400 });
    expect(staff.received).toEqual({ cash: 69800, bill: 0, total: 69800 });
    const bad = await a.manager.get('/api/reports/daily?date=2025-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.date).toBe('Invalid format');
    expect((await b.staff.get('/api/reports/daily?date=2025-03-15')).statusCode).toBe(403);
    expect((await b.manager.get(`/api/reports/daily?date=2025-03-15&storeId=${a.storeIds[1]}`)).statusCode).toBe(404);
  });
});

describe('MonthlyReport', () => {
  it('the month per day and per store, person and customer type', async () => {
    const r = (await a.manager.get('/api/reports/monthly?month=2025-03')).json();
    expect(r.totals).toMatchObject({ orderCount: 4, totalAmount: 432400, gasWeightG: 90000, propaneWeightG: 16000 });
    expect(r.received).toEqual({ cash: 264800, bill: 87600, total: 352400 });
    expect(r.expenses).toBe(3500);
    expect(r.days).toHaveLength(31);
    expect(r.days[0]).toMatchObject({ date: '2025-03-01', orderCount: 2, totalAmount: 157400, received: 69800, expenses: 1000 });
    expect(r.days[15]).toMatchObject({ date: '2025-03-16', orderCount: 0, totalAmount: 0, received: 195000, expenses: 0 });
    expect(r.days.reduce((s: number, d: { totalAmount: number }) => s + d.totalAmount, 0)).toBe(432400);
    expect(r.byStore.map((s: { label: string; totalAmount: number }) => [s.label, s.totalAmount])).toEqual([
      ['Reports A store A', 237400],
      ['Reports A store B', 195000],
    ]);
    expect(Object.fromEntries(r.byCustomerType.map((s: { key: string; totalAmount: number }) => [s.key, s.totalAmount]))).toEqual({
      residential: 149800,
      monthly_count: 87600,
      store: 195000,
    });
    const feb = (await a.manager.get('/api/reports/monthly?month=2024-02')).json();
    expect(feb.days).toHaveLength(29);
    const april = (await a.manager.get('/api/reports/monthly?month=2025-04')).json();
    expect(april.totals).toMatchObject({ orderCount: 1, totalAmount: 36000 });
  });

  it('filters by person and type (payments follow), validates, 403 and 404', async () => {
    const p2 = (await a.manager.get(`/api/reports/monthly?month=2025-03&deliveryPersonId=${dp2}`)).json();
    expect(p2.totals.totalAmount).toBe(87600 + 195000);
    expect(p2.received).toEqual({ cash: 195000, bill: 87600, total: 282600 });
    const monthly = (await a.manager.get('/api/reports/monthly?month=2025-03&customerType=monthly_count')).json();
    expect(monthly.received).toEqual({ cash: 0, bill: 87600, total: 87600 });
    const bad = await a.manager.get('/api/reports/monthly?month=2025-3', { headers: { 'accept-language': 'ja-JP' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.month).toBe('形式が正しくありません');
    expect((await a.staff.get('/api/reports/monthly?month=2025-03')).statusCode).toBe(403);
    expect((await b.manager.get(`/api/reports/monthly?month=2025-03&storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await b.manager.get('/api/reports/monthly?month=2025-03')).json().totals.totalAmount).toBe(999999);
  });
});

describe('gas status in the daily and monthly reports (issue 11)', () => {
  // May 2025, tenant A: o8 (05-10) stores 1.5 kg residual as the customer's credit (store gas), o9
  // (05-20) uses it: 1.5 kg × 36.00 = 54.00 off; March's o1 refunded 2 kg (return gas, 72.00).
  beforeAll(async () => {
    const f = fixtures(t.db, a);
    const c = await f.customer('Credit household', 0, 'residential');
    const sale = { store: 0, customer: c, customerType: 'residential', status: 'completed', person: dp1, gasG: 20000 } as const;
    const o8 = await f.order({ ...sale, date: '2025-05-10', gasAmount: 72000, residualG: 1500, total: 72000 });
    const o9 = await f.order({ ...sale, date: '2025-05-20', gasAmount: 72000, total: 66600 });
    await t.db.update(orders).set({ gasStatus: 'store', storedGasG: 1500 }).where(eq(orders.id, o8));
    await t.db.update(orders).set({ creditUsedG: 1500, creditAmount: 5400 }).where(eq(orders.id, o9));
    const ledger = { groupId: a.groupId!, storeId: a.storeIds[0], customerId: c, pricePerKg: 3600 };
    await t.db.insert(customerGasCredits).values([
      { ...ledger, orderId: o8, kind: 'stored', grams: 1500, entryDate: '2025-05-10' },
      { ...ledger, orderId: o9, kind: 'used', grams: -1500, entryDate: '2025-05-20' },
    ]);
  });

  it('tells gas stored as credit from gas refunded, and the credit used', async () => {
    const none = { refundedG: 0, refundAmount: 0, storedG: 0, usedG: 0, usedAmount: 0 };
    expect((await a.manager.get('/api/reports/daily?date=2025-03-01')).json().gas).toEqual({
      ...none,
      refundedG: 2000,
      refundAmount: 7200,
    });
    expect((await a.manager.get('/api/reports/daily?date=2025-05-10')).json().gas).toEqual({ ...none, storedG: 1500 });
    expect((await a.manager.get('/api/reports/daily?date=2025-05-20')).json().gas).toEqual({ ...none, usedG: 1500, usedAmount: 5400 });
    expect((await a.manager.get('/api/reports/monthly?month=2025-05')).json().gas).toEqual({
      ...none,
      storedG: 1500,
      usedG: 1500,
      usedAmount: 5400,
    });
    expect((await a.manager.get('/api/reports/monthly?month=2025-03')).json().gas).toEqual({
      ...none,
      refundedG: 2000,
      refundAmount: 7200,
    });
    // filters apply: the other store, another delivery person, another tenant see none of it
    expect((await a.manager.get(`/api/reports/monthly?month=2025-05&storeId=${a.storeIds[1]}`)).json().gas).toEqual(none);
    expect((await a.manager.get(`/api/reports/monthly?month=2025-05&deliveryPersonId=${dp2}`)).json().gas).toEqual(none);
    expect((await b.manager.get('/api/reports/monthly?month=2025-05')).json().gas).toEqual(none);
  });
});

describe('delivery person options', () => {
  it('lists the delivery persons of the caller’s stores', async () => {
    const all = (await a.manager.get('/api/reports/delivery-persons')).json();
    expect(all.map((p: { name: string }) => p.name)).toEqual(['Alice Driver', 'Bob Driver']);
    const staff = (await a.staff.get('/api/reports/delivery-persons')).json();
    expect(staff.map((p: { id: number }) => p.id)).toEqual([dp1]);
    expect((await b.manager.get('/api/reports/delivery-persons')).json()).toEqual([]);
    expect((await b.manager.get(`/api/reports/delivery-persons?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await b.staff.get('/api/reports/delivery-persons')).statusCode).toBe(403);
    expect((await a.manager.get('/api/reports/delivery-persons?storeId=abc')).statusCode).toBe(400);
  });
});
