import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS_PER_PAGE, MAX_LABELS } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';

// The label sheet (PDF) of cylinders without RFID tags, and the photo thumbnails of the lists.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let dataDir: string;
const ids: number[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-cyl-labels-'));
  t = await createTestApp({ dataDir });
  a = await t.tenant('Label A', { CustomerDetail: ['view'] });
  b = await t.tenant('Label B');
  const rows = Array.from({ length: LABELS_PER_PAGE + 4 }, (_, i) => ({
    containerNo: `LB${String(i).padStart(10, '0')}`,
    labelNo: i % 2 ? `Q-${i}` : null,
    containerSpec: 'LPG 20',
    sizeKg: i < 5 ? 50 : 20,
    pressureTestDate: '2020-01-01',
    locationKind: 'store',
    fill: 'full',
  }));
  const res = await a.manager.post('/api/cylinders/bulk', { storeId: a.storeIds[0], rows });
  expect(res.statusCode, res.body).toBe(201);
  const list = (await a.manager.get('/api/cylinders?keyword=LB&pageSize=100')).json();
  ids.push(...list.items.map((c: { id: number }) => c.id));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The page count of a PDF (the page tree's /Count; pdfkit writes it uncompressed). */
function pageCount(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const count = /\/Type \/Pages\s*\/Count (\d+)/.exec(text);
  expect(count, 'page tree').not.toBeNull();
  // Each page object as well, so the tree's count is not trusted alone.
  expect(text.match(/\/Type \/Page\b(?!s)/g)?.length).toBe(Number(count![1]));
  return Number(count![1]);
}

/** The images drawn (image objects, less the transparency masks pdfkit adds to PNGs). */
function imageCount(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  return (text.match(/\/Subtype \/Image/g)?.length ?? 0) - (text.match(/\/SMask \d+ 0 R/g)?.length ?? 0);
}

describe('label sheet (GET /api/cylinders/labels.pdf)', () => {
  it('prints the selected cylinders: a valid PDF, one page per 21 labels', async () => {
    const res = await a.manager.get(`/api/cylinders/labels.pdf?ids=${ids.slice(0, 3).join(',')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(pageCount(res.rawPayload)).toBe(1);
    // One QR code and one Code 128 image per label.
    expect(imageCount(res.rawPayload)).toBe(6);
  });

  it('prints every cylinder of the registry filter, over several pages', async () => {
    const all = await a.manager.get('/api/cylinders/labels.pdf?keyword=LB');
    expect(all.statusCode, all.body).toBe(200);
    expect(pageCount(all.rawPayload)).toBe(2);
    const fifty = await a.manager.get('/api/cylinders/labels.pdf?keyword=LB&sizeKg=50');
    expect(pageCount(fifty.rawPayload)).toBe(1);
    expect(imageCount(fifty.rawPayload)).toBe(10);
  });

  it('answers 404 for another tenant’s cylinders or an empty filter, 400 past the limit, 403 without the registry', async () => {
    expect((await b.manager.get(`/api/cylinders/labels.pdf?ids=${ids[0]}`)).statusCode).toBe(404);
    // One foreign id among one's own is not printed either.
    const bCyl = await b.manager.post('/api/cylinders', { storeId: b.storeIds[0], containerNo: 'BB0000000001', sizeKg: 20 });
    expect((await a.manager.get(`/api/cylinders/labels.pdf?ids=${ids[0]},${bCyl.json().id}`)).statusCode).toBe(404);
    expect((await a.manager.get('/api/cylinders/labels.pdf?keyword=NOTHING')).statusCode).toBe(404);
    const bad = await a.manager.get('/api/cylinders/labels.pdf?ids=1,x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('ids.1');
    const many = await a.manager.get(`/api/cylinders/labels.pdf?ids=${Array.from({ length: MAX_LABELS + 1 }, (_, i) => i + 1).join(',')}`);
    expect(many.statusCode).toBe(400);
    expect((await a.staff.get(`/api/cylinders/labels.pdf?ids=${ids[0]}`)).statusCode).toBe(403);
  });

  it('refuses a filter matching more than the limit with a message', async () => {
    const rows = Array.from({ length: MAX_LABELS - ids.length + 1 }, (_, i) => ({
      containerNo: `LM${String(i).padStart(10, '0')}`,
      sizeKg: 20,
    }));
    expect((await a.manager.post('/api/cylinders/bulk', { storeId: a.storeIds[1], rows })).statusCode).toBe(201);
    const res = await a.manager.get('/api/cylinders/labels.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(`At most ${MAX_LABELS} labels can be printed at once; narrow the search`);
    expect((await a.manager.get(`/api/cylinders/labels.pdf?storeId=${a.storeIds[0]}`)).statusCode).toBe(200);
  });
});

describe('photo thumbnails', () => {
  it('makes a 160 px WebP thumbnail on upload and serves it with size=thumb', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2060c0' } })
      .jpeg()
      .toBuffer();
    const id = ids[0]!;
    const res = await a.manager.put(`/api/cylinders/${id}/image`, { contentType: 'image/jpeg', data: photo.toString('base64') });
    expect(res.statusCode, res.body).toBe(200);
    const thumb = await a.manager.get(`/api/cylinders/${id}/image?size=thumb&v=1`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 120]);
    expect(thumb.rawPayload.length).toBeLessThan(photo.length);
    const full = await a.manager.get(`/api/cylinders/${id}/image`);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.rawPayload.equals(photo)).toBe(true);
    expect((await b.manager.get(`/api/cylinders/${id}/image?size=thumb`)).statusCode).toBe(404);
    expect((await a.manager.get(`/api/cylinders/${id}/image?size=huge`)).statusCode).toBe(400);
  });

  it('keeps a small photo at its size, replaces the old files, remakes a missing thumbnail', async () => {
    const id = ids[1]!;
    const small = await sharp({ create: { width: 50, height: 80, channels: 4, background: '#ffffff80' } })
      .png()
      .toBuffer();
    const put = async () =>
      (await a.manager.put(`/api/cylinders/${id}/image`, { contentType: 'image/png', data: small.toString('base64') })).statusCode;
    expect(await put()).toBe(200);
    expect(await put()).toBe(200);
    const dir = path.join(dataDir, 'cylinders', String(a.groupId));
    const mine = () => fs.readdirSync(dir).filter((f) => f.startsWith(`${id}-`));
    expect(mine()).toHaveLength(2);
    const thumbFile = mine().find((f) => f.endsWith('.thumb.webp'))!;
    fs.rmSync(path.join(dir, thumbFile));
    const thumb = await a.manager.get(`/api/cylinders/${id}/image?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 50, height: 80 });
    expect(mine()).toContain(thumbFile);
  });

  it('refuses bytes that only look like an image', async () => {
    const header = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const res = await a.manager.put(`/api/cylinders/${ids[2]}/image`, { contentType: 'image/png', data: header.toString('base64') });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.data).toBe('The image file is not valid');
  });
});
