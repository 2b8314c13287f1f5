import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatInvoiceNumber, invoicePeriodOf, isValidUbn, SALE_STATUSES, splitTaxIncluded } from '@gasops/shared';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers.js';
import { DEMO_PASSWORD, seedDemo, type DemoContext } from '../../platform/demo.js';
import { MODULES } from '../index.js';
import { monthlyBills, orders } from '../orders/orders.schema.js';
import { invoices } from './invoices.schema.js';

let t: TestApp;
let manager: Caller;
let demo: DemoContext;
beforeAll(async () => {
  t = await createTestApp();
  demo = (await seedDemo(
    t.db,
    MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : [])),
  ))!;
  manager = await t.login('manager', DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

type Track = {
  id: number;
  storeId: number;
  prefix: string;
  rocYear: number;
  period: number;
  start: string;
  used: number;
  remaining: number;
  next: string | null;
};
type Row = {
  id: number;
  number: string;
  status: string;
  storeId: number;
  buyerUbn: string | null;
  salesAmount: number;
  taxAmount: number;
  totalAmount: number;
  orderId: number | null;
  monthlyBillId: number | null;
  billPeriod: string | null;
};

describe('the e-invoice demo', () => {
  it('the issuing stores have settings with a QR key and tracks; every track gave out exactly its first `used` numbers, one invoice voided, one allowance', async () => {
    const [zhongshan, banqiao, xinzhuang] = demo.stores;
    for (const s of [zhongshan!, banqiao!]) {
      const settings = (await manager.get(`/api/store/StoreInvoice/settings?storeId=${s.id}`)).json();
      expect(settings).toMatchObject({ storeId: s.id, issuesInvoice: true, qrAesKeySet: true, sellerName: s.name, printerWidthMm: 57 });
      expect(isValidUbn(settings.sellerUbn)).toBe(true);
    }
    // The store without the flag has no settings and issues nothing.
    expect((await manager.get(`/api/store/StoreInvoice/settings?storeId=${xinzhuang!.id}`)).json()).toMatchObject({
      issuesInvoice: false,
      updatedAt: null,
    });

    const page = (await manager.get('/api/store/StoreInvoice?pageSize=100')).json();
    expect(page.lowRemaining).toBe(50);
    const tracks = page.items as Track[];
    expect(tracks.map((x) => x.prefix).sort()).toEqual(['QA', 'QB', 'RB']);
    const today = invoicePeriodOf(demo.today);
    const current = tracks.find((x) => x.prefix === 'RB')!;
    expect(current).toMatchObject({ storeId: banqiao!.id, rocYear: today.rocYear, period: today.period, start: '00000000' });
    expect(current.remaining).toBe(50 - current.used);

    const all = (await manager.get('/api/invoices?pageSize=100')).json();
    const rows = all.items as Row[];
    expect(rows.length).toBe(tracks.reduce((s, x) => s + x.used, 0));
    expect(rows.length).toBeGreaterThan(5);
    for (const track of tracks) {
      const numbers = rows
        .filter((i) => i.number.startsWith(track.prefix))
        .map((i) => i.number)
        .sort();
      expect(numbers).toEqual(Array.from({ length: track.used }, (_, n) => formatInvoiceNumber(track.prefix, n)));
      expect(track.next).toBe(formatInvoiceNumber(track.prefix, track.used));
    }
    expect(rows.filter((i) => i.status === 'voided').length).toBeGreaterThanOrEqual(1);
    // One allowance (折讓) of NT$100, listed with its invoice; the proofs carry their QR codes (the store's key).
    const allowed = rows.filter((i) => i.status === 'allowance');
    expect(allowed).toHaveLength(1);
    const allowances = (await manager.get(`/api/invoices/${allowed[0]!.id}/allowances`)).json().items;
    expect(allowances).toMatchObject([{ totalAmount: 10_000, salesAmount: 9_500, taxAmount: 500, number: `${allowed[0]!.number}01` }]);
    const codes = (await manager.get(`/api/invoices/${rows[0]!.id}/codes`)).json();
    expect(codes.qrLeft).toMatch(new RegExp(`^${rows[0]!.number}`));
    // Every invoice is of a sale, splits its tax by the rule and belongs to one order, or to one posted monthly bill.
    for (const i of rows) {
      expect(i.salesAmount + i.taxAmount).toBe(i.totalAmount);
      expect(splitTaxIncluded(i.totalAmount / 100, !!i.buyerUbn).tax * 100).toBe(i.taxAmount);
      expect(i.orderId === null).toBe(i.monthlyBillId !== null);
    }
    const orderIds = rows.flatMap((i) => (i.orderId ? [i.orderId] : []));
    expect(new Set(orderIds).size).toBe(orderIds.length);
    const sold = await t.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, orderIds));
    expect(sold.every((o) => (SALE_STATUSES as readonly string[]).includes(o.status))).toBe(true);

    // The demo has posted bills in the issuing stores: the newest one in a track's period is invoiced as a
    // whole, and none of its orders has an invoice of its own.
    const postedBills = await t.db
      .select({ id: monthlyBills.id })
      .from(monthlyBills)
      .where(and(eq(monthlyBills.status, 'posted'), inArray(monthlyBills.storeId, [zhongshan!.id, banqiao!.id])));
    expect(postedBills.length).toBeGreaterThan(0);
    const billInvoices = rows.filter((i) => i.monthlyBillId !== null);
    expect(billInvoices).toHaveLength(1);
    const billInvoice = billInvoices[0]!;
    expect(billInvoice.billPeriod).toMatch(/^\d{4}-\d{2}$/);
    const [bill] = await t.db.select().from(monthlyBills).where(eq(monthlyBills.id, billInvoice.monthlyBillId!));
    expect(bill).toMatchObject({ status: 'posted', storeId: billInvoice.storeId });
    expect(billInvoice.totalAmount).toBe(Math.round(bill!.amount / 100) * 100);
    const onBill = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.monthlyBillId, bill!.id))).map((o) => o.id);
    expect(orderIds.filter((id) => onBill.includes(id))).toEqual([]);
    // Its orders are refused one by one, naming the bill's invoice.
    if (onBill.length > 0) {
      const refused = await manager.post('/api/invoices', { orderId: onBill[0] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toContain(billInvoice.number);
    }
  });

  it('板橋店 issues the next number of its current track for an order without an invoice; issuing it again answers the same', async () => {
    const banqiao = demo.stores[1]!;
    const billInvoices = alias(invoices, 'bill_invoices');
    const before = ((await manager.get(`/api/store/StoreInvoice?storeId=${banqiao.id}&pageSize=100`)).json().items as Track[]).find(
      (x) => x.prefix === 'RB',
    )!;
    const invoiced = (await t.db.select({ id: invoices.orderId }).from(invoices)).map((r) => r.id!);
    const [order] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      // Not on the invoiced monthly bill either (its invoice covers it).
      .leftJoin(billInvoices, eq(billInvoices.monthlyBillId, orders.monthlyBillId))
      .where(and(eq(orders.storeId, banqiao.id), inArray(orders.status, [...SALE_STATUSES]), isNull(invoices.id), isNull(billInvoices.id)))
      .orderBy(asc(orders.id))
      .limit(1);
    expect(invoiced).not.toContain(order!.id);
    const res = await manager.post('/api/invoices', { orderId: order!.id, carrierType: '3J0002', carrierId: '/ABC+123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ existing: false, invoice: { number: before.next, storeId: banqiao.id, print: false } });
    // 50 numbers in the booklet: fewer than the default 50 are left, so the answer warns.
    expect(res.json().warning).toContain(String(50 - before.used - 1));
    const again = await manager.post('/api/invoices', { orderId: order!.id });
    expect(again.json()).toMatchObject({ existing: true, invoice: { number: before.next } });
  });
});
