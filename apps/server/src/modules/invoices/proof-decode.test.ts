import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes, type ReadResult } from 'zxing-wasm/reader';
import { eq } from 'drizzle-orm';
import { dateIn, invoicePeriodOf, type Invoice, type InvoiceProof } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { stores } from '../../platform/platform.schema.js';

// The printed codes decoded by a maintained decoder (zxing-wasm, the ZXing C++ reader): the PDF page as a
// thermal printer gets it (rasterised by poppler's pdftoppm) and the SVG symbols the browser prints
// (rasterised by sharp). Every field of the left QR code is read back and checked against the invoice,
// the verification field against the AES key.

const KEY = '8F1C2A9B3D4E5F60718293A4B5C6D7E8';
const IV = Buffer.from('Dt8lyToo17X/XkXaQvihuA==', 'base64');
let t: TestApp;
let a: Tenant;
let tmp: string;

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const wasm = fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-proof-decode-'));
  t = await createTestApp({ secretsKey: 'decode-secret' });
  a = await t.tenant('Proof decode');
  await t.db.update(stores).set({ issuesInvoice: true }).where(eq(stores.groupId, a.groupId));
  const p = invoicePeriodOf(dateIn('Asia/Taipei'));
  const track = { storeId: a.storeIds[0], ...p, prefix: 'QD', start: '12345600', end: '12345649' };
  expect((await a.manager.post('/api/store/StoreInvoice', track)).statusCode).toBe(200);
  const settings = { storeId: a.storeIds[0], sellerUbn: '04595257', sellerName: '好氣瓦斯行', qrAesKey: KEY };
  expect((await a.manager.put('/api/store/StoreInvoice/settings', settings)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const read = (png: Buffer) => readBarcodes(new Uint8Array(png), { formats: ['QRCode', 'Code39'], tryHarder: true, maxNumberOfSymbols: 5 });

/** The PDF's page as an image at 203 dpi, the resolution of 57/58 mm thermal printers. */
function rasterise(pdf: Buffer): Buffer {
  const file = path.join(tmp, 'proof.pdf');
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '203', '-png', '-singlefile', file, path.join(tmp, 'proof')]);
  return fs.readFileSync(path.join(tmp, 'proof.png'));
}

/** An SVG symbol on white with a quiet zone, as the page shows it. */
const svgImage = (svg: string) =>
  sharp(Buffer.from(svg), { density: 600 })
    .flatten({ background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .png()
    .toBuffer();

const rocDate = (date: string) => `${Number(date.slice(0, 4)) - 1911}${date.slice(5, 7)}${date.slice(8, 10)}`;

/** Every field of the left QR code (DOMAIN.md: 77 fixed characters, then `:`-separated fields). */
function checkLeftQr(text: string, inv: Invoice) {
  expect(text.slice(0, 10)).toBe(inv.number);
  expect(text.slice(10, 17)).toBe(rocDate(inv.date));
  expect(text.slice(17, 21)).toBe(inv.randomCode);
  expect(parseInt(text.slice(21, 29), 16)).toBe(inv.salesAmount / 100);
  expect(parseInt(text.slice(29, 37), 16)).toBe(inv.totalAmount / 100);
  expect(text.slice(37, 45)).toBe(inv.buyerUbn ?? '00000000');
  expect(text.slice(45, 53)).toBe('04595257');
  const verification = text.slice(53, 77);
  const decipher = crypto.createDecipheriv('aes-128-cbc', Buffer.from(KEY, 'hex'), IV);
  expect(Buffer.concat([decipher.update(verification, 'base64'), decipher.final()]).toString('utf8')).toBe(
    `${inv.number}${inv.randomCode}`,
  );
  const cipher = crypto.createCipheriv('aes-128-cbc', Buffer.from(KEY, 'hex'), IV);
  expect(verification).toBe(Buffer.concat([cipher.update(`${inv.number}${inv.randomCode}`), cipher.final()]).toString('base64'));
  const [, selfUse, shown, total, encoding, ...items] = text.slice(77).split(':');
  expect(selfUse).toBe('**********');
  expect(Number(total)).toBe(inv.items.length);
  expect(encoding).toBe('1');
  return { shown: Number(shown), items };
}

/** The items of both codes as `name:qty:unitPrice` triples. */
function triples(fields: string[]) {
  const out: string[] = [];
  for (let i = 0; i < fields.length; i += 3) out.push(fields.slice(i, i + 3).join(':'));
  return out;
}

describe('the printed codes decode to the invoice', () => {
  it('Code39 and both QR codes of a business invoice with many items, from the PDF and from the browser SVGs', async () => {
    const items = [
      { description: '液化石油氣 20 kg', quantity: 2, unitPrice: 72000 },
      { description: '調整器', quantity: 1, unitPrice: 35000 },
      { description: '瓦斯管 1.5 m', quantity: 3, unitPrice: 12000 },
      { description: 'Safety check', quantity: 1, unitPrice: 20000 },
      { description: '安全檢查服務費', quantity: 1, unitPrice: 5000 },
    ];
    const issued = await a.manager.post('/api/invoices', { storeId: a.storeIds[0], items, buyerUbn: '10458575', buyerName: 'Buyer Co.' });
    expect(issued.statusCode, issued.body).toBe(200);
    const inv = issued.json().invoice as Invoice;
    expect(inv.salesAmount).not.toBe(inv.totalAmount);
    const proof = (await a.manager.post(`/api/invoices/${inv.id}/proof/print`)).json() as InvoiceProof;
    const expected = { code39: `${proof.code39.text}`, left: proof.qrLeft.text, right: proof.qrRight.text };
    // The Code39 from its parts: period code + number + random code.
    const p = invoicePeriodOf(inv.date);
    expect(expected.code39).toBe(`${p.rocYear}${String(p.period * 2).padStart(2, '0')}${inv.number}${inv.randomCode}`);

    const pdf = await a.manager.get(`/api/invoices/${inv.id}/proof.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const found: ReadResult[] = await read(rasterise(pdf.rawPayload));
    const code39 = found.filter((r) => r.format === 'Code39');
    const qrs = found.filter((r) => r.format === 'QRCode').sort((x, y) => x.position.topLeft.x - y.position.topLeft.x);
    expect(code39.map((r) => r.text)).toEqual([expected.code39]);
    expect(qrs.map((r) => r.text)).toEqual([expected.left, expected.right]);

    const left = checkLeftQr(qrs[0]!.text, inv);
    expect(qrs[1]!.text.startsWith('**')).toBe(true);
    const rest = qrs[1]!.text.slice(2);
    const all = triples([...left.items, ...(rest ? rest.split(':') : [])]);
    expect(all).toHaveLength(left.shown);
    expect(left.shown).toBeGreaterThan(1);
    expect(all).toEqual(items.slice(0, left.shown).map((i) => `${i.description}:${i.quantity}:${i.unitPrice / 100}`));
    // The codes are split over both QR codes (the right one holds items), each within the size a proof prints.
    expect(rest.length).toBeGreaterThan(0);

    // The symbols the browser prints (SVG), decoded one by one.
    for (const [symbol, text] of [
      [proof.code39, expected.code39],
      [proof.qrLeft, expected.left],
      [proof.qrRight, expected.right],
    ] as const) {
      const decoded = await read(await svgImage(symbol.svg));
      expect(decoded.map((r) => r.text)).toEqual([text]);
    }
  });
});
