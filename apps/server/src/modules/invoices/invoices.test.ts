import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { code39Content, dateIn, invoicePeriodOf, periodCode, type RocPeriod } from '@gasops/shared';
import { createTestApp, type Caller, type Tenant, type TestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { stores } from '../../platform/platform.schema.js';
import { customers } from '../customers/customers.schema.js';
import { orderProductLines, orders } from '../orders/orders.schema.js';
import { invoices, invoiceSettings, invoiceTracks } from './invoices.schema.js';
import { verificationField } from './qr-key.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;

const AES_KEY = '0123456789ABCDEF0123456789ABCDEF';
/** The period of today on the demo groups' calendar (Asia/Taipei), where the server dates invoices. */
const now = (): RocPeriod => invoicePeriodOf(dateIn('Asia/Taipei'));

beforeAll(async () => {
  t = await createTestApp({ secretsKey: 'test-secret' });
  a = await t.tenant('Invoices A', { Home: ['view'], invoice: ['view'], InvoiceLookup: ['view'] });
  b = await t.tenant('Invoices B');
  for (const tenant of [a, b])
    await t.db.update(stores).set({ issuesInvoice: true, unifiedNumber: '04595257' }).where(eq(stores.groupId, tenant.groupId));
});
afterAll(async () => {
  await t.close();
});

const track = (tenant: Tenant, over: Record<string, unknown> = {}) => ({
  storeId: tenant.storeIds[0],
  rocYear: now().rocYear,
  period: now().period,
  prefix: 'AB',
  start: '00000000',
  end: '00000049',
  ...over,
});

async function settings(tenant: Tenant, storeId = tenant.storeIds[0]) {
  const res = await tenant.manager.put('/api/store/StoreInvoice/settings', {
    storeId,
    sellerUbn: '04595257',
    sellerName: 'Gas shop',
    qrAesKey: AES_KEY,
  });
  expect(res.statusCode).toBe(200);
}

let orderSeq = 0;
/** A completed order of a store, with a product line (direct insert: the orders module is not under test). */
async function completedOrder(tenant: Tenant, over: Partial<typeof orders.$inferInsert> = {}) {
  const [o] = await t.db
    .insert(orders)
    .values({
      groupId: tenant.groupId,
      storeId: tenant.storeIds[0],
      orderNo: `INV${++orderSeq}`,
      orderDate: dateIn('Asia/Taipei'),
      status: 'completed',
      gasWeightG: 20000,
      gasAmount: 72000,
      productsAmount: 20000,
      totalAmount: 92000,
      ...over,
    })
    .returning();
  await t.db.insert(orderProductLines).values({
    orderId: o!.id,
    groupId: tenant.groupId,
    storeId: o!.storeId,
    productName: 'Regulator',
    unitPrice: 10000,
    quantity: 2,
    amount: 20000,
  });
  return o!;
}

describe('tracks: /store/StoreInvoice', () => {
  it('creates a track per store with ROC year, period, prefix, 8-digit numbers, used and remaining; audited', async () => {
    const res = await a.manager.post('/api/store/StoreInvoice', track(a, { prefix: 'tk', start: '00000100', end: '00000199' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      storeId: a.storeIds[0],
      storeName: 'Invoices A store A',
      rocYear: now().rocYear,
      period: now().period,
      periodCode: periodCode(now()),
      prefix: 'TK',
      start: '00000100',
      end: '00000199',
      size: 100,
      used: 0,
      remaining: 100,
      next: 'TK00000100',
      notWholeBooklets: false,
      detail: 'Added',
    });
    expect(body.warning).toBeUndefined();
    expect(await t.lastAudit('invoice_tracks', body.id)).toMatchObject({ screen: 'invoice', action: 'create', groupId: a.groupId });

    const list = (await a.manager.get(`/api/store/StoreInvoice?storeId=${a.storeIds[0]}&rocYear=${now().rocYear}`)).json();
    expect(list.items.map((x: { prefix: string }) => x.prefix)).toContain('TK');
  });

  it('warns (not refuses) when the range is not whole booklets of 50', async () => {
    const res = await a.manager.post('/api/store/StoreInvoice', track(a, { prefix: 'TW', start: '00000001', end: '00000060' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ notWholeBooklets: true, warning: expect.stringContaining('booklets') });
  });

  it('the seed §5 messages per field', async () => {
    const post = (over: Record<string, unknown>) => a.manager.post('/api/store/StoreInvoice', track(a, over));
    expect((await post({ start: '' })).json().errors).toMatchObject({ start: 'Please enter the start number' });
    expect((await post({ start: '123' })).json().errors).toMatchObject({
      start: 'The start number must be 8 digits (leading zeros allowed)',
    });
    expect((await post({ end: '' })).json().errors).toMatchObject({ end: 'Please enter the end number' });
    expect((await post({ end: '12x45678' })).json().errors).toMatchObject({ end: 'Enter a valid number' });
    expect((await post({ start: '00000100', end: '00000099' })).json().errors).toMatchObject({
      end: 'The end number must be greater than the start number',
    });
    const zh = await a.manager.post('/api/store/StoreInvoice', track(a, { start: '' }), { headers: { 'accept-language': 'zh-TW' } });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().errors.start).toBe('請輸入起始號碼');
  });

  it('refuses an overlap with another track of the same prefix and period (any store of the group), not of another period', async () => {
    await a.manager.post('/api/store/StoreInvoice', track(a, { prefix: 'OV', start: '00001000', end: '00001099' }));
    const clash = await a.manager.post(
      '/api/store/StoreInvoice',
      track(a, { storeId: a.storeIds[1], prefix: 'OV', start: '00001050', end: '00001149' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ start: 'Overlaps another range of the same prefix and period' });
    const next = now().period === 6 ? { rocYear: now().rocYear + 1, period: 1 } : { period: now().period + 1 };
    const otherPeriod = await a.manager.post(
      '/api/store/StoreInvoice',
      track(a, { ...next, prefix: 'OV', start: '00001050', end: '00001149' }),
    );
    expect(otherPeriod.statusCode).toBe(200);
    // Another group's identical range is none of this group's business.
    expect(
      (await b.manager.post('/api/store/StoreInvoice', track(b, { prefix: 'OV', start: '00001000', end: '00001099' }))).statusCode,
    ).toBe(200);
    // Edit into an overlap is refused too.
    const id = otherPeriod.json().id;
    const edit = await a.manager.put(`/api/store/StoreInvoice/${id}`, track(a, { prefix: 'OV', start: '00001050', end: '00001149' }));
    expect(edit.statusCode).toBe(409);
  });

  it('edits and deletes an unused track; permission 403; another tenant 404', async () => {
    const created = (
      await a.manager.post('/api/store/StoreInvoice', track(a, { prefix: 'ED', start: '00000000', end: '00000049' }))
    ).json();
    const edited = await a.manager.put(
      `/api/store/StoreInvoice/${created.id}`,
      track(a, { prefix: 'EE', start: '00000050', end: '00000099' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ prefix: 'EE', start: '00000050', detail: 'Edited' });
    expect(await t.lastAudit('invoice_tracks', created.id)).toMatchObject({ action: 'edit' });

    expect((await a.staff.get('/api/store/StoreInvoice')).statusCode).toBe(200);
    expect((await a.staff.post('/api/store/StoreInvoice', track(a))).statusCode).toBe(403);
    expect((await a.staff.del(`/api/store/StoreInvoice/${created.id}`)).statusCode).toBe(403);
    expect((await b.manager.put(`/api/store/StoreInvoice/${created.id}`, track(b))).statusCode).toBe(404);
    expect((await b.manager.del(`/api/store/StoreInvoice/${created.id}`)).statusCode).toBe(404);
    expect((await b.manager.post('/api/store/StoreInvoice', track(b, { storeId: a.storeIds[0] }))).statusCode).toBe(404);
    expect((await b.manager.get(`/api/store/StoreInvoice?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);

    const del = await a.manager.del(`/api/store/StoreInvoice/${created.id}`);
    expect(del.statusCode).toBe(200);
    expect(await t.lastAudit('invoice_tracks', created.id)).toMatchObject({ action: 'delete' });
  });
});

describe('e-invoice settings', () => {
  it('answers defaults from the store, saves, never answers the AES key, keeps it sealed; audited without it', async () => {
    const before = (await a.manager.get(`/api/store/StoreInvoice/settings?storeId=${a.storeIds[1]}`)).json();
    expect(before).toMatchObject({
      sellerUbn: '04595257',
      sellerName: 'Invoices A store B',
      qrAesKeySet: false,
      updatedAt: null,
      issuesInvoice: true,
    });

    const res = await a.manager.put('/api/store/StoreInvoice/settings', {
      storeId: a.storeIds[1],
      sellerUbn: '10458575',
      sellerName: 'Shop B',
      qrAesKey: AES_KEY,
      printerWidthMm: 58,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(AES_KEY);
    expect(res.json()).toMatchObject({ sellerUbn: '10458575', qrAesKeySet: true, printerWidthMm: 58, detail: 'Saved' });
    const [row] = await t.db.select().from(invoiceSettings).where(eq(invoiceSettings.storeId, a.storeIds[1]));
    expect(row!.qrAesKeyEnc).toMatch(/^s1\./);
    expect(row!.qrAesKeyEnc).not.toContain(AES_KEY);
    const audit = await t.lastAudit('invoice_settings', a.storeIds[1]);
    expect(audit).toMatchObject({ screen: 'invoice', groupId: a.groupId });
    expect(JSON.stringify(audit)).not.toContain(row!.qrAesKeyEnc);

    // Saving without a key keeps the sealed one.
    await a.manager.put('/api/store/StoreInvoice/settings', { storeId: a.storeIds[1], sellerUbn: '10458575', sellerName: 'Shop B2' });
    const [kept] = await t.db.select().from(invoiceSettings).where(eq(invoiceSettings.storeId, a.storeIds[1]));
    expect(kept!.qrAesKeyEnc).toBe(row!.qrAesKeyEnc);

    const bad = await a.manager.put('/api/store/StoreInvoice/settings', {
      storeId: a.storeIds[1],
      sellerUbn: '12345678',
      sellerName: 'X',
      qrAesKey: 'xyz',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['qrAesKey', 'sellerUbn']);
    expect((await b.manager.get(`/api/store/StoreInvoice/settings?storeId=${a.storeIds[1]}`)).statusCode).toBe(404);
    expect(
      (await a.staff.put('/api/store/StoreInvoice/settings', { storeId: a.storeIds[0], sellerUbn: '04595257', sellerName: 'X' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('issue and void', () => {
  beforeAll(async () => {
    await settings(a);
    const res = await a.manager.post('/api/store/StoreInvoice', track(a, { prefix: 'IS', start: '00000000', end: '00000099' }));
    expect(res.statusCode).toBe(200);
  });

  it('issues an invoice for a completed order: next number, random code, lines, B2C amounts, audit; a second issue answers the first', async () => {
    const order = await completedOrder(a);
    const res = await a.manager.post('/api/invoices', { orderId: order.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The first track of the period with numbers left (tracks above were made first: TK, then TW…).
    expect(body.existing).toBe(false);
    const inv = body.invoice;
    expect(inv).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      status: 'issued',
      print: true,
      salesAmount: 92000,
      taxAmount: 0,
      totalAmount: 92000,
      sellerUbn: '04595257',
      uploadStatus: 'pending',
      rocYear: now().rocYear,
      period: now().period,
    });
    expect(inv.number).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(inv.randomCode).toMatch(/^\d{4}$/);
    expect(inv.items).toEqual([
      { description: '液化石油氣 20 kg', quantity: 1, unitPrice: 72000, amount: 72000 },
      { description: 'Regulator', quantity: 2, unitPrice: 10000, amount: 20000 },
    ]);
    expect(body.detail).toBe(`Invoice ${inv.number} issued`);
    expect(await t.lastAudit('invoices', inv.id)).toMatchObject({ screen: 'InvoiceLookup', action: 'create', groupId: a.groupId });

    const again = await a.manager.post('/api/invoices', { orderId: order.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      existing: true,
      remaining: null,
      invoice: { id: inv.id, number: inv.number, randomCode: inv.randomCode },
    });
    expect(again.json().detail).toBe(`This order already has invoice ${inv.number}`);
    expect(await t.db.$count(invoices, eq(invoices.orderId, order.id))).toBe(1);
  });

  it('a business buyer gets the tax split; an order not completed or paid is refused; another tenant 404; staff 403', async () => {
    const order = await completedOrder(a, { status: 'payment_posted', totalAmount: 105000, gasAmount: 85000 });
    const res = await a.manager.post('/api/invoices', { orderId: order.id, buyerUbn: '10458575', buyerName: 'Buyer Co.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().invoice).toMatchObject({
      buyerUbn: '10458575',
      salesAmount: 100000,
      taxAmount: 5000,
      totalAmount: 105000,
      print: true,
    });

    const placed = await completedOrder(a, { status: 'placed' });
    const refused = await a.manager.post('/api/invoices', { orderId: placed.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('An invoice is issued once the order is completed or paid');

    const other = await completedOrder(b);
    expect((await a.manager.post('/api/invoices', { orderId: other.id })).statusCode).toBe(404);
    expect((await a.staff.post('/api/invoices', { orderId: order.id })).statusCode).toBe(403);
  });

  it('field messages of the print / carrier / donation matrix', async () => {
    const order = await completedOrder(a);
    const res = await a.manager.post('/api/invoices', { orderId: order.id, npoban: '168', buyerUbn: '10458575', buyerName: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ npoban: 'An invoice with a buyer UBN cannot be donated' });
    const noPrint = await a.manager.post('/api/invoices', { orderId: order.id, print: false });
    expect(noPrint.json().errors).toEqual({ print: 'An invoice without a carrier or donation must be printed' });
    const carrier = await a.manager.post('/api/invoices', { orderId: order.id, carrierType: '3J0002', carrierId: '/ABC+1.-' });
    expect(carrier.statusCode).toBe(200);
    expect(carrier.json().invoice).toMatchObject({ carrierType: '3J0002', carrierId: '/ABC+1.-', print: false });
  });

  it('by hand: store and items; whole dollars; refused for a store that does not issue invoices or has no settings', async () => {
    const res = await a.manager.post('/api/invoices', {
      storeId: a.storeIds[0],
      items: [{ description: 'Hose', quantity: 3, unitPrice: 5000 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().invoice).toMatchObject({
      orderId: null,
      totalAmount: 15000,
      items: [{ description: 'Hose', quantity: 3, unitPrice: 5000, amount: 15000 }],
    });
    const cents = await a.manager.post('/api/invoices', {
      storeId: a.storeIds[0],
      items: [{ description: 'Hose', quantity: 1, unitPrice: 5050 }],
    });
    expect(cents.json().errors).toEqual({ 'items.0.unitPrice': 'Invoice amounts must be whole dollars' });

    await t.db.update(stores).set({ issuesInvoice: false }).where(eq(stores.id, a.storeIds[0]));
    try {
      const off = await a.manager.post('/api/invoices', {
        storeId: a.storeIds[0],
        items: [{ description: 'Hose', quantity: 1, unitPrice: 5000 }],
      });
      expect(off.statusCode).toBe(409);
      expect(off.json().detail).toBe('This store does not issue uniform invoices');
    } finally {
      await t.db.update(stores).set({ issuesInvoice: true }).where(eq(stores.id, a.storeIds[0]));
    }
    const noSettings = await b.manager.post('/api/invoices', {
      storeId: b.storeIds[1],
      items: [{ description: 'Hose', quantity: 1, unitPrice: 5000 }],
    });
    expect(noSettings.statusCode).toBe(409);
  });

  it('an Idempotency-Key answers a repeated manual issue with the first invoice', async () => {
    const body = { storeId: a.storeIds[0], items: [{ description: 'Valve', quantity: 1, unitPrice: 30000 }] };
    const headers = { 'idempotency-key': 'invoice-retry-0001' };
    const first = (await a.manager.post('/api/invoices', body, { headers })).json();
    const second = (await a.manager.post('/api/invoices', body, { headers })).json();
    expect(second.invoice.number).toBe(first.invoice.number);
    expect(await t.db.$count(invoices, eq(invoices.number, first.invoice.number))).toBe(1);
  });

  it('warns when the period has fewer numbers left than INVOICE_LOW_REMAINING; refuses when none are left', async () => {
    // Group B's second store: one small track of 3 numbers.
    await settings(b, b.storeIds[1]);
    await b.manager.post('/api/store/StoreInvoice', track(b, { storeId: b.storeIds[1], prefix: 'LO', start: '00000000', end: '00000002' }));
    const issue = () =>
      b.manager.post('/api/invoices', { storeId: b.storeIds[1], items: [{ description: 'Gas', quantity: 1, unitPrice: 10000 }] });
    const r1 = (await issue()).json();
    expect(r1.invoice.number).toBe('LO00000000');
    expect(r1.remaining).toBe(2);
    expect(r1.warning).toBe('2 numbers left on the track: add a new track soon');
    await issue();
    await issue();
    const none = await issue();
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toContain('no invoice track with numbers left');
  });

  it('a used track cannot be deleted, moved or shrunk below its used numbers; its end may grow', async () => {
    const used = (await a.manager.get(`/api/store/StoreInvoice?storeId=${a.storeIds[0]}`))
      .json()
      .items.find((x: { used: number }) => x.used > 0);
    expect(used).toBeDefined();
    const del = await a.manager.del(`/api/store/StoreInvoice/${used.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toBe('Invoices were issued from this track; it cannot be deleted');
    const body = {
      storeId: used.storeId,
      rocYear: used.rocYear,
      period: used.period,
      prefix: used.prefix,
      start: used.start,
      end: used.end,
    };
    const moved = await a.manager.put(`/api/store/StoreInvoice/${used.id}`, { ...body, prefix: 'ZZ' });
    expect(moved.json().errors).toEqual({ prefix: 'Invoices were issued from this track; only the end number can change' });
    const lastUsed = String(Number(used.start) + used.used - 1).padStart(8, '0');
    const below = String(Number(lastUsed) - 1).padStart(8, '0');
    if (Number(below) > Number(used.start)) {
      const shrunk = await a.manager.put(`/api/store/StoreInvoice/${used.id}`, { ...body, end: below });
      expect(shrunk.json().errors).toEqual({ end: 'The end number cannot be below the last number issued' });
    }
    const kept = await a.manager.put(`/api/store/StoreInvoice/${used.id}`, { ...body, end: String(Number(lastUsed) + 1).padStart(8, '0') });
    expect(kept.statusCode).toBe(200);
    const grown = await a.manager.put(`/api/store/StoreInvoice/${used.id}`, body);
    expect(grown.statusCode).toBe(200);
  });

  it('voids with a reason until the filing deadline; a voided number is never reused; audited', async () => {
    const issued = (
      await a.manager.post('/api/invoices', { storeId: a.storeIds[0], items: [{ description: 'Gas', quantity: 1, unitPrice: 10000 }] })
    ).json().invoice;
    expect((await a.manager.post(`/api/invoices/${issued.id}/void`, { reason: '' })).json().errors).toEqual({
      reason: 'Enter the reason for voiding (up to 20 characters)',
    });
    expect((await a.manager.post(`/api/invoices/${issued.id}/void`, { reason: 'x'.repeat(21) })).statusCode).toBe(400);
    expect((await b.manager.post(`/api/invoices/${issued.id}/void`, { reason: 'Wrong buyer' })).statusCode).toBe(404);
    expect((await a.staff.post(`/api/invoices/${issued.id}/void`, { reason: 'Wrong buyer' })).statusCode).toBe(403);

    const res = await a.manager.post(`/api/invoices/${issued.id}/void`, { reason: 'Wrong buyer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'voided', voidReason: 'Wrong buyer', detail: `Invoice ${issued.number} voided` });
    expect(await t.lastAudit('invoices', issued.id)).toMatchObject({ screen: 'InvoiceLookup', action: 'edit' });
    expect((await a.manager.post(`/api/invoices/${issued.id}/void`, { reason: 'Again' })).statusCode).toBe(409);

    const next = (
      await a.manager.post('/api/invoices', { storeId: a.storeIds[0], items: [{ description: 'Gas', quantity: 1, unitPrice: 10000 }] })
    ).json().invoice;
    expect(next.number).not.toBe(issued.number);
    expect(Number(next.number.slice(2))).toBe(Number(issued.number.slice(2)) + 1);
  });

  it('refuses a void after the period filing deadline (period end + 15 days)', async () => {
    const issued = (
      await a.manager.post('/api/invoices', { storeId: a.storeIds[0], items: [{ description: 'Gas', quantity: 1, unitPrice: 10000 }] })
    ).json().invoice;
    // Move it to a period long past (ROC 110 Jan–Feb: deadline 2021-03-15).
    await t.db.update(invoices).set({ rocYear: 110, period: 1, invoiceDate: '2021-01-10' }).where(eq(invoices.id, issued.id));
    const res = await a.manager.post(`/api/invoices/${issued.id}/void`, { reason: 'Late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('2021-03-15');
  });

  it('issues allowances (折讓) per line up to what is left, tax split, audited; the invoice can then not be voided', async () => {
    const issued = (
      await a.manager.post('/api/invoices', {
        storeId: a.storeIds[0],
        buyerUbn: '53212539',
        buyerName: 'Noodle House',
        items: [
          { description: 'Gas 20 kg', quantity: 1, unitPrice: 84000 },
          { description: 'Hose', quantity: 2, unitPrice: 10500 },
        ],
      })
    ).json().invoice;
    const url = `/api/invoices/${issued.id}/allowances`;
    // Field messages: reason, an unknown line, more than the line, a line twice, cents.
    expect((await a.manager.post(url, { reason: '', lines: [{ sequence: 1, amount: 10000 }] })).json().errors).toEqual({
      reason: 'Enter the reason for the allowance (up to 20 characters)',
    });
    expect((await a.manager.post(url, { reason: 'Short', lines: [{ sequence: 3, amount: 10000 }] })).json().errors).toEqual({
      'lines.0.sequence': 'Choose the invoice line to allow for',
    });
    expect((await a.manager.post(url, { reason: 'Short', lines: [{ sequence: 2, amount: 21100 }] })).json().errors).toEqual({
      'lines.0.amount': 'The allowance is more than what is left of this line',
    });
    const twice = await a.manager.post(url, {
      reason: 'Short',
      lines: [
        { sequence: 1, amount: 10000 },
        { sequence: 1, amount: 10000 },
      ],
    });
    expect(twice.json().errors).toEqual({ 'lines.1.sequence': 'Each line can be entered once' });
    expect((await a.manager.post(url, { reason: 'Short', lines: [{ sequence: 1, amount: 10050 }] })).json().errors).toEqual({
      'lines.0.amount': 'Invoice amounts must be whole dollars',
    });
    expect((await b.manager.post(url, { reason: 'Short', lines: [{ sequence: 1, amount: 10000 }] })).statusCode).toBe(404);
    expect((await a.staff.post(url, { reason: 'Short', lines: [{ sequence: 1, amount: 10000 }] })).statusCode).toBe(403);

    // NT$105 off the hose line: 100 + 5 tax; twice with one Idempotency-Key gives one allowance.
    const body = { reason: 'One hose returned', lines: [{ sequence: 2, amount: 10500 }] };
    const first = await a.manager.post(url, body, { headers: { 'idempotency-key': 'allowance-retry-0001' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      allowance: {
        number: `${issued.number}01`,
        reason: 'One hose returned',
        salesAmount: 10000,
        taxAmount: 500,
        totalAmount: 10500,
        items: [{ sequence: 2, description: 'Hose', amount: 10500, salesAmount: 10000, taxAmount: 500 }],
        uploadState: null,
      },
      invoice: { status: 'allowance', allowanceAmount: 10500 },
      detail: `Allowance ${issued.number}01 issued`,
    });
    const again = await a.manager.post(url, body, { headers: { 'idempotency-key': 'allowance-retry-0001' } });
    expect(again.json().allowance.id).toBe(first.json().allowance.id);
    expect(await t.lastAudit('invoice_allowances', first.json().allowance.id)).toMatchObject({ screen: 'InvoiceLookup', action: 'edit' });
    expect(await t.lastAudit('invoices', issued.id)).toMatchObject({ screen: 'InvoiceLookup', action: 'edit' });

    // What is left of the hose line is NT$105; a second allowance takes it and NT$840 of the gas line.
    expect((await a.manager.post(url, { reason: 'More', lines: [{ sequence: 2, amount: 10600 }] })).statusCode).toBe(400);
    const second = await a.manager.post(url, {
      reason: 'Whole order back',
      lines: [
        { sequence: 2, amount: 10500 },
        { sequence: 1, amount: 84000 },
      ],
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().allowance).toMatchObject({
      number: `${issued.number}02`,
      totalAmount: 94500,
      salesAmount: 90000,
      taxAmount: 4500,
    });
    expect(second.json().invoice.allowanceAmount).toBe(105000);
    expect((await a.manager.post(url, { reason: 'Nothing left', lines: [{ sequence: 1, amount: 100 }] })).statusCode).toBe(400);

    const list = (await a.manager.get(url)).json();
    expect(list.items.map((x: { number: string }) => x.number)).toEqual([`${issued.number}01`, `${issued.number}02`]);
    expect((await b.manager.get(url)).statusCode).toBe(404);
    expect((await a.manager.get('/api/invoices?status=allowance')).json().items.map((i: { id: number }) => i.id)).toContain(issued.id);

    // Voiding is closed once there is an allowance; a voided invoice gets none.
    const noVoid = await a.manager.post(`/api/invoices/${issued.id}/void`, { reason: 'Wrong buyer' });
    expect(noVoid.statusCode).toBe(409);
    expect(noVoid.json().detail).toBe('This invoice has an allowance and can no longer be voided');
    const other = (
      await a.manager.post('/api/invoices', { storeId: a.storeIds[0], items: [{ description: 'Gas', quantity: 1, unitPrice: 10000 }] })
    ).json().invoice;
    await a.manager.post(`/api/invoices/${other.id}/void`, { reason: 'Wrong buyer' });
    const onVoided = await a.manager.post(`/api/invoices/${other.id}/allowances`, {
      reason: 'Late',
      lines: [{ sequence: 1, amount: 100 }],
    });
    expect(onVoided.statusCode).toBe(409);
    expect(onVoided.json().detail).toBe('A voided invoice cannot get an allowance');
  });

  it('an issue that names no buyer or delivery takes the defaults: the customer’s unified number, else the store’s delivery', async () => {
    const [company] = await t.db
      .insert(customers)
      .values({ groupId: a.groupId, storeId: a.storeIds[0], type: 'store', name: 'Noodle House', unifiedNumber: '53212539' })
      .returning();
    const forCompany = await a.manager.post('/api/invoices', { orderId: (await completedOrder(a, { customerId: company!.id })).id });
    expect(forCompany.statusCode).toBe(200);
    // A company buyer: printed, the tax split (920 = 876 + 44).
    expect(forCompany.json().invoice).toMatchObject({
      buyerUbn: '53212539',
      buyerName: 'Noodle House',
      print: true,
      npoban: null,
      salesAmount: 87600,
      taxAmount: 4400,
      totalAmount: 92000,
    });
    // The form says what it wants (print sent): a consumer invoice for the same kind of order.
    const asConsumer = await a.manager.post('/api/invoices', {
      orderId: (await completedOrder(a, { customerId: company!.id })).id,
      buyerUbn: null,
      print: true,
    });
    expect(asConsumer.json().invoice).toMatchObject({ buyerUbn: null, taxAmount: 0 });

    // A store whose default is donation: a consumer invoice by hand goes to its default code, not printed.
    await t.db
      .update(invoiceSettings)
      .set({ defaultDelivery: 'donation', defaultNpoban: '8585' })
      .where(eq(invoiceSettings.storeId, a.storeIds[0]));
    try {
      const donated = await a.manager.post('/api/invoices', {
        storeId: a.storeIds[0],
        items: [{ description: 'Gas', quantity: 1, unitPrice: 10000 }],
      });
      expect(donated.json().invoice).toMatchObject({ buyerUbn: null, npoban: '8585', print: false });
      // Asked to print: printed.
      const printed = await a.manager.post('/api/invoices', {
        storeId: a.storeIds[0],
        items: [{ description: 'Gas', quantity: 1, unitPrice: 10000 }],
        print: true,
      });
      expect(printed.json().invoice).toMatchObject({ npoban: null, print: true });
    } finally {
      await t.db
        .update(invoiceSettings)
        .set({ defaultDelivery: 'print', defaultNpoban: null })
        .where(eq(invoiceSettings.storeId, a.storeIds[0]));
    }
  });

  it('lists invoices by store, status, order and number; another tenant sees none of them', async () => {
    const all = (await a.manager.get('/api/invoices?pageSize=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(5);
    // Newest first: by invoice date, then id.
    const dates = all.items.map((i: { date: string }) => i.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const voided = (await a.manager.get('/api/invoices?status=voided')).json();
    expect(voided.items.every((i: { status: string }) => i.status === 'voided')).toBe(true);
    expect(voided.total).toBeGreaterThanOrEqual(1);
    const one = all.items[0];
    expect((await a.manager.get(`/api/invoices?keyword=${one.number}`)).json().items.map((i: { id: number }) => i.id)).toEqual([one.id]);
    expect((await b.manager.get(`/api/invoices?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await b.manager.get(`/api/invoices?keyword=${one.number}`)).json().total).toBe(0);
    expect((await a.staff.get('/api/invoices')).statusCode).toBe(200);
  });

  it("the proof codes: Code39 and the left QR's fields, with the AES field under the store's key", async () => {
    const issued = (
      await a.manager.post('/api/invoices', { storeId: a.storeIds[0], items: [{ description: 'Gas:20kg', quantity: 1, unitPrice: 72000 }] })
    ).json().invoice;
    const res = await a.manager.get(`/api/invoices/${issued.id}/codes`);
    expect(res.statusCode).toBe(200);
    const codes = res.json();
    expect(codes.code39).toBe(code39Content(now(), issued.number, issued.randomCode));
    const left: string = codes.qrLeft;
    expect(left.slice(0, 10)).toBe(issued.number);
    expect(left.slice(17, 21)).toBe(issued.randomCode);
    expect(parseInt(left.slice(21, 29), 16)).toBe(720);
    expect(parseInt(left.slice(29, 37), 16)).toBe(720);
    expect(left.slice(37, 45)).toBe('00000000');
    expect(left.slice(45, 53)).toBe('04595257');
    expect(left.slice(53, 77)).toBe(verificationField(AES_KEY, issued.number, issued.randomCode));
    expect(left.slice(77)).toBe(':**********:1:1:1:Gas 20kg:1:720');
    expect(codes.qrRight).toBe('**');
    expect((await b.manager.get(`/api/invoices/${issued.id}/codes`)).statusCode).toBe(404);
  });

  it('keeps every track consecutive from its start with no gap (a refused issue gives its number back)', async () => {
    const tracks = await t.db.select().from(invoiceTracks).where(eq(invoiceTracks.groupId, a.groupId));
    expect(tracks.some((tr) => tr.used > 0)).toBe(true);
    for (const tr of tracks) {
      const rows = await t.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.trackId, tr.id));
      const nos = rows.map((r) => Number(r.number.slice(2))).sort((x, y) => x - y);
      expect(nos).toEqual(Array.from({ length: tr.used }, (_, i) => tr.startNo + i));
    }
  });
});

describe('concurrency', () => {
  it('50 concurrent issues from 2 app instances on one database: 50 distinct consecutive numbers, no gap', async () => {
    const c = await t.tenant('Invoices C');
    await t.db.update(stores).set({ issuesInvoice: true }).where(eq(stores.groupId, c.groupId));
    await settings(c);
    const created = await c.manager.post('/api/store/StoreInvoice', track(c, { prefix: 'CC', start: '00012300', end: '00012399' }));
    expect(created.statusCode).toBe(200);
    const other: FastifyInstance = await buildApp({ config: t.config, database: { ...t.database, close: async () => undefined } });
    try {
      const onOther = (caller: Caller) => () =>
        other.inject({
          method: 'POST',
          url: '/api/invoices',
          headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'en-US' },
          payload: { storeId: c.storeIds[0], items: [{ description: 'Gas', quantity: 1, unitPrice: 10000 }] },
        });
      const onFirst = (caller: Caller) => () =>
        caller.post('/api/invoices', { storeId: c.storeIds[0], items: [{ description: 'Gas', quantity: 1, unitPrice: 10000 }] });
      const calls = Array.from({ length: 50 }, (_, i) => (i % 2 ? onOther(c.manager) : onFirst(c.manager)));
      const results = await Promise.all(calls.map((call) => call()));
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      const numbers = results.map((r) => r.json().invoice.number as string);
      expect(new Set(numbers).size).toBe(50);
      expect(numbers.map((n) => Number(n.slice(2))).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => 12300 + i));
      const [tr] = await t.db.select().from(invoiceTracks).where(eq(invoiceTracks.id, created.json().id));
      expect(tr!.used).toBe(50);

      const stored = await t.db.execute(sql`select count(distinct number)::int as n from invoices where group_id = ${c.groupId}`);
      expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(50);

      // One order issued 10 times at once through both apps: one invoice, one number taken, every answer the same.
      const order = await completedOrder(c);
      const same = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2
            ? other.inject({
                method: 'POST',
                url: '/api/invoices',
                headers: { authorization: `Bearer ${c.manager.token}` },
                payload: { orderId: order.id },
              })
            : c.manager.post('/api/invoices', { orderId: order.id }),
        ),
      );
      expect(same.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(same.map((r) => r.json().invoice.number))).toEqual(new Set(['CC00012350']));
      expect(same.filter((r) => !r.json().existing)).toHaveLength(1);
      const [after] = await t.db.select().from(invoiceTracks).where(eq(invoiceTracks.id, created.json().id));
      expect(after!.used).toBe(51);
    } finally {
      await other.close();
    }
  });
});
