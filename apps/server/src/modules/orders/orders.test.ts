import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { idempotencyKeys, storeGroups } from '../../platform/platform.schema.js';
import { customerLastOrders } from '../customers/customers.schema.js';
import { dateIn } from '@gasops/shared';
import { rowsOfResult } from '../../platform/db.js';
import { MAX_SHAPES } from '../../platform/statements.js';
import { listOrderShapes } from './list-orders.js';
import { orders, payments } from './orders.schema.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let customerId: number;
let productId: number;
let driverId: number;
beforeAll(async () => {
  t = await createTestApp({ publicOrderRateLimit: 12 });
  a = await t.tenant('Ord A', { Home: ['view'], DispatchOrder: ['view'] });
  b = await t.tenant('Ord B');
  driverId = a.userIds.staff;
  customerId = (
    await a.manager.post('/api/customers', {
      storeId: a.storeIds[0],
      type: 'residential',
      name: '陳淑芬',
      phone: '0911-222-333',
      address: '台北市中山區松江路 10 號',
    })
  ).json().id;
  productId = (
    await a.manager.post('/api/store-products', { storeId: a.storeIds[0], name: '調整器', salePrice: 38000, startDate: '2025-01-01' })
  ).json().id;
  await a.manager.put('/api/delivery-persons', { storeId: a.storeIds[0], userIds: [driverId] });
});
afterAll(async () => {
  await t.close();
});

const order = (extra: Record<string, unknown> = {}) => ({
  storeId: a.storeIds[0],
  customerId,
  orderDate: '2026-01-10',
  gasWeightG: 20000,
  products: [{ productId, quantity: 1 }],
  ...extra,
});
const dispatch = (ids: number[], extra: Record<string, unknown> = {}) => ({
  orderIds: ids,
  deliveryPersonId: driverId,
  deliveryAt: '2026-01-10T09:00:00+08:00',
  ...extra,
});

describe('orders: create, price, idempotency', () => {
  it('quotes the price per kg and the refund minimum for the customer', async () => {
    const q = (await a.manager.get(`/api/orders/quote?storeId=${a.storeIds[0]}&customerId=${customerId}`)).json();
    expect(q).toMatchObject({ pricePerKg: 3600, minRefundGrams: 0, previous: null });
  });

  it('creates a gas order with a product line, priced on the server, once per Idempotency-Key, audited', async () => {
    const headers = { 'idempotency-key': 'order-key-0001' };
    const first = await a.manager.post('/api/orders', order(), { headers });
    expect(first.statusCode).toBe(201);
    const o = first.json();
    expect(o).toMatchObject({
      status: 'placed',
      gasUnitPrice: 3600,
      gasAmount: 72000,
      productsAmount: 38000,
      totalAmount: 110000,
      customerName: '陳淑芬',
      deliveryAddress: '台北市中山區松江路 10 號',
    });
    expect(o.orderNo).toMatch(/^20260110-\d{6}$/);
    expect(o.products).toEqual([expect.objectContaining({ productName: '調整器', unitPrice: 38000, quantity: 1, amount: 38000 })]);
    const again = await a.manager.post('/api/orders', order(), { headers });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(o.id);
    const rows = await t.db.select().from(orders).where(eq(orders.customerId, customerId));
    expect(rows).toHaveLength(1);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'order-key-0001'))).toHaveLength(1);
    expect(await t.lastAudit('orders', o.id)).toMatchObject({ screen: 'DispatchOrder', action: 'create', groupId: a.groupId });
    // concurrent double click with a fresh key: still one order
    const [x, y] = await Promise.all([
      a.manager.post('/api/orders', order({ orderDate: '2026-01-11' }), { headers: { 'idempotency-key': 'order-key-0002' } }),
      a.manager.post('/api/orders', order({ orderDate: '2026-01-11' }), { headers: { 'idempotency-key': 'order-key-0002' } }),
    ]);
    expect(x.json().id).toBe(y.json().id);
    await a.manager.del(`/api/orders/${x.json().id}`);
  });

  it('validates with field messages (service content, amount, product not in force, customer of another store)', async () => {
    const res = await a.manager.post('/api/orders', order({ services: [{ content: '', amount: '' }], orderDate: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['services.0.content']).toBe('Please enter the service content');
    expect(res.json().errors.orderDate).toBe('Invalid format');
    const old = await a.manager.post('/api/orders', order({ orderDate: '2024-06-01' }));
    expect(old.statusCode).toBe(400);
    expect(old.json().errors['products.0.productId']).toBe('This product has no valid price on the order date');
    const other = await a.manager.post('/api/orders', order({ storeId: a.storeIds[1] }));
    expect(other.json().errors.customerId).toBe('Please select a customer');
    const zh = await a.manager.post('/api/orders', order({ services: [{ content: ' ', amount: 100 }] }), {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(zh.json().errors['services.0.content']).toBe('請輸入服務內容');
  });

  it('403 without create permission; 404 for another tenant', async () => {
    expect((await a.staff.post('/api/orders', order())).statusCode).toBe(403);
    expect((await a.staff.get('/api/orders')).statusCode).toBe(200);
    const o = (await a.manager.get('/api/orders')).json().items[0];
    expect((await b.manager.get(`/api/orders/${o.id}`)).statusCode).toBe(404);
    expect((await b.manager.put(`/api/orders/${o.id}`, order({ storeId: b.storeIds[0] }))).statusCode).toBe(404);
    expect((await b.manager.post(`/api/orders/${o.id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect((await b.manager.post('/api/orders/dispatch', dispatch([o.id]))).statusCode).toBe(404);
    expect((await b.manager.del(`/api/orders/${o.id}`)).statusCode).toBe(404);
    expect((await b.manager.post('/api/orders', order())).statusCode).toBe(404);
    expect((await b.manager.get('/api/orders')).json().total).toBe(0);
  });
});

describe('orders: dispatch, delivery with residual refund, payment', () => {
  let id: number;
  beforeAll(async () => {
    id = (await a.manager.get('/api/orders')).json().items[0].id;
  });

  it('edits a placed order (re-priced, audited before/after)', async () => {
    const res = await a.manager.put(`/api/orders/${id}`, order({ services: [{ content: '安全檢查', amount: 30000 }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ servicesAmount: 30000, totalAmount: 140000 });
    const log = await t.lastAudit('orders', id);
    expect(log).toMatchObject({ action: 'edit' });
    expect((log!.before as { totalAmount: number }).totalAmount).toBe(110000);
  });

  it('dispatch requires a delivery person and a time (seed §5 messages) and one of the store’s delivery persons', async () => {
    const noPerson = await a.manager.post('/api/orders/dispatch', { orderIds: [id], deliveryAt: '2026-01-10T09:00:00+08:00' });
    expect(noPerson.statusCode).toBe(400);
    expect(noPerson.json().errors.deliveryPersonId).toBe('Please select a delivery person');
    const noTime = await a.manager.post('/api/orders/dispatch', { orderIds: [id], deliveryPersonId: driverId });
    expect(noTime.json().errors.deliveryAt).toBe('Please select a delivery time');
    const notDriver = await a.manager.post('/api/orders/dispatch', dispatch([id], { deliveryPersonId: a.userIds.manager }));
    expect(notDriver.statusCode).toBe(400);
    expect(notDriver.json().errors.deliveryPersonId).toBe('Please select a delivery person');
    expect((await a.staff.post('/api/orders/dispatch', dispatch([id]))).statusCode).toBe(403);
  });

  it('refuses invalid transitions with 409 and a translated message', async () => {
    const start = await a.manager.post(`/api/orders/${id}/start`);
    expect(start.statusCode).toBe(409);
    expect(start.json().detail).toBe('This order is "Order placed": "Start delivery" is not possible.');
    const zh = await a.manager.post(`/api/orders/${id}/delivered`, { gasWeightG: 20000 }, { headers: { 'accept-language': 'zh-TW' } });
    expect(zh.statusCode).toBe(409);
    expect(zh.json().detail).toBe('此訂單目前為「已下單」，無法執行「已送達」。');
    expect(
      (await a.manager.post(`/api/orders/${id}/payment`, { postingDate: '2026-01-10', paymentType: 'cash', cashAmount: 140000 }))
        .statusCode,
    ).toBe(409);
  });

  it('dispatches, shows the day load, starts, and records delivery with a residual-gas refund', async () => {
    const res = await a.manager.post('/api/orders/dispatch', dispatch([id]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dispatched: 1 });
    expect(await t.lastAudit('orders', id)).toMatchObject({ action: 'dispatch' });
    const load = (await a.manager.get(`/api/orders/dispatch-load?storeId=${a.storeIds[0]}&date=2026-01-10`)).json();
    expect(load).toEqual([expect.objectContaining({ userId: driverId, count: 1, open: 1 })]);
    // reassign keeps not_delivered
    const re = await a.manager.post('/api/orders/dispatch', dispatch([id], { deliveryAt: '2026-01-10T14:00:00+08:00' }));
    expect(re.json().orders[0].status).toBe('not_delivered');
    expect(await t.lastAudit('orders', id)).toMatchObject({ action: 'reassign' });
    expect((await a.manager.post(`/api/orders/${id}/complete`)).statusCode).toBe(409);
    expect((await a.manager.del(`/api/orders/${id}`)).statusCode).toBe(409);
    expect((await a.manager.post(`/api/orders/${id}/start`)).json().status).toBe('delivering');

    const bad = await a.manager.post(`/api/orders/${id}/delivered`, { gasWeightG: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.gasWeightG).toBeTruthy();
    const del = await a.manager.post(`/api/orders/${id}/delivered`, { gasWeightG: 19850, residualGasG: 2500, scaleDeviceId: 'SC-001' });
    expect(del.statusCode).toBe(200);
    // 19.85 kg × 36.00 = 714.60; residual 2.5 kg × 36.00 = 90.00 refunded; + 380 product + 300 service
    expect(del.json()).toMatchObject({
      status: 'completed',
      gasAmount: 71460,
      gasRefundAmount: 9000,
      currentRemainingG: 2500,
      scaleDeviceId: 'SC-001',
      totalAmount: 71460 - 9000 + 38000 + 30000,
    });
    expect(await t.lastAudit('orders', id)).toMatchObject({ action: 'delivered' });
    expect((await a.manager.post(`/api/orders/${id}/cancel`, { reason: 'late' })).statusCode).toBe(409);
  });

  it('carries the previous refund and usage into the next order', async () => {
    const next = (await a.manager.post('/api/orders', order({ orderDate: '2026-01-25', products: [] }))).json();
    await a.manager.post('/api/orders/dispatch', dispatch([next.id]));
    const done = (await a.manager.post(`/api/orders/${next.id}/delivered`, { gasWeightG: 20000, residualGasG: 1000 })).json();
    expect(done).toMatchObject({ previousOrderId: id, previousRefundAmount: 9000, currentUsageG: 19850 - 1000 });
    const q = (await a.manager.get(`/api/orders/quote?storeId=${a.storeIds[0]}&customerId=${customerId}`)).json();
    expect(q.previous).toMatchObject({ id: next.id, refundAmount: 3600, usageG: 18850 });
    const recent = (await a.manager.get(`/api/customers/${customerId}/recent-orders`)).json();
    expect(recent.map((o: { id: number }) => o.id)).toEqual([next.id, id]);
  });

  it('posts the payment: the amount must equal the total; payment row + payment_posted in one transaction', async () => {
    const total = (await a.manager.get(`/api/orders/${id}`)).json().totalAmount;
    const wrong = await a.manager.post(`/api/orders/${id}/payment`, {
      postingDate: '2026-01-10',
      paymentType: 'cash',
      cashAmount: total - 1,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.cashAmount).toBe('The payment must equal the amount due');
    const billNo = await a.manager.post(`/api/orders/${id}/payment`, { postingDate: '2026-01-10', paymentType: 'bill', billAmount: total });
    expect(billNo.json().errors.billNumber).toBe('This field is required');
    expect(
      (await a.staff.post(`/api/orders/${id}/payment`, { postingDate: '2026-01-10', paymentType: 'cash', cashAmount: total })).statusCode,
    ).toBe(403);
    const ok = await a.manager.post(`/api/orders/${id}/payment`, {
      postingDate: '2026-01-10',
      paymentType: 'cash',
      cashAmount: total,
      invoiceNumber: 'AB-12345678',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('payment_posted');
    expect(ok.json().payments).toEqual([expect.objectContaining({ cashAmount: total, paymentType: 'cash', invoiceNumber: 'AB12345678' })]);
    expect(await t.lastAudit('orders', id)).toMatchObject({ action: 'pay' });
    const pays = (await a.manager.get(`/api/customers/${customerId}/payments`)).json();
    expect(pays.items[0]).toMatchObject({ cashAmount: total, postingDate: '2026-01-10' });
    expect(
      (await a.manager.post(`/api/orders/${id}/payment`, { postingDate: '2026-01-10', paymentType: 'cash', cashAmount: total })).statusCode,
    ).toBe(409);
  });

  it('cancels with a reason (required) and deletes only placed or cancelled orders', async () => {
    const o = (await a.manager.post('/api/orders', order({ orderDate: '2026-01-12' }))).json();
    const noReason = await a.manager.post(`/api/orders/${o.id}/cancel`, { reason: '' });
    expect(noReason.json().errors.reason).toBe('This field is required');
    const c = await a.manager.post(`/api/orders/${o.id}/cancel`, { reason: '客戶取消' });
    expect(c.json()).toMatchObject({ status: 'cancelled', cancelReason: '客戶取消' });
    expect(await t.lastAudit('orders', o.id)).toMatchObject({ action: 'cancel' });
    expect((await a.manager.post(`/api/orders/${o.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
    expect((await a.manager.put(`/api/orders/${o.id}`, order())).statusCode).toBe(409);
    expect((await a.manager.del(`/api/orders/${o.id}`)).statusCode).toBe(204);
    expect(await t.lastAudit('orders', o.id)).toMatchObject({ action: 'delete' });
    expect((await a.manager.get(`/api/orders/${o.id}`)).statusCode).toBe(404);
    const paid = (await a.manager.get('/api/orders?status=payment_posted')).json().items[0];
    expect((await a.manager.del(`/api/orders/${paid.id}`)).statusCode).toBe(409);
  });

  it('completes a counter sale from placed; lists filter by status, date and keyword', async () => {
    const o = (await a.manager.post('/api/orders', order({ orderDate: '2026-01-13', gasWeightG: 0 }))).json();
    expect((await a.manager.post(`/api/orders/${o.id}/complete`)).json().status).toBe('completed');
    const list = (await a.manager.get('/api/orders?dateFrom=2026-01-13&dateTo=2026-01-13')).json();
    expect(list.items.map((x: { id: number }) => x.id)).toEqual([o.id]);
    expect((await a.manager.get(`/api/orders?keyword=${encodeURIComponent('淑芬')}`)).json().total).toBeGreaterThan(0);
    expect((await a.manager.get('/api/orders?status=nope')).statusCode).toBe(400);
  });
});

describe('orders: customer last order date and capped list total', () => {
  it("keeps the customer's last order date with order creation, edits, deletes and direct inserts, without rewriting the customer row", async () => {
    const c = (
      await a.manager.post('/api/customers', {
        storeId: a.storeIds[0],
        type: 'residential',
        name: '林記',
        phone: '0955-100-200',
        address: 'x',
      })
    ).json().id;
    const last = async () =>
      (await t.db.select({ d: customerLastOrders.lastOrderDate }).from(customerLastOrders).where(eq(customerLastOrders.customerId, c)))[0]
        ?.d ?? null;
    // The row version of the customer: an order must not create a new one (search indexes stay compact).
    const version = async () =>
      rowsOfResult<{ v: string }>(await t.db.execute(sql`select xmin::text as v from customers where id = ${c}`))[0]!.v;
    expect(await last()).toBeNull();
    const before = await version();
    const o1 = (await a.manager.post('/api/orders', order({ customerId: c, orderDate: '2026-02-03' }))).json();
    expect(await last()).toBe('2026-02-03');
    expect(await version()).toBe(before);
    const o2 = (await a.manager.post('/api/orders', order({ customerId: c, orderDate: '2026-01-20' }))).json();
    expect(await last()).toBe('2026-02-03'); // an older order does not move it back
    expect((await a.manager.put(`/api/orders/${o1.id}`, order({ customerId: c, orderDate: '2026-01-05' }))).statusCode).toBe(200);
    expect(await last()).toBe('2026-01-20'); // moved earlier: recomputed
    expect((await a.manager.put(`/api/orders/${o2.id}`, order({ orderDate: '2026-01-21' }))).statusCode).toBe(200);
    expect(await last()).toBe('2026-01-05'); // moved to another customer: recomputed
    expect((await a.manager.del(`/api/orders/${o1.id}`)).statusCode).toBe(204);
    expect(await last()).toBeNull();
    await t.db
      .insert(orders)
      .values({ groupId: a.groupId!, storeId: a.storeIds[0], orderNo: 'LAST-1', orderDate: '2026-03-01', customerId: c });
    expect(await last()).toBe('2026-03-01');
    // moved to another store: its last order goes along (Home counts customers per store from it)
    const moved = await a.manager.put(`/api/customers/${c}`, {
      storeId: a.storeIds[1],
      type: 'residential',
      name: '林記',
      phone: '0955-100-200',
      address: 'x',
    });
    expect(moved.statusCode).toBe(200);
    const [row] = await t.db.select().from(customerLastOrders).where(eq(customerLastOrders.customerId, c));
    expect(row).toMatchObject({ storeId: a.storeIds[1], lastOrderDate: '2026-03-01' });
  });

  it('answers the list total without a flag while it is exact', async () => {
    const res = (await a.manager.get('/api/orders?pageSize=1')).json();
    expect(res.items).toHaveLength(1);
    expect(res.total).toBeGreaterThan(1);
    expect(res.totalIsLowerBound).toBeUndefined();
    const all = (await a.manager.get('/api/orders?pageSize=500')).json();
    expect(all.total).toBe(all.items.length);
  });
});

describe('monthly billing', () => {
  let meterId: number;
  let countId: number;
  let meterOrder: { productsAmount: number; gasAmount: number; totalAmount: number };
  beforeAll(async () => {
    meterId = (
      await a.manager.post('/api/customers', {
        storeId: a.storeIds[0],
        type: 'monthly_meter',
        name: '幸福社區',
        meterNumber: 'M001',
        meterReading: 1000000,
        meterUnitPrice: 9500,
      })
    ).json().id;
    countId = (await a.manager.post('/api/customers', { storeId: a.storeIds[0], type: 'monthly_count', name: '大同工業社' })).json().id;
    for (const d of ['2026-02-03', '2026-02-17']) {
      const o = (await a.manager.post('/api/orders', order({ customerId: countId, orderDate: d, products: [] }))).json();
      await a.manager.post('/api/orders/dispatch', dispatch([o.id]));
      await a.manager.post(`/api/orders/${o.id}/delivered`, { gasWeightG: 50000 });
    }
    // the meter customer's order: gas (measured by the meter) and a product line (billed on top)
    const m = (await a.manager.post('/api/orders', order({ customerId: meterId, orderDate: '2026-02-10' }))).json();
    await a.manager.post('/api/orders/dispatch', dispatch([m.id]));
    meterOrder = (await a.manager.post(`/api/orders/${m.id}/delivered`, { gasWeightG: 20000 })).json();
  });

  it('lists monthly customers with unbilled orders; the meter reading is required', async () => {
    const list = (await a.manager.get('/api/billing?period=2026-02&billed=unbilled')).json();
    expect(list.items.map((i: { customerName: string }) => i.customerName).sort()).toEqual(['大同工業社', '幸福社區'].sort());
    const count = list.items.find((i: { customerId: number }) => i.customerId === countId);
    expect(count).toMatchObject({ unbilledCount: 2, unbilledAmount: 360000, billId: null });
    // a meter customer's gas is billed by the meter: only the product line is unbilled money
    expect(meterOrder.productsAmount).toBeGreaterThan(0);
    expect(meterOrder.gasAmount).toBeGreaterThan(0);
    const meterRow = list.items.find((i: { customerId: number }) => i.customerId === meterId);
    expect(meterRow).toMatchObject({ unbilledCount: 1, unbilledAmount: meterOrder.productsAmount });
    const res = await a.manager.post('/api/billing', {
      period: '2026-02',
      billingDate: '2026-03-01',
      customers: [{ customerId: meterId }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['customers.0.currentReading']).toBe('Please enter the current meter reading');
    const below = await a.manager.post('/api/billing', {
      period: '2026-02',
      billingDate: '2026-03-01',
      customers: [{ customerId: meterId, currentReading: 5 }],
    });
    expect(below.json().errors['customers.0.currentReading']).toBe('The current reading cannot be lower than the previous one');
    const notMonthly = await a.manager.post('/api/billing', { period: '2026-02', billingDate: '2026-03-01', customers: [{ customerId }] });
    expect(notMonthly.json().errors['customers.0.customerId']).toBe('This customer is not a monthly-settlement customer');
    expect(
      (await a.staff.post('/api/billing', { period: '2026-02', billingDate: '2026-03-01', customers: [{ customerId: countId }] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await b.manager.post('/api/billing', { period: '2026-02', billingDate: '2026-03-01', customers: [{ customerId: countId }] }))
        .statusCode,
    ).toBe(404);
  });

  it('opens on the latest month with something to bill, else the group’s current month', async () => {
    const res = await a.manager.get('/api/billing/period');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ period: '2026-02' });
    expect((await a.manager.get(`/api/billing/period?storeId=${a.storeIds[1]}`)).json()).toEqual({
      period: dateIn('Asia/Taipei').slice(0, 7),
    });
    expect((await b.manager.get('/api/billing/period')).json()).toEqual({ period: dateIn('Asia/Taipei').slice(0, 7) });
    expect((await b.manager.get(`/api/billing/period?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    const c = await t.tenant('Ord billing', { Home: ['view'] });
    expect((await c.staff.get('/api/billing/period')).statusCode).toBe(403);
  });

  it('refuses a bill of 0 unless confirmed (409 naming the customers), then generates it', async () => {
    const idle = (await a.manager.post('/api/customers', { storeId: a.storeIds[0], type: 'monthly_count', name: '空帳客戶' })).json().id;
    const body = { period: '2026-02', billingDate: '2026-03-01', customers: [{ customerId: idle }] };
    const refused = await a.manager.post('/api/billing', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'zeroBill', detail: 'The bill of 空帳客戶 would be 0: confirm to generate it anyway' });
    expect((await a.manager.get(`/api/customers/${idle}/bills`)).json()).toEqual([]);
    const confirmed = await a.manager.post('/api/billing', { ...body, confirmZero: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().bills[0]).toMatchObject({ customerId: idle, amount: 0, orderCount: 0 });
    await a.manager.del(`/api/billing/${confirmed.json().bills[0].id}`);
  });

  it('bills by count and by meter in one transaction, then posts the payments', async () => {
    const res = await a.manager.post('/api/billing', {
      period: '2026-02',
      billingDate: '2026-03-01',
      customers: [{ customerId: countId }, { customerId: meterId, currentReading: 1025500 }],
    });
    expect(res.statusCode).toBe(201);
    const bills = res.json().bills as { id: number; customerId: number; amount: number; mode: string; orderCount: number }[];
    const count = bills.find((x) => x.customerId === countId)!;
    const meter = bills.find((x) => x.customerId === meterId)!;
    expect(count).toMatchObject({ mode: 'count', orderCount: 2, amount: 360000 });
    // 25.5 m³ × 95.00 + the product line of the period's order (its gas is not charged twice)
    expect(meter).toMatchObject({
      mode: 'meter',
      orderCount: 1,
      linesAmount: meterOrder.productsAmount,
      amount: 242250 + meterOrder.productsAmount,
    });
    expect(await t.lastAudit('monthly_bills', count.id)).toMatchObject({ screen: 'Customer', action: 'bill' });
    expect((await a.manager.get(`/api/customers/${meterId}`)).json().meterReading).toBe(1025500);
    expect(
      (await a.manager.post('/api/billing', { period: '2026-02', billingDate: '2026-03-01', customers: [{ customerId: countId }] }))
        .statusCode,
    ).toBe(409);
    // an order on a bill is paid through the bill
    const billed = (await a.manager.get(`/api/orders?customerId=${countId}`)).json().items[0];
    expect(
      (
        await a.manager.post(`/api/orders/${billed.id}/payment`, {
          postingDate: '2026-03-02',
          paymentType: 'cash',
          cashAmount: billed.totalAmount,
        })
      ).statusCode,
    ).toBe(409);

    expect((await a.manager.get('/api/billing?period=2026-02&billed=billed&posted=unposted')).json().total).toBe(2);
    const post = await a.manager.post(`/api/billing/${count.id}/post`, {
      postingDate: '2026-03-05',
      paymentType: 'bill',
      billAmount: 360000,
      billNumber: 'CK123456',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ settledOrders: 2, bill: { status: 'posted' } });
    const settled = await t.db.select().from(orders).where(eq(orders.customerId, countId));
    expect(settled.every((o) => o.status === 'payment_posted')).toBe(true);
    expect(await t.db.select().from(payments).where(eq(payments.monthlyBillId, count.id))).toHaveLength(1);
    expect(
      (await a.manager.get('/api/billing?period=2026-02&posted=posted')).json().items.map((i: { customerId: number }) => i.customerId),
    ).toEqual([countId]);
    expect(
      (await a.manager.post(`/api/billing/${count.id}/post`, { postingDate: '2026-03-05', paymentType: 'cash', cashAmount: 360000 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await b.manager.post(`/api/billing/${meter.id}/post`, { postingDate: '2026-03-05', paymentType: 'cash', cashAmount: 242250 }))
        .statusCode,
    ).toBe(404);
    const bills2 = (await a.manager.get(`/api/customers/${countId}/bills`)).json();
    expect(bills2[0]).toMatchObject({ period: '2026-02', amount: 360000, status: 'posted' });

    // withdrawing the unposted meter bill restores the reading
    expect((await a.manager.del(`/api/billing/${meter.id}`)).statusCode).toBe(204);
    expect((await a.manager.get(`/api/customers/${meterId}`)).json().meterReading).toBe(1000000);
    expect(await t.lastAudit('monthly_bills', meter.id)).toMatchObject({ action: 'delete' });
  });
});

describe('cylinder operations on orders', () => {
  it('sums deposit/return/borrow/repay per size on the customer', async () => {
    const o = await a.manager.post(
      '/api/orders',
      order({
        orderDate: '2026-01-20',
        products: [],
        cylinders: [
          { kind: 'deposit', opDate: '2026-01-20', gas: '20kg', quantity: 2, unitPrice: 150000 },
          { kind: 'borrow', opDate: '2026-01-20', gas: '50kg', quantity: 1, unitPrice: 0 },
          { kind: 'return', opDate: '2026-01-20', gas: '20kg', quantity: 1, unitPrice: 150000 },
        ],
      }),
    );
    expect(o.statusCode).toBe(201);
    expect(o.json().cylindersAmount).toBe(150000);
    const bal = (await a.manager.get(`/api/customers/${customerId}/cylinders`)).json();
    expect(bal).toEqual([
      expect.objectContaining({ gas: '20kg', deposit: 2, return: 1, depositBalance: 1, borrowBalance: 0 }),
      expect.objectContaining({ gas: '50kg', borrow: 1, borrowBalance: 1 }),
    ]);
    const bad = await a.manager.post(
      '/api/orders',
      order({ cylinders: [{ kind: 'steal', opDate: '2026-01-20', gas: '', quantity: 0, unitPrice: 0 }] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['cylinders.0.kind', 'cylinders.0.gas', 'cylinders.0.quantity']));
  });
});

describe('public order page', () => {
  it('lists stores and the products in force, without signing in', async () => {
    const stores = (await t.anon.get('/api/public/stores')).json();
    expect(stores.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining(a.storeIds));
    expect(Object.keys(stores[0]).sort()).toEqual(['address', 'currency', 'id', 'name', 'phone']);
    // prices are shown in the store group's currency
    await t.db.update(storeGroups).set({ currency: 'MYR' }).where(eq(storeGroups.id, b.groupId!));
    const bStore = ((await t.anon.get('/api/public/stores')).json() as { id: number; currency: string }[]).find(
      (s) => s.id === b.storeIds[0],
    );
    expect(bStore?.currency).toBe('MYR');
    const products = (await t.anon.get(`/api/public/stores/${a.storeIds[0]}/products`)).json();
    expect(products.map((p: { id: number }) => p.id)).toContain(productId);
    expect((await t.anon.get('/api/public/stores/999999/products')).statusCode).toBe(404);
  });

  it('answers a known and an unknown phone the same way; links the known one; once per key; logged', async () => {
    const body = {
      storeId: a.storeIds[0],
      name: '陳小姐',
      address: '台北市中山區松江路 10 號',
      cylinderKg: 20,
      cylinderCount: 1,
      products: [{ productId, quantity: 1 }],
      preferredTime: '下午',
    };
    const known = await t.anon.post(
      '/api/public/orders',
      { ...body, phone: '0911 222 333' },
      { headers: { 'idempotency-key': 'public-key-0001' } },
    );
    const unknown = await t.anon.post('/api/public/orders', { ...body, phone: '0987-654-321' });
    expect(known.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    expect(Object.keys(known.json()).sort()).toEqual(Object.keys(unknown.json()).sort());
    expect(known.json().detail).toBe(unknown.json().detail);
    const again = await t.anon.post(
      '/api/public/orders',
      { ...body, phone: '0911 222 333' },
      { headers: { 'idempotency-key': 'public-key-0001' } },
    );
    expect(again.json().reference).toBe(known.json().reference);

    const [k] = await t.db.select().from(orders).where(eq(orders.orderNo, known.json().reference));
    expect(k).toMatchObject({
      status: 'placed',
      source: 'public',
      customerId,
      gasWeightG: 20000,
      gasAmount: 72000,
      productsAmount: 38000,
      preferredTime: '下午',
    });
    const [u] = await t.db.select().from(orders).where(eq(orders.orderNo, unknown.json().reference));
    expect(u).toMatchObject({ status: 'placed', source: 'public', customerId: null, contactPhone: '0987-654-321' });
    expect(await t.lastAudit('orders', u!.id)).toMatchObject({ action: 'publicOrder', groupId: a.groupId, userId: null });
    // an order without a customer cannot be dispatched until staff link one
    const d = await a.manager.post('/api/orders/dispatch', dispatch([u!.id]));
    expect(d.statusCode).toBe(400);
    expect(d.json().errors.customerId).toBe('Please select a customer');
  });

  it('validates the public body with field messages', async () => {
    const res = await t.anon.post(
      '/api/public/orders',
      { storeId: a.storeIds[0], phone: 'abc', name: '', address: '' },
      { headers: { 'accept-language': 'zh-TW' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toBe('此欄位為必填');
    expect(res.json().errors.phone).toBe('格式不正確');
    const nothing = await t.anon.post('/api/public/orders', { storeId: a.storeIds[0], phone: '0911222333', name: 'x', address: 'y' });
    expect(nothing.json().errors.cylinderCount).toBeTruthy();
  });

  it('is rate-limited (config.publicOrderRateLimit)', async () => {
    let limited = false;
    for (let i = 0; i < 15 && !limited; i++) {
      const res = await t.anon.post('/api/public/orders', { storeId: a.storeIds[0], phone: 'bad', name: '', address: '' });
      if (res.statusCode === 429) limited = true;
    }
    expect(limited).toBe(true);
  });
});

describe('lookups used by the order form and dispatch board', () => {
  it('answers in scope, 404 for another tenant, 403 without the screen', async () => {
    const opts = (await a.manager.get(`/api/customers/options?storeId=${a.storeIds[0]}&keyword=${encodeURIComponent('淑芬')}`)).json();
    expect(opts.map((c: { id: number }) => c.id)).toEqual([customerId]);
    expect((await b.manager.get(`/api/customers/options?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await b.manager.get('/api/customers/options')).json()).toEqual([]);
    const persons = (await a.staff.get(`/api/delivery-persons?storeId=${a.storeIds[0]}`)).json();
    expect(persons.map((p: { userId: number }) => p.userId)).toEqual([driverId]);
    expect((await b.manager.get(`/api/delivery-persons?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await b.manager.get(`/api/orders/quote?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await b.manager.get(`/api/orders/quote?storeId=${b.storeIds[0]}&customerId=${customerId}`)).json().errors.customerId).toBe(
      'Please select a customer',
    );
    expect((await b.manager.get(`/api/orders/dispatch-load?storeId=${a.storeIds[0]}&date=2026-01-10`)).statusCode).toBe(404);
    expect((await a.manager.get(`/api/orders/dispatch-load?storeId=${a.storeIds[0]}&date=bad`)).json().errors.date).toBe('Invalid format');
    const orders = (await a.manager.get(`/api/customers/${customerId}/orders?pageSize=2`)).json();
    expect(orders.total).toBeGreaterThan(2);
    expect(orders.items).toHaveLength(2);
    // a user whose role has no DispatchOrder / Customer screens
    const c = await t.tenant('Ord C', { Home: ['view'] });
    expect((await c.staff.get(`/api/orders/dispatch-load?storeId=${c.storeIds[0]}&date=2026-01-10`)).statusCode).toBe(403);
    expect((await c.staff.get(`/api/orders/quote?storeId=${c.storeIds[0]}`)).statusCode).toBe(403);
    expect((await c.staff.get('/api/customers/options')).statusCode).toBe(403);
    expect((await c.staff.get('/api/billing?period=2026-02')).statusCode).toBe(403);
    expect((await c.staff.get(`/api/delivery-persons?storeId=${c.storeIds[0]}`)).statusCode).toBe(403);
  });
});

describe('money and order mistakes (issue 11)', () => {
  // Public orders from their own address: the rate-limit test above used up the test address's minute.
  let ip = 0;
  const placePublic = (body: Record<string, unknown>) =>
    t.anon.post('/api/public/orders', { cylinderKg: 20, cylinderCount: 1, ...body }, { remoteAddress: `10.11.0.${++ip}` });
  const delivered = async (id: number, body: Record<string, unknown>) => {
    await a.manager.post('/api/orders/dispatch', dispatch([id]));
    return a.manager.post(`/api/orders/${id}/delivered`, body);
  };

  it('refuses residual gas above the gas delivered or a full cylinder, per gas, with field messages (form and delivery)', async () => {
    const over = await a.manager.post('/api/orders', order({ gasWeightG: 20000, residualGasG: 20001 }));
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.residualGasG).toBe('The residual gas cannot be more than the gas delivered');
    const propane = await a.manager.post('/api/orders', order({ propaneWeightG: 0, propaneResidualG: 1000 }));
    expect(propane.json().errors.propaneResidualG).toBe('The residual gas cannot be more than the gas delivered');
    const cylinder = await a.manager.post('/api/orders', order({ gasWeightG: 100000, residualGasG: 50001 }));
    expect(cylinder.json().errors.residualGasG).toBe('The residual gas cannot be more than a full cylinder');
    const heavy = await a.manager.post('/api/orders', order({ gasWeightG: 1_000_001 }));
    expect(heavy.json().errors.gasWeightG).toBe('The weight is above the limit of one order');
    const zh = await a.manager.post('/api/orders', order({ gasWeightG: 10000, residualGasG: 12000 }), {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(zh.json().errors.residualGasG).toBe('殘氣不可大於本次配送的瓦斯重量');
    // the residual bound holds at delivery too (the field app calls the same API)
    const o = (await a.manager.post('/api/orders', order({ orderDate: '2026-03-02', products: [] }))).json();
    const bad = await delivered(o.id, { gasWeightG: 16000, residualGasG: 18000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.residualGasG).toBe('The residual gas cannot be more than the gas delivered');
    expect((await a.manager.get(`/api/orders/${o.id}`)).json().status).toBe('not_delivered');
    await a.manager.post(`/api/orders/${o.id}/cancel`, { reason: 'test' });
  });

  it('never stores a negative total or an amount past the limits: 400 on the offending field', async () => {
    const refundOnly = await a.manager.post(
      '/api/orders',
      order({
        gasWeightG: 0,
        products: [],
        cylinders: [{ kind: 'return', opDate: '2026-01-20', gas: '20kg', quantity: 1, unitPrice: 150000 }],
      }),
    );
    expect(refundOnly.statusCode).toBe(400);
    expect(refundOnly.json().errors['cylinders.0.unitPrice']).toBe('The order total cannot be negative');
    const huge = await a.manager.post(
      '/api/orders',
      order({ cylinders: [{ kind: 'deposit', opDate: '2026-01-20', gas: '20kg', quantity: 10000, unitPrice: 10_000_000 }] }),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors['cylinders.0.quantity']).toBe('The amount is above the limit of one order');
    const price = await a.manager.post(
      '/api/orders',
      order({ cylinders: [{ kind: 'deposit', opDate: '2026-01-20', gas: '20kg', quantity: 1, unitPrice: 10_000_001 }] }),
    );
    expect(price.json().errors['cylinders.0.unitPrice']).toBeTruthy();
    // a deposit returned on an order that also sells gas is fine while the total stays ≥ 0
    const fine = await a.manager.post(
      '/api/orders',
      order({
        orderDate: '2026-03-03',
        products: [],
        cylinders: [{ kind: 'return', opDate: '2026-03-03', gas: '20kg', quantity: 1, unitPrice: 50000 }],
      }),
    );
    expect(fine.statusCode).toBe(201);
    expect(fine.json().totalAmount).toBe(72000 - 50000);
    await a.manager.del(`/api/orders/${fine.json().id}`);
  });

  it('a staff order needs a customer, on create and on edit (seed §5 "must select customer")', async () => {
    const none = await a.manager.post('/api/orders', order({ customerId: null }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.customerId).toBe('Please select a customer');
    const missing = await a.manager.post('/api/orders', { ...order(), customerId: undefined });
    expect(missing.json().errors.customerId).toBe('Please select a customer');
    const o = (await a.manager.post('/api/orders', order({ orderDate: '2026-03-04' }))).json();
    const edit = await a.manager.put(`/api/orders/${o.id}`, order({ customerId: '' }), { headers: { 'accept-language': 'zh-TW' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors.customerId).toBe('請選擇客戶');
    await a.manager.del(`/api/orders/${o.id}`);
  });

  it('turns a public order by an unknown phone into a customer in one step, then it can be dispatched', async () => {
    const body = { storeId: a.storeIds[0], name: '黃先生', phone: '0922-000-111', address: '台北市大同區民生西路 5 號' };
    const placed = await placePublic(body);
    const [o] = await t.db.select().from(orders).where(eq(orders.orderNo, placed.json().reference));
    expect(o!.customerId).toBeNull();
    expect((await a.manager.get(`/api/orders/${o!.id}/customer-matches`)).json()).toEqual([]);
    // a user who may edit orders but not add customers
    const c = await t.tenant('Ord D', { DispatchOrder: ['view', 'edit'] });
    expect((await c.staff.post(`/api/orders/${o!.id}/customer`, { type: 'residential', name: 'x' })).statusCode).toBe(404);
    expect((await b.manager.post(`/api/orders/${o!.id}/customer`, { type: 'residential', name: 'x' })).statusCode).toBe(404);
    const invalid = await a.manager.post(`/api/orders/${o!.id}/customer`, { type: 'residential', name: '', phone: 'abc' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({ name: 'This field is required', phone: 'Invalid format' });

    const res = await a.manager.post(`/api/orders/${o!.id}/customer`, {
      type: 'residential',
      name: body.name,
      phone: body.phone,
      address: body.address,
    });
    expect(res.statusCode).toBe(201);
    const linked = res.json();
    expect(linked).toMatchObject({ customerType: 'residential', customerName: '黃先生', gasUnitPrice: 3600, totalAmount: 72000 });
    const customer = (await a.manager.get(`/api/customers/${linked.customerId}`)).json();
    expect(customer).toMatchObject({ storeId: a.storeIds[0], name: '黃先生', phone: '0922-000-111', address: body.address });
    expect(await t.lastAudit('customers', linked.customerId)).toMatchObject({ screen: 'DispatchOrder', groupId: a.groupId });
    expect(await t.lastAudit('orders', o!.id)).toMatchObject({ action: 'createCustomer', after: { customerId: linked.customerId } });
    const again = await a.manager.post(`/api/orders/${o!.id}/customer`, { type: 'residential', name: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This order already has a customer');
    expect((await a.manager.post('/api/orders/dispatch', dispatch([o!.id]))).statusCode).toBe(200);
  });

  it('offers the customer already on file with the order’s phone, and links it at its price', async () => {
    const placed = await placePublic({ storeId: a.storeIds[0], name: '周小姐', phone: '0933 444 555', address: '新北市板橋區文化路 1 號' });
    const [o] = await t.db.select().from(orders).where(eq(orders.orderNo, placed.json().reference));
    // the customer is added (by someone else) after the order came in
    const existing = (
      await a.manager.post('/api/customers', { storeId: a.storeIds[0], type: 'store', name: '周記小吃', phone: '0933-444-555' })
    ).json();
    const matches = (await a.manager.get(`/api/orders/${o!.id}/customer-matches`)).json();
    expect(matches).toEqual([expect.objectContaining({ id: existing.id, name: '周記小吃' })]);
    const c = await t.tenant('Ord E', { DispatchOrder: ['view', 'edit'] });
    expect((await c.staff.post(`/api/orders/${o!.id}/attach-customer`, { customerId: existing.id })).statusCode).toBe(404);
    const wrongStore = (
      await a.manager.post('/api/customers', { storeId: a.storeIds[1], type: 'residential', name: 'other store', phone: '0933444555' })
    ).json();
    const refused = await a.manager.post(`/api/orders/${o!.id}/attach-customer`, { customerId: wrongStore.id });
    expect(refused.json().errors.customerId).toBe('Please select a customer');
    const res = await a.manager.post(`/api/orders/${o!.id}/attach-customer`, { customerId: existing.id });
    expect(res.statusCode).toBe(200);
    // a store-type customer pays the store gas price (34.00 / kg)
    expect(res.json()).toMatchObject({ customerId: existing.id, customerType: 'store', gasUnitPrice: 3400, totalAmount: 68000 });
    expect(await t.lastAudit('orders', o!.id)).toMatchObject({ action: 'linkCustomer' });
    expect((await a.manager.post(`/api/orders/${o!.id}/attach-customer`, { customerId: existing.id })).statusCode).toBe(409);
    expect((await a.manager.get(`/api/orders/${o!.id}/customer-matches`)).json()).toEqual([]);
  });

  it('finds the customer on file whose phone was typed in its international form', async () => {
    const existing = (
      await a.manager.post('/api/customers', { storeId: a.storeIds[0], type: 'residential', name: '國際號碼', phone: '+886 912-000-777' })
    ).json();
    const placed = await placePublic({ storeId: a.storeIds[0], name: '吳先生', phone: '0912 000 777', address: '新北市板橋區文化路 2 號' });
    const [o] = await t.db.select().from(orders).where(eq(orders.orderNo, placed.json().reference));
    // A known phone links the order to its customer at once.
    expect(o!.customerId).toBe(existing.id);
  });

  it('creating a customer from an order needs the right to add customers (403)', async () => {
    const c = await t.tenant('Ord F', { DispatchOrder: ['view', 'edit'] });
    const placed = await placePublic({ storeId: c.storeIds[0], name: '林太太', phone: '0944-555-666', address: 'x' });
    const [o] = await t.db.select().from(orders).where(eq(orders.orderNo, placed.json().reference));
    expect((await c.staff.post(`/api/orders/${o!.id}/customer`, { type: 'residential', name: '林太太' })).statusCode).toBe(403);
    expect((await c.manager.post(`/api/orders/${o!.id}/customer`, { type: 'residential', name: '林太太' })).statusCode).toBe(201);
  });

  it('store gas: no refund now, the residual becomes the customer’s gas credit, used on the next order (ledger, audited)', async () => {
    const cid = (
      await a.manager.post('/api/customers', { storeId: a.storeIds[0], type: 'residential', name: '存氣客戶', phone: '0955-111-222' })
    ).json().id;
    const first = (await a.manager.post('/api/orders', order({ customerId: cid, orderDate: '2026-03-10', products: [] }))).json();
    const stored = await delivered(first.id, { gasWeightG: 20000, residualGasG: 2500, gasStatus: 'store' });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({
      gasStatus: 'store',
      gasAmount: 72000,
      gasRefundAmount: 0,
      storedGasG: 2500,
      creditUsedG: 0,
      totalAmount: 72000,
    });
    expect(await t.lastAudit('orders', first.id)).toMatchObject({ action: 'delivered', after: { gasStatus: 'store', storedGasG: 2500 } });
    const credit = (await a.manager.get(`/api/customers/${cid}/gas-credit`)).json();
    expect(credit).toMatchObject({ balanceG: 2500, total: 1 });
    expect(credit.items[0]).toMatchObject({ kind: 'stored', grams: 2500, balanceG: 2500, orderId: first.id, orderNo: first.orderNo });
    const q = (await a.manager.get(`/api/orders/quote?storeId=${a.storeIds[0]}&customerId=${cid}`)).json();
    expect(q.creditBalanceG).toBe(2500);

    // the next order: the credit comes off the gas charged (2.5 kg × 36.00 = 90.00), the balance goes to 0
    const next = (await a.manager.post('/api/orders', order({ customerId: cid, orderDate: '2026-03-20', products: [] }))).json();
    expect(next).toMatchObject({ creditUsedG: 2500, creditAmount: 9000, totalAmount: 63000 });
    const used = (await delivered(next.id, { gasWeightG: 20000, residualGasG: 1000 })).json();
    expect(used).toMatchObject({ gasStatus: 'return', creditUsedG: 2500, creditAmount: 9000, gasRefundAmount: 3600 });
    expect(used.totalAmount).toBe(72000 - 9000 - 3600);
    const after = (await a.manager.get(`/api/customers/${cid}/gas-credit`)).json();
    expect(after.balanceG).toBe(0);
    expect(after.items.map((i: { kind: string; grams: number; balanceG: number }) => [i.kind, i.grams, i.balanceG])).toEqual([
      ['used', -2500, 0],
      ['stored', 2500, 2500],
    ]);
    // a third order has no credit left
    const third = (await a.manager.post('/api/orders', order({ customerId: cid, orderDate: '2026-03-25', products: [] }))).json();
    expect(third).toMatchObject({ creditUsedG: 0, totalAmount: 72000 });
    expect((await b.manager.get(`/api/customers/${cid}/gas-credit`)).statusCode).toBe(404);
    const noView = await t.tenant('Ord G', { Home: ['view'] });
    expect((await noView.staff.get(`/api/customers/${noView.storeIds[0]}/gas-credit`)).statusCode).toBe(403);
  });

  it('store gas chosen on the order form is kept by a counter sale; a credit never exceeds the gas delivered', async () => {
    const cid = (await a.manager.post('/api/customers', { storeId: a.storeIds[0], type: 'residential', name: '櫃檯存氣' })).json().id;
    const o = (
      await a.manager.post(
        '/api/orders',
        order({ customerId: cid, orderDate: '2026-03-11', products: [], gasWeightG: 4000, residualGasG: 3000, gasStatus: 'store' }),
      )
    ).json();
    expect(o).toMatchObject({ gasStatus: 'store', gasRefundAmount: 0, totalAmount: 14400 });
    const done = (await a.manager.post(`/api/orders/${o.id}/complete`)).json();
    expect(done).toMatchObject({ status: 'completed', storedGasG: 3000 });
    expect((await a.manager.get(`/api/customers/${cid}/gas-credit`)).json().balanceG).toBe(3000);
    // 2 kg delivered: 2 kg of the 3 kg credit used, 1 kg left
    const small = (
      await a.manager.post('/api/orders', order({ customerId: cid, orderDate: '2026-03-12', products: [], gasWeightG: 2000 }))
    ).json();
    const sold = (await a.manager.post(`/api/orders/${small.id}/complete`)).json();
    expect(sold).toMatchObject({ creditUsedG: 2000, creditAmount: 7200, totalAmount: 0 });
    expect((await a.manager.get(`/api/customers/${cid}/gas-credit`)).json().balanceG).toBe(1000);
  });
});

describe('order list statements, built once per filter shape', () => {
  type Item = {
    id: number;
    orderNo: string;
    orderDate: string;
    storeId: number;
    customerId: number | null;
    customerName: string | null;
    customerPhone: string | null;
    deliveryAddress: string | null;
    status: string;
    deliveryPersonId: number | null;
  };
  type Query = Record<string, string | number>;
  let all: Item[];
  const ids = (items: Item[]) => items.map((x) => x.id);
  /** What the list should answer, from the whole unfiltered list (newest order date, then id, first). */
  const expected = (q: Query, stores: number[]) => {
    const k = typeof q.keyword === 'string' ? q.keyword.toLowerCase() : null;
    const matches = all.filter(
      (o) =>
        stores.includes(o.storeId) &&
        (q.storeId === undefined || o.storeId === q.storeId) &&
        (q.status === undefined || o.status === q.status) &&
        (q.customerId === undefined || o.customerId === q.customerId) &&
        (q.deliveryPersonId === undefined || o.deliveryPersonId === q.deliveryPersonId) &&
        (q.unassigned !== 'true' || o.deliveryPersonId === null) &&
        (q.dateFrom === undefined || o.orderDate >= String(q.dateFrom)) &&
        (q.dateTo === undefined || o.orderDate <= String(q.dateTo)) &&
        (k === null || [o.orderNo, o.customerName, o.customerPhone, o.deliveryAddress].some((v) => v?.toLowerCase().includes(k))),
    );
    const pageSize = Number(q.pageSize ?? 20);
    const offset = (Number(q.page ?? 1) - 1) * pageSize;
    return { ids: ids(matches.slice(offset, offset + pageSize)), total: matches.length };
  };
  const url = (q: Query) => `/api/orders?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;

  beforeAll(async () => {
    // Orders in both stores, some assigned, over a few days; the second store's customer by another name.
    const other = (
      await a.manager.post('/api/customers', {
        storeId: a.storeIds[1],
        type: 'residential',
        name: '王小明',
        phone: '0922-000-111',
        address: '台中市西屯區 1 號',
      })
    ).json().id;
    for (const [store, date, then] of [
      [1, '2026-04-01', null],
      [0, '2026-04-02', 'dispatch'],
      [1, '2026-04-02', 'complete'],
      [0, '2026-04-03', null],
      [0, '2026-04-03', 'complete'],
      [1, '2026-04-04', null],
      [0, '2026-04-04', 'dispatch'],
      [1, '2026-04-05', null],
    ] as const) {
      const o = (
        await a.manager.post(
          '/api/orders',
          order({ storeId: a.storeIds[store], customerId: store === 0 ? customerId : other, orderDate: date, products: [] }),
        )
      ).json();
      expect(o.id).toBeGreaterThan(0);
      if (then === 'dispatch') expect((await a.manager.post('/api/orders/dispatch', dispatch([o.id]))).statusCode).toBe(200);
      if (then === 'complete') expect((await a.manager.post(`/api/orders/${o.id}/complete`)).statusCode).toBe(200);
    }
    all = (await a.manager.get('/api/orders?pageSize=500')).json().items;
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.length).toBeLessThan(500);
  });

  it('answers every shape and its values right, in any order, for users of one store, several stores and a store scope', async () => {
    const [s0, s1] = a.storeIds;
    const queries: Query[] = [
      {},
      { storeId: s0 },
      { storeId: s1 },
      { status: 'placed' },
      { status: 'completed', storeId: s0 },
      { customerId },
      { deliveryPersonId: driverId },
      { unassigned: 'true' },
      { unassigned: 'true', storeId: s1 },
      { dateFrom: '2026-04-02' },
      { dateTo: '2026-04-02' },
      { dateFrom: '2026-01-10', dateTo: '2026-01-13' },
      { dateFrom: '2026-04-01', dateTo: '2026-04-02', storeId: s1 },
      { keyword: '淑芬' },
      { keyword: '王小明', storeId: s1 },
      { keyword: '0922' },
      { page: 2, pageSize: 3 },
      { page: 3, pageSize: 2, storeId: s0 },
      { page: 2, pageSize: 2, keyword: '台中' },
      { page: 40, pageSize: 20 }, // past the end: counted apart
      { page: 40, pageSize: 20, status: 'placed' },
    ];
    const callers = [
      { name: 'manager', get: (q: Query) => a.manager.get(url(q)), stores: [s0, s1] },
      { name: 'staff (one store)', get: (q: Query) => a.staff.get(url(q)), stores: [s0] },
      {
        name: 'manager, header scope',
        get: (q: Query) => a.manager.get(url(q), { headers: { 'x-store-scope': String(s1) } }),
        stores: [s1],
      },
    ];
    const runs = callers.flatMap((c) => queries.filter((q) => c.name === 'manager' || q.storeId === undefined).map((q) => ({ c, q })));
    // In order, backwards, then interleaved (every third): each shape first met with other values than before.
    const orders3 = [runs, [...runs].reverse(), [0, 1, 2].flatMap((r) => runs.filter((_, i) => i % 3 === r))];
    for (const sequence of orders3)
      for (const { c, q } of sequence) {
        const res = await c.get(q);
        expect(res.statusCode, `${c.name} ${url(q)}`).toBe(200);
        const page = res.json();
        const want = expected(q, c.stores);
        expect({ ids: ids(page.items), total: page.total }, `${c.name} ${url(q)}`).toEqual(want);
      }
    // Another tenant's store is still a 404, and another group sees none of these orders.
    expect((await b.manager.get(url({ storeId: s0 }))).statusCode).toBe(404);
    expect(ids((await b.manager.get(url({ keyword: '王小明' }))).json().items)).toEqual([]);
  });

  // PostgreSQL only: PGlite has no pool to name statements on.
  it.skipIf(!process.env.DATABASE_URL)('runs a built list as a named prepared statement, a keyword search unnamed', async () => {
    const prepared = async (like: string) =>
      rowsOfResult<{ n: number }>(
        await t.db.execute(
          sql`select count(*)::int as n from pg_prepared_statements where name like 'gasops_%' and statement like ${like}`,
        ),
      )[0]!.n;
    // One at a time, the pool hands out its most recently released connection: the one that ran the list.
    for (const dateFrom of ['2026-04-01', '2026-04-02']) await a.manager.get(url({ storeId: a.storeIds[1], dateFrom, unassigned: 'true' }));
    expect(await prepared('%"orders"."delivery_person_id" is null%"orders"."order_date" >= $%')).toBe(1);
    for (const keyword of ['王小明', '台中']) await a.manager.get(url({ storeId: a.storeIds[1], keyword, unassigned: 'true' }));
    expect(await prepared('%ILIKE%')).toBe(0);
  });

  it('keeps at most MAX_SHAPES shapes per database and still answers an evicted shape right', async () => {
    const optional: Query[] = [
      { status: 'placed' },
      { customerId },
      { deliveryPersonId: driverId },
      { unassigned: 'true' },
      { dateFrom: '2026-01-01' },
      { dateTo: '2026-12-31' },
      { keyword: '0' },
      { page: 2, pageSize: 1 },
    ];
    const [s0, s1] = a.storeIds;
    const queries = Array.from(
      { length: MAX_SHAPES + 10 },
      (_, n) => Object.assign({}, ...optional.filter((_, bit) => n & (1 << bit))) as Query,
    );
    for (const q of queries) {
      const page = (await a.manager.get(url(q))).json();
      expect({ ids: ids(page.items), total: page.total }, url(q)).toEqual(expected(q, [s0, s1]));
    }
    expect(listOrderShapes(t.db)).toHaveLength(MAX_SHAPES);
    // The first shapes were dropped (least recently used); asked again, they are built again.
    const page = (await a.manager.get(url(queries[1]!))).json();
    expect({ ids: ids(page.items), total: page.total }).toEqual(expected(queries[1]!, [s0, s1]));
    expect(listOrderShapes(t.db)).toHaveLength(MAX_SHAPES);
  });
});

describe('order list timestamps', () => {
  it('answers each order’s instants as ISO 8601 of the stored value, cut to milliseconds, in any session time zone', async () => {
    const [first] = (await a.manager.get('/api/orders?pageSize=1')).json().items as { id: number }[];
    await t.db.execute(
      sql`update orders set delivery_at = '2026-01-02 03:04:05.678912+00', created_at = '2026-01-02 03:04:05+00' where id = ${first!.id}`,
    );
    const stored = await t.db.select({ id: orders.id, createdAt: orders.createdAt, deliveryAt: orders.deliveryAt }).from(orders);
    const want = new Map(
      stored.map((o) => [o.id, { createdAt: o.createdAt.toISOString(), deliveryAt: o.deliveryAt?.toISOString() ?? null }]),
    );
    const items = (await a.manager.get('/api/orders?pageSize=500')).json().items as {
      id: number;
      createdAt: string;
      deliveryAt: string | null;
    }[];
    expect(items.length).toBeGreaterThan(1);
    expect(items.find((o) => o.id === first!.id)).toMatchObject({
      createdAt: '2026-01-02T03:04:05.000Z',
      deliveryAt: '2026-01-02T03:04:05.678Z',
    });
    for (const o of items) expect({ createdAt: o.createdAt, deliveryAt: o.deliveryAt }).toEqual(want.get(o.id));
  });
});
