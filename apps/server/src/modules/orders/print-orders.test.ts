import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { fixtures } from '../../../test/fixtures/reports.js';
import { cjkFont } from '../../platform/pdf.js';

/**
 * The printed papers as PDF (issue 11): an order's delivery slip, a day's orders per delivery person,
 * DailyReport and MonthlyReport. Each is a valid PDF in a CJK font that names what it prints.
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
let orderId: number;
let person: number;
const DAY = '2026-03-12';

/** The text of a PDF, when Debian's poppler-utils is there to read it (.ci/run installs it). */
function pdfText(pdf: Buffer): string | null {
  try {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-pdf-')), 'doc.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Print A');
  b = await t.tenant('Print B');
  const f = fixtures(t.db, a);
  person = await f.deliveryPerson('林師傅');
  const customer = await f.customer('王小明', 0, 'residential');
  orderId = await f.order({
    store: 0,
    date: DAY,
    customer,
    customerType: 'residential',
    status: 'delivering',
    person,
    gasG: 20_000,
    gasAmount: 72_000,
    products: [{ name: '調節器', qty: 1, price: 35_000 }],
    total: 107_000,
  });
  const { orders } = await import('./orders.schema.js');
  const { eq } = await import('drizzle-orm');
  await t.db
    .update(orders)
    .set({ deliveryAt: new Date(`${DAY}T02:30:00Z`), deliveryAddress: '台北市中山區民生東路一段 25 號' })
    .where(eq(orders.id, orderId));
});
afterAll(async () => {
  await t.close();
});

const isPdf = (res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) => {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const head = res.rawPayload.subarray(0, 5).toString('latin1');
  expect(head).toBe('%PDF-');
  expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
  return res.rawPayload;
};

describe('printing as PDF', () => {
  it('has a CJK font on this machine (fonts-noto-cjk)', () => {
    expect(cjkFont()).not.toBeNull();
  });

  it("prints an order's delivery slip for the driver and the customer, with the order number", async () => {
    const order = (await a.manager.get(`/api/orders/${orderId}`)).json();
    const pdf = isPdf(await a.manager.get(`/api/orders/${orderId}/slip.pdf`));
    const raw = pdf.toString('latin1');
    // The document's title (uncompressed Info dictionary) names the order.
    expect(raw).toContain(`(Delivery slip ${order.orderNo})`);
    expect(raw).toMatch(/NotoSansCJK|DroidSansFallback|WenQuanYi/);
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain(order.orderNo);
      expect(text).toContain('王小明');
      expect(text).toContain('Driver copy');
      expect(text).toContain('Customer copy');
      expect(text).toContain('1,070.00');
    }
    const zh = await a.manager.get(`/api/orders/${orderId}/slip.pdf`, { headers: { 'accept-language': 'zh-TW' } });
    const zhText = pdfText(isPdf(zh));
    if (zhText !== null) expect(zhText).toContain('客戶聯');
    expect((await b.manager.get(`/api/orders/${orderId}/slip.pdf`)).statusCode).toBe(404);
  });

  it("prints the day's orders per delivery person", async () => {
    const order = (await a.manager.get(`/api/orders/${orderId}`)).json();
    const pdf = isPdf(await a.manager.get(`/api/orders/day-sheet.pdf?storeId=${a.storeIds[0]}&date=${DAY}`));
    const text = pdfText(pdf);
    if (text !== null) {
      expect(text).toContain(order.orderNo);
      expect(text).toContain('林師傅');
      expect(text).toContain('民生東路');
    }
    isPdf(await a.manager.get(`/api/orders/day-sheet.pdf?storeId=${a.storeIds[0]}&date=${DAY}&deliveryPersonId=${person}`));
    expect((await a.manager.get(`/api/orders/day-sheet.pdf?storeId=${a.storeIds[0]}&date=2026-99-01`)).statusCode).toBe(400);
    expect((await b.manager.get(`/api/orders/day-sheet.pdf?storeId=${a.storeIds[0]}&date=${DAY}`)).statusCode).toBe(404);
  });

  it('prints DailyReport and MonthlyReport', async () => {
    const daily = isPdf(await a.manager.get(`/api/reports/daily.pdf?date=${DAY}&scope=all`));
    const monthly = isPdf(await a.manager.get(`/api/reports/monthly.pdf?month=${DAY.slice(0, 7)}&scope=all`));
    expect(daily.toString('latin1')).toContain(`(Daily report ${DAY})`);
    expect(monthly.toString('latin1')).toContain(`(Monthly report ${DAY.slice(0, 7)})`);
    const text = pdfText(daily);
    if (text !== null) {
      expect(text).toContain('Daily report');
      expect(text).toContain('1,070.00');
    }
    expect((await a.staff.get(`/api/reports/daily.pdf?date=${DAY}`)).statusCode).toBe(403);
  });
});
