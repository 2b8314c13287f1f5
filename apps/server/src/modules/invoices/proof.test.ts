import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dateIn, invoicePeriodOf, periodLabel, type RocPeriod } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { stores } from '../../platform/platform.schema.js';
import { invoices } from './invoices.schema.js';

// The printed proof (證明聯): preview, recorded prints with the 補印 mark from the second on, the PDF,
// and the invoices that have no proof.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let tmp: string;
const period = (): RocPeriod => invoicePeriodOf(dateIn('Asia/Taipei'));

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-proof-'));
  t = await createTestApp({ secretsKey: 'test-secret' });
  a = await t.tenant('Proof A', { Home: ['view'], InvoiceLookup: ['view'] });
  b = await t.tenant('Proof B');
  for (const tenant of [a, b]) {
    await t.db.update(stores).set({ issuesInvoice: true }).where(eq(stores.groupId, tenant.groupId));
    for (const [i, storeId] of tenant.storeIds.entries()) {
      const track = {
        storeId,
        ...period(),
        prefix: 'PF',
        start: `000${tenant === a ? 1 : 2}${i}000`,
        end: `000${tenant === a ? 1 : 2}${i}049`,
      };
      expect((await tenant.manager.post('/api/store/StoreInvoice', track)).statusCode).toBe(200);
    }
  }
  // Store A1 has a QR key and an 80 mm printer; store A2 has no QR key.
  const settings = { sellerUbn: '04595257', sellerName: '好氣瓦斯行' };
  expect(
    (
      await a.manager.put('/api/store/StoreInvoice/settings', {
        ...settings,
        storeId: a.storeIds[0],
        qrAesKey: '0123456789ABCDEF0123456789ABCDEF',
        printerWidthMm: 80,
      })
    ).statusCode,
  ).toBe(200);
  expect((await a.manager.put('/api/store/StoreInvoice/settings', { ...settings, storeId: a.storeIds[1] })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const items = [{ description: '液化石油氣 20 kg', quantity: 1, unitPrice: 72000 }];
async function issue(body: Record<string, unknown> = {}, storeId = a.storeIds[0]) {
  const res = await a.manager.post('/api/invoices', { storeId, items, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invoice as { id: number; number: string; date: string };
}

/** The text of a PDF (poppler's pdftotext, as .ci/run installs it). */
function pdfText(pdf: Buffer): string {
  const file = path.join(tmp, `proof-${Math.random()}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('the proof of an invoice', () => {
  it('previews, records each print (audited), marks 補印 from the second print on, in the answer and the PDF', async () => {
    const inv = await issue({ buyerUbn: '10458575', buyerName: 'Buyer Co.' });
    const preview = await a.staff.get(`/api/invoices/${inv.id}/proof`);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({ invoiceId: inv.id, number: inv.number, widthMm: 80, prints: 0, reprint: false });
    expect(p.face).toMatchObject({
      sellerName: '好氣瓦斯行',
      title: '電子發票證明聯',
      period: periodLabel(period()),
      number: `${inv.number.slice(0, 2)}-${inv.number.slice(2)}`,
      format: '格式 25',
      total: '總計 720',
      seller: '賣方 04595257',
      buyer: '買方 10458575',
    });
    expect(p.face.dateTime).toMatch(new RegExp(`^${inv.date} \\d{2}:\\d{2}:\\d{2}$`));
    expect(p.face.randomCode).toMatch(/^隨機碼 \d{4}$/);
    expect(p.code39.text).toHaveLength(19);
    for (const s of [p.code39, p.qrLeft, p.qrRight]) expect(s.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Nothing printed yet: no PDF (it is the copy of a recorded print), nothing counted by the preview.
    const early = await a.staff.get(`/api/invoices/${inv.id}/proof.pdf`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toContain('has not been printed yet');

    const first = await a.staff.post(`/api/invoices/${inv.id}/proof/print`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ prints: 1, reprint: false, face: { title: '電子發票證明聯' } });
    const audit = await t.lastAudit('invoices', inv.id);
    expect(audit).toMatchObject({ action: 'print', screen: 'InvoiceLookup', groupId: a.groupId, before: { proofPrints: 0 } });
    expect(audit!.after).toMatchObject({ proofPrints: 1, reprint: false });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(row).toMatchObject({ proofPrints: 1, proofFirstPrintedBy: a.userIds.staff });
    expect(row!.proofFirstPrintedAt).toBeInstanceOf(Date);

    const pdf1 = await a.staff.get(`/api/invoices/${inv.id}/proof.pdf`);
    expect(pdf1.statusCode, pdf1.body).toBe(200);
    expect(pdf1.headers['content-type']).toBe('application/pdf');
    expect(pdf1.headers['content-disposition']).toContain(`invoice-proof-${inv.number}.pdf`);
    expect(pdf1.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text1 = pdfText(pdf1.rawPayload);
    for (const line of [
      '好氣瓦斯行',
      '電子發票證明聯',
      periodLabel(period()),
      p.face.number,
      '格式 25',
      '總計 720',
      '賣方 04595257',
      '買方 10458575',
    ])
      expect(text1).toContain(line);
    expect(text1).not.toContain('補印');
    // One page, 80 mm wide (the store's printer), three symbols.
    const media = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf1.rawPayload.toString('latin1'));
    expect(Number(media![1])).toBeCloseTo((80 * 72) / 25.4, 1);
    expect(pdf1.rawPayload.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);

    // The next print is a reprint: the preview says so, the print and the PDF carry the mark.
    expect((await a.staff.get(`/api/invoices/${inv.id}/proof`)).json()).toMatchObject({
      prints: 1,
      reprint: true,
      face: { title: '電子發票證明聯 補印' },
    });
    const second = await a.staff.post(`/api/invoices/${inv.id}/proof/print`);
    expect(second.json()).toMatchObject({ prints: 2, reprint: true, face: { title: '電子發票證明聯 補印' } });
    expect((await t.lastAudit('invoices', inv.id))!.after).toMatchObject({ proofPrints: 2, reprint: true });
    const [again] = await t.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(again!.proofFirstPrintedAt).toEqual(row!.proofFirstPrintedAt);
    expect(pdfText((await a.staff.get(`/api/invoices/${inv.id}/proof.pdf`)).rawPayload)).toContain('補印');
  });

  it('a consumer proof has no 格式 25 and no buyer; the PDF is as wide as the store’s printer', async () => {
    await t.db.execute(`update invoice_settings set printer_width_mm = 57 where store_id = ${a.storeIds[0]}`);
    try {
      const inv = await issue();
      const printed = (await a.staff.post(`/api/invoices/${inv.id}/proof/print`)).json();
      expect(printed).toMatchObject({ widthMm: 57, face: { format: null, buyer: null } });
      const pdf = (await a.staff.get(`/api/invoices/${inv.id}/proof.pdf`)).rawPayload;
      const media = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
      expect(Number(media![1])).toBeCloseTo((57 * 72) / 25.4, 1);
      const text = pdfText(pdf);
      expect(text).not.toContain('格式 25');
      expect(text).not.toContain('買方');
    } finally {
      await t.db.execute(`update invoice_settings set printer_width_mm = 80 where store_id = ${a.storeIds[0]}`);
    }
  });

  it('carried, donated and voided invoices have no proof (409 with the reason), nothing is counted', async () => {
    const carried = await issue({ carrierType: '3J0002', carrierId: '/ABC+1.-' });
    const donated = await issue({ npoban: '168' });
    const voided = await issue();
    expect((await a.manager.post(`/api/invoices/${voided.id}/void`, { reason: 'wrong' })).statusCode).toBe(200);
    const reasons: [number, string][] = [
      [carried.id, 'An invoice saved to a carrier has no printed proof'],
      [donated.id, 'A donated invoice has no printed proof'],
      [voided.id, 'A voided invoice has no printed proof'],
    ];
    for (const [id, reason] of reasons)
      for (const res of [
        await a.staff.get(`/api/invoices/${id}/proof`),
        await a.staff.post(`/api/invoices/${id}/proof/print`),
        await a.staff.get(`/api/invoices/${id}/proof.pdf`),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().detail).toBe(reason);
      }
    const rows = await t.db.select({ prints: invoices.proofPrints }).from(invoices).where(eq(invoices.id, carried.id));
    expect(rows[0]!.prints).toBe(0);
    // The reason in the caller's language.
    const zh = await a.staff.get(`/api/invoices/${donated.id}/proof`, { headers: { 'accept-language': 'zh-TW' } });
    expect(zh.json().detail).toBe('捐贈的發票不列印證明聯');
  });

  it('a store without a QR AES key cannot print (409); another tenant’s invoice is 404; no permission 403', async () => {
    const noKey = await issue({}, a.storeIds[1]);
    const res = await a.manager.post(`/api/invoices/${noKey.id}/proof/print`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('no QR code AES key');

    const inv = await issue();
    for (const res of [
      await b.manager.get(`/api/invoices/${inv.id}/proof`),
      await b.manager.post(`/api/invoices/${inv.id}/proof/print`),
      await b.manager.get(`/api/invoices/${inv.id}/proof.pdf`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await b.staff.post(`/api/invoices/${inv.id}/proof/print`)).statusCode).toBe(403);
    const [row] = await t.db.select({ prints: invoices.proofPrints }).from(invoices).where(eq(invoices.id, inv.id));
    expect(row!.prints).toBe(0);
  });
});
