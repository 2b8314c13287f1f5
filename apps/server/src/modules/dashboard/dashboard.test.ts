import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { params } from '../../platform/platform.schema.js';
import { fixtures } from '../../../test/fixtures/reports.js';

/** Today and yesterday in the group's time zone (Asia/Taipei), as the server computes them. */
const dayIn = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date(Date.now() - offsetDays * 86_400_000));

let t: TestApp;
let a: Tenant;
let b: Tenant;
let dp1: number;
const ids: Record<string, number> = {};

/**
 * Fixture: d1 placed (1000), d2 not delivered dp1 (2000), d3 delivering dp1 (3000) in S0 today;
 * d4 payment posted dp2 (4000) in S1 today; d5 completed dp2 (5000) in S0 yesterday; old1 an old
 * delivering order of dp1 (2025-03-20); old2 the last order of c5 on 2025-04-02.
 * Customers: c1..c3 ordered today; c4 never ordered (created 2024); c5 last ordered 2025-04-02;
 * c6 created today without orders (not inactive yet).
 */
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Dash A', { Home: ['view'] });
  b = await t.tenant('Dash B', { Customer: ['view'] });
  const f = fixtures(t.db, a);
  dp1 = await f.deliveryPerson('Alice Driver', 0);
  const dp2 = await f.deliveryPerson('Bob Driver', 1);
  const c1 = await f.customer('C1', 0, 'residential');
  const c2 = await f.customer('C2', 0, 'monthly_count');
  const c3 = await f.customer('C3', 1, 'store');
  ids.c4 = await f.customer('C4 never', 0, 'residential');
  ids.c5 = await f.customer('C5 lapsed', 0, 'residential');
  await f.customer('C6 new', 0, 'residential', new Date());
  const today = dayIn(0);
  await f.order({ store: 0, date: '2025-03-20', customer: c1, customerType: 'residential', status: 'delivering', person: dp1, total: 700 });
  await f.order({ store: 0, date: '2025-04-02', customer: ids.c5, customerType: 'residential', status: 'completed', total: 800 });
  ids.d5 = await f.order({
    store: 0,
    date: dayIn(1),
    customer: c2,
    customerType: 'monthly_count',
    status: 'completed',
    person: dp2,
    total: 5000,
  });
  ids.d1 = await f.order({ store: 0, date: today, customer: c1, customerType: 'residential', status: 'placed', total: 1000 });
  ids.d2 = await f.order({
    store: 0,
    date: today,
    customer: c1,
    customerType: 'residential',
    status: 'not_delivered',
    person: dp1,
    total: 2000,
  });
  ids.d3 = await f.order({
    store: 0,
    date: today,
    customer: c2,
    customerType: 'monthly_count',
    status: 'delivering',
    person: dp1,
    total: 3000,
  });
  ids.d4 = await f.order({
    store: 1,
    date: today,
    customer: c3,
    customerType: 'store',
    status: 'payment_posted',
    person: dp2,
    total: 4000,
  });
  const fb = fixtures(t.db, b);
  const cb = await fb.customer('B customer', 0, 'residential');
  await fb.order({ store: 0, date: today, customer: cb, customerType: 'residential', status: 'placed', total: 999 });
});
afterAll(async () => {
  await t.close();
});

describe('Home dashboard', () => {
  it('today by status, pending per person, 30-day revenue, inactive customers, latest orders', async () => {
    const res = await a.manager.get('/api/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.today).toBe(dayIn(0));
    expect(d.currency).toBe('TWD');
    const byStatus = Object.fromEntries(
      d.todayByStatus.map((s: { status: string; count: number; amount: number }) => [s.status, [s.count, s.amount]]),
    );
    expect(byStatus).toEqual({ placed: [1, 1000], not_delivered: [1, 2000], delivering: [1, 3000], payment_posted: [1, 4000] });
    expect(d.pendingByDeliveryPerson).toEqual([
      { deliveryPersonId: null, name: null, placed: 1, notDelivered: 0, delivering: 0 },
      { deliveryPersonId: dp1, name: 'Alice Driver', placed: 0, notDelivered: 1, delivering: 2 },
    ]);
    expect(d.revenue).toHaveLength(30);
    expect(d.revenue[29]).toEqual({ date: dayIn(0), orderCount: 1, amount: 4000 });
    expect(d.revenue[28]).toEqual({ date: dayIn(1), orderCount: 1, amount: 5000 });
    expect(d.revenue.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(9000);
    expect(d.inactiveCustomers.months).toBe(3);
    expect(d.inactiveCustomers.total).toBe(2);
    expect(d.inactiveCustomers.items.map((c: { name: string; lastOrderDate: string | null }) => [c.name, c.lastOrderDate])).toEqual([
      ['C4 never', null],
      ['C5 lapsed', '2025-04-02'],
    ]);
    expect(d.recentOrders.map((o: { id: number }) => o.id)).toEqual([ids.d4, ids.d3, ids.d2, ids.d1, ids.d5]);
    expect(d.recentOrders[0]).toMatchObject({
      customerName: 'C3',
      storeName: 'Dash A store B',
      status: 'payment_posted',
      totalAmount: 4000,
      deliveryPersonName: 'Bob Driver',
    });
  });

  it('follows the parameters INACTIVE_CUSTOMER_MONTHS and RECENT_ORDER_COUNT of the group', async () => {
    await t.db.insert(params).values([
      { groupId: a.groupId, code: 'RECENT_ORDER_COUNT', name: 'x', type: 'number', value: '2' },
      { groupId: a.groupId, code: 'INACTIVE_CUSTOMER_MONTHS', name: 'x', type: 'number', value: '36' },
    ]);
    try {
      const d = (await a.manager.get('/api/dashboard')).json();
      expect(d.recentOrders).toHaveLength(2);
      expect(d.inactiveCustomers).toMatchObject({ months: 36, total: 0 });
    } finally {
      await t.db.delete(params).where(eq(params.groupId, a.groupId));
    }
  });

  it('is scoped to the user’s stores and to one store on request', async () => {
    const staff = (await a.staff.get('/api/dashboard')).json();
    expect(staff.todayByStatus.map((s: { status: string }) => s.status).sort()).toEqual(['delivering', 'not_delivered', 'placed']);
    expect(staff.recentOrders.map((o: { id: number }) => o.id).slice(0, 4)).toEqual([ids.d3, ids.d2, ids.d1, ids.d5]);
    expect(staff.recentOrders[4].orderDate).toBe('2025-04-02');
    const s1 = (await a.manager.get(`/api/dashboard?storeId=${a.storeIds[1]}`)).json();
    expect(s1.todayByStatus).toEqual([{ status: 'payment_posted', count: 1, amount: 4000 }]);
    expect(s1.inactiveCustomers.total).toBe(0);
    const other = (await b.manager.get('/api/dashboard')).json();
    expect(other.todayByStatus).toEqual([{ status: 'placed', count: 1, amount: 999 }]);
    expect(other.recentOrders).toHaveLength(1);
  });

  it('answers 404 for another tenant’s store, 403 without Home, 400 for a bad store id', async () => {
    expect((await b.manager.get(`/api/dashboard?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await a.staff.get(`/api/dashboard?storeId=${a.storeIds[1]}`)).statusCode).toBe(404);
    expect((await b.staff.get('/api/dashboard')).statusCode).toBe(403);
    const bad = await a.manager.get('/api/dashboard?storeId=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.storeId).toBe('Must be at least 1');
  });
});
