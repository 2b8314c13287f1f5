import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dateIn, invoicePeriodOf } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { stores } from '../../platform/platform.schema.js';
import { customers } from '../customers/customers.schema.js';
import { orderProductLines, orders, orderServiceLines } from '../orders/orders.schema.js';
import { invoices, invoiceTracks } from './invoices.schema.js';

// Monthly bills as an invoice source (issue 14): POST /api/invoices with `monthlyBillId`.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let trackId: number;

beforeAll(async () => {
  t = await createTestApp({ secretsKey: 'test-secret' });
  a = await t.tenant('Bill invoices A');
  b = await t.tenant('Bill invoices B');
  for (const tenant of [a, b])
    await t.db.update(stores).set({ issuesInvoice: true, unifiedNumber: '04595257' }).where(eq(stores.groupId, tenant.groupId));
  const settings = await a.manager.put('/api/store/StoreInvoice/settings', {
    storeId: a.storeIds[0],
    sellerUbn: '04595257',
    sellerName: 'Gas shop',
  });
  expect(settings.statusCode).toBe(200);
  // The period of today on the groups' calendar (Asia/Taipei), where the server dates invoices.
  const now = invoicePeriodOf(dateIn('Asia/Taipei'));
  const track = await a.manager.post('/api/store/StoreInvoice', {
    storeId: a.storeIds[0],
    rocYear: now.rocYear,
    period: now.period,
    prefix: 'MB',
    start: '00000000',
    end: '00000099',
  });
  expect(track.statusCode).toBe(200);
  trackId = track.json().id;
});
afterAll(async () => {
  await t.close();
});

type Customer = typeof customers.$inferSelect;
async function customer(tenant: Tenant, over: Partial<typeof customers.$inferInsert> = {}): Promise<Customer> {
  const [c] = await t.db
    .insert(customers)
    .values({ groupId: tenant.groupId, storeId: tenant.storeIds[0], type: 'monthly_count', name: 'Monthly customer', ...over })
    .returning();
  return c!;
}

let orderSeq = 0;
/** A completed order of a customer with gas, product and service lines (direct insert: the orders module is not under test). */
async function order(
  tenant: Tenant,
  c: Customer,
  orderDate: string,
  lines: { gasG: number; gas: number; products?: [string, number, number][]; services?: [string, number][] },
) {
  const products = lines.products ?? [];
  const services = lines.services ?? [];
  const productsAmount = products.reduce((s, [, q, p]) => s + q * p, 0);
  const servicesAmount = services.reduce((s, [, amount]) => s + amount, 0);
  const [o] = await t.db
    .insert(orders)
    .values({
      groupId: tenant.groupId,
      storeId: c.storeId,
      customerId: c.id,
      customerType: c.type,
      orderNo: `BILL${++orderSeq}`,
      orderDate,
      status: 'completed',
      gasWeightG: lines.gasG,
      gasAmount: lines.gas,
      productsAmount,
      servicesAmount,
      totalAmount: lines.gas + productsAmount + servicesAmount,
    })
    .returning();
  for (const [productName, quantity, unitPrice] of products)
    await t.db.insert(orderProductLines).values({
      orderId: o!.id,
      groupId: tenant.groupId,
      storeId: c.storeId,
      productName,
      unitPrice,
      quantity,
      amount: quantity * unitPrice,
    });
  for (const [content, amount] of services)
    await t.db.insert(orderServiceLines).values({ orderId: o!.id, groupId: tenant.groupId, storeId: c.storeId, content, amount });
  return o!;
}

/** Generates the customer's bill of the period through the billing API and, unless told otherwise, posts its payment. */
async function bill(
  tenant: Tenant,
  c: Customer,
  period: string,
  { post = true, currentReading }: { post?: boolean; currentReading?: number } = {},
) {
  const generated = await tenant.manager.post('/api/billing', {
    period,
    billingDate: `${period}-28`,
    customers: [{ customerId: c.id, currentReading }],
  });
  expect(generated.statusCode).toBe(201);
  const created = generated.json().bills[0] as { id: number; amount: number };
  if (post) {
    const posted = await tenant.manager.post(`/api/billing/${created.id}/post`, {
      postingDate: `${period}-28`,
      paymentType: 'cash',
      cashAmount: created.amount,
    });
    expect(posted.statusCode).toBe(200);
  }
  return created;
}

const used = async () => (await t.db.select().from(invoiceTracks).where(eq(invoiceTracks.id, trackId)))[0]!.used;

describe('issuing an invoice for a monthly bill', () => {
  it("takes its orders' lines, the total and the customer as company buyer; audited; issuing again answers the same invoice", async () => {
    const company = await customer(a, { name: 'Noodle House', unifiedNumber: '53212539' });
    const first = await order(a, company, '2026-01-05', {
      gasG: 20000,
      gas: 72000,
      products: [['Regulator', 2, 10000]],
      services: [['Check-up', 5000]],
    });
    const second = await order(a, company, '2026-01-19', { gasG: 10000, gas: 36000, products: [['Hose', 1, 10000]] });
    const { id } = await bill(a, company, '2026-01');

    const res = await a.manager.post('/api/invoices', { monthlyBillId: id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.existing).toBe(false);
    const inv = body.invoice;
    expect(inv).toMatchObject({
      monthlyBillId: id,
      billPeriod: '2026-01',
      orderId: null,
      orderNo: null,
      status: 'issued',
      buyerUbn: '53212539',
      buyerName: 'Noodle House',
      print: true,
      // 1,430 with tax: 1,362 + 68 (a company buyer gets the split).
      totalAmount: 143000,
      salesAmount: 136200,
      taxAmount: 6800,
    });
    expect(inv.number).toMatch(/^MB\d{8}$/);
    expect(inv.items).toEqual([
      { description: '液化石油氣 20 kg', quantity: 1, unitPrice: 72000, amount: 72000 },
      { description: 'Regulator', quantity: 2, unitPrice: 10000, amount: 20000 },
      { description: 'Check-up', quantity: 1, unitPrice: 5000, amount: 5000 },
      { description: '液化石油氣 10 kg', quantity: 1, unitPrice: 36000, amount: 36000 },
      { description: 'Hose', quantity: 1, unitPrice: 10000, amount: 10000 },
    ]);
    expect(body.detail).toBe(`Invoice ${inv.number} issued`);
    expect(await t.lastAudit('invoices', inv.id)).toMatchObject({ screen: 'InvoiceLookup', action: 'create', groupId: a.groupId });

    const before = await used();
    const again = await a.manager.post('/api/invoices', { monthlyBillId: id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ existing: true, remaining: null, invoice: { id: inv.id, number: inv.number } });
    expect(again.json().detail).toBe(`This monthly bill already has invoice ${inv.number}`);
    expect(await t.db.$count(invoices, eq(invoices.monthlyBillId, id))).toBe(1);
    expect(await used()).toBe(before);

    // InvoiceLookup shows the source, and filters by bill.
    const listed = (await a.manager.get(`/api/invoices?monthlyBillId=${id}`)).json();
    expect(listed.items).toMatchObject([{ id: inv.id, billPeriod: '2026-01', monthlyBillId: id }]);

    // The billing list shows the bill's invoice (the panel's invoice action shows its number).
    const billing = (await a.manager.get('/api/billing?period=2026-01&pageSize=100')).json();
    expect(billing.items.find((r: { billId: number | null }) => r.billId === id)).toMatchObject({ invoiceNumber: inv.number });

    // No double invoicing: an order of the invoiced bill is refused, naming the bill's invoice; nothing is taken.
    for (const o of [first, second]) {
      const refused = await a.manager.post('/api/invoices', { orderId: o.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(`This order is on the monthly bill of 2026-01, which has invoice ${inv.number}`);
    }
    expect(await t.db.$count(invoices, eq(invoices.orderId, first.id))).toBe(0);
    expect(await used()).toBe(before);
  });

  it('refuses a bill when one of its orders has its own invoice, naming that invoice; nothing is taken from the track', async () => {
    const c = await customer(a, { name: 'Corner shop' });
    const invoicedOrder = await order(a, c, '2026-02-03', { gasG: 20000, gas: 72000 });
    await order(a, c, '2026-02-17', { gasG: 20000, gas: 72000 });
    const own = await a.manager.post('/api/invoices', { orderId: invoicedOrder.id });
    expect(own.statusCode).toBe(200);
    const number = own.json().invoice.number;
    const { id } = await bill(a, c, '2026-02');

    const before = await used();
    const refused = await a.manager.post('/api/invoices', { monthlyBillId: id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `Order ${invoicedOrder.orderNo} of this bill already has invoice ${number}: the bill cannot be invoiced`,
    );
    expect(await t.db.$count(invoices, eq(invoices.monthlyBillId, id))).toBe(0);
    expect(await used()).toBe(before);
  });

  it('a bill not yet posted is refused with a field message; a withdrawn bill is gone (404); another tenant 404; one source only', async () => {
    const c = await customer(a, { name: 'Tea stall' });
    await order(a, c, '2026-03-04', { gasG: 20000, gas: 72000 });
    const open = await bill(a, c, '2026-03', { post: false });

    const notPosted = await a.manager.post('/api/invoices', { monthlyBillId: open.id });
    expect(notPosted.statusCode).toBe(400);
    expect(notPosted.json().errors).toEqual({
      monthlyBillId: 'A monthly bill is invoiced once it is posted (a bill not yet posted can still be withdrawn)',
    });
    const zh = await a.manager.post('/api/invoices', { monthlyBillId: open.id }, { headers: { 'accept-language': 'zh-TW' } });
    expect(zh.json().errors.monthlyBillId).toBe('月結帳單入帳後才能開立發票（未入帳的帳單仍可撤回）');

    // Withdrawing deletes the bill (orders/withdraw-bill.ts): its id then names nothing.
    expect((await a.manager.del(`/api/billing/${open.id}`)).statusCode).toBe(204);
    expect((await a.manager.post('/api/invoices', { monthlyBillId: open.id })).statusCode).toBe(404);

    const posted = await bill(a, c, '2026-03');
    expect((await b.manager.post('/api/invoices', { monthlyBillId: posted.id })).statusCode).toBe(404);
    expect((await a.staff.post('/api/invoices', { monthlyBillId: posted.id })).statusCode).toBe(403);
    const both = await a.manager.post('/api/invoices', { monthlyBillId: posted.id, orderId: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ monthlyBillId: 'Choose an order or a monthly bill, not both' });
    expect(await t.db.$count(invoices, eq(invoices.monthlyBillId, posted.id))).toBe(0);
  });

  it("a meter bill: the metered gas, then its orders' lines without their gas (the meter bills it)", async () => {
    const c = await customer(a, { name: 'Hotpot house', type: 'monthly_meter', meterReading: 1_000_000, meterUnitPrice: 3000 });
    await order(a, c, '2026-04-08', { gasG: 10000, gas: 36000, products: [['Hose', 1, 10000]] });
    // 20 units at NT$30: NT$600, and the hose: NT$700.
    const { id } = await bill(a, c, '2026-04', { currentReading: 1_020_000 });
    const res = await a.manager.post('/api/invoices', { monthlyBillId: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().invoice).toMatchObject({
      totalAmount: 70000,
      buyerUbn: null,
      items: [
        { description: '液化石油氣 2026-04 抄表 20 度', quantity: 1, unitPrice: 60000, amount: 60000 },
        { description: 'Hose', quantity: 1, unitPrice: 10000, amount: 10000 },
      ],
    });
  });
});
