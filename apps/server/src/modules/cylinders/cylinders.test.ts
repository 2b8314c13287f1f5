import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { dateIn, shiftDate } from '@gasops/shared';
import { createTestApp, whenTaipeiIsAheadOfUtcDate, type Tenant, type TestApp } from '../../../test/helpers.js';
import { customers } from '../customers/customers.schema.js';
import { orders } from '../orders/orders.schema.js';
import { cylinders } from './cylinders.schema.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let dataDir: string;
const today = () => dateIn('Asia/Taipei');
const day = (offset: number) => shiftDate(today(), { days: offset });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-cyl-'));
  t = await createTestApp({ dataDir });
  // The staff user records stock documents and scans, resolves pending data, reads the registry,
  // but may not edit it (so may not override the inspection gate).
  a = await t.tenant('Cyl A', {
    CylinderMaintenance: ['view'],
    CylinderStockMaintenance: ['view', 'create'],
    penddingDataMaintenance: ['view', 'edit'],
    ScanResultSearch: ['view'],
  });
  b = await t.tenant('Cyl B');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

type Body = Record<string, unknown>;
const cylinder = (over: Body = {}): Body => ({
  storeId: a.storeIds[0],
  containerNo: 'AA1120123456',
  labelNo: null,
  sizeKg: 20,
  tareG: 15_350,
  material: 'steel',
  pressureTestDate: '2015-06-01',
  lastInspectionDate: null,
  nextInspectionDeadline: null,
  locationKind: 'store',
  fill: 'full',
  ...over,
});
async function create(over: Body = {}): Promise<{ id: number } & Body> {
  const res = await a.manager.post('/api/cylinders', cylinder(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function stateOf(id: number) {
  const [c] = await t.db.select().from(cylinders).where(eq(cylinders.id, id));
  return c!;
}

describe('cylinder registry', () => {
  let id: number;

  it('registers a cylinder with a computed deadline (marked as suggested), audited', async () => {
    const c = await create({ containerNo: ' aa11 2012 3456 ', labelNo: 'q-0001' });
    id = c.id;
    expect(c).toMatchObject({
      containerNo: 'AA1120123456',
      labelNo: 'Q-0001',
      storeName: 'Cyl A store A',
      tareG: 15_350,
      nextInspectionDeadline: '2020-06-01',
      deadlineSuggested: true,
      endOfLifeDate: '2045-06-01',
      locationKind: 'store',
      locationName: 'Cyl A store A',
      fill: 'full',
      inspectionStatus: 'overdue',
      statusColour: 'red',
    });
    expect(await t.lastAudit('cylinders', id)).toMatchObject({ screen: 'CylinderMaintenance', action: 'create', groupId: a.groupId });
  });

  it('answers field messages in the caller language', async () => {
    const res = await a.manager.post('/api/cylinders', {
      storeId: a.storeIds[0],
      tareG: 15_355,
      lastInspectionDate: '2001-01-01',
      pressureTestDate: '2010-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      containerNo: 'This field is required',
      sizeKg: 'This field is required',
      tareG: 'Invalid format',
    });
    const zh = await a.manager.post('/api/cylinders', { ...cylinder(), containerNo: '' }, { headers: { 'accept-language': 'zh-TW' } });
    expect(zh.json().errors.containerNo).toBe('此欄位為必填');
    const dates = await a.manager.post(
      '/api/cylinders',
      cylinder({ containerNo: 'ZZ1', pressureTestDate: '2010-01-01', lastInspectionDate: '2009-01-01' }),
    );
    expect(dates.json().errors.lastInspectionDate).toBe('The end date must not be before the start date');
  });

  it('refuses a duplicate number or barcode (container or label) with the seed message', async () => {
    const dupContainer = await a.manager.post('/api/cylinders', cylinder({ containerNo: 'aa1120123456' }));
    expect(dupContainer.statusCode).toBe(409);
    expect(dupContainer.json()).toMatchObject({
      detail: 'Duplicate cylinder barcode or number',
      errors: { containerNo: 'Duplicate cylinder barcode or number' },
    });
    const labelIsContainer = await a.manager.post('/api/cylinders', cylinder({ containerNo: 'AA9', labelNo: 'AA1120123456' }));
    expect(labelIsContainer.json().errors).toEqual({ labelNo: 'Duplicate cylinder barcode or number' });
    // Another group may hold the same number.
    const other = await b.manager.post('/api/cylinders', cylinder({ storeId: b.storeIds[0] }));
    expect(other.statusCode).toBe(201);
  });

  it('edits registry fields; a new label number closes the old label in the history', async () => {
    const res = await a.manager.put(`/api/cylinders/${id}`, {
      ...cylinder({ labelNo: 'Q-0002', lastInspectionDate: '2020-05-20', nextInspectionDeadline: '2025-05-31' }),
      storeId: a.storeIds[1],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      labelNo: 'Q-0002',
      storeId: a.storeIds[1],
      nextInspectionDeadline: '2025-05-31',
      deadlineSuggested: false,
    });
    const detail = (await a.manager.get(`/api/cylinders/${id}`)).json();
    expect(detail.labels.map((l: { labelNo: string; toDate: string | null }) => [l.labelNo, l.toDate === null])).toEqual([
      ['Q-0001', false],
      ['Q-0002', true],
    ]);
    expect(detail.deadlineCheck).toEqual({ suggested: '2025-05-20', disagrees: false, differenceDays: 11 });
    expect(detail.containerNoWarning).toBe(false);
    expect(detail.allowedMovements).toContain('sales_out');
    expect(await t.lastAudit('cylinders', id)).toMatchObject({ screen: 'CylinderMaintenance', action: 'edit' });
    await a.manager.put(
      `/api/cylinders/${id}`,
      cylinder({ labelNo: 'Q-0002', lastInspectionDate: '2020-05-20', nextInspectionDeadline: '2025-05-31' }),
    );
  });

  it('lists with number search, filters and paging; 403 without the right; another tenant sees nothing', async () => {
    await create({
      containerNo: 'BB2220000001',
      storeId: a.storeIds[1],
      sizeKg: 50,
      nextInspectionDeadline: day(400),
      locationKind: 'new',
      fill: 'empty',
    });
    await create({ containerNo: 'BB2220000002', sizeKg: 50, nextInspectionDeadline: day(30) });
    const prefix = (await a.manager.get('/api/cylinders?keyword=bb')).json();
    expect(prefix.total).toBe(2);
    const contains = (await a.manager.get('/api/cylinders?keyword=0000002')).json();
    expect(contains.items.map((c: { containerNo: string }) => c.containerNo)).toEqual(['BB2220000002']);
    const byLabel = (await a.manager.get('/api/cylinders?keyword=q-0002')).json();
    expect(byLabel.items[0].id).toBe(id);
    expect((await a.manager.get('/api/cylinders?status=due')).json().items.map((c: { containerNo: string }) => c.containerNo)).toEqual([
      'BB2220000002',
    ]);
    expect((await a.manager.get('/api/cylinders?status=in_date')).json().total).toBe(1);
    expect((await a.manager.get('/api/cylinders?status=overdue')).json().total).toBe(1);
    expect((await a.manager.get('/api/cylinders?sizeKg=50&locationKind=new')).json().total).toBe(1);
    expect((await a.manager.get(`/api/cylinders?deadlineFrom=${day(1)}&deadlineTo=${day(60)}`)).json().total).toBe(1);
    const page = (await a.manager.get('/api/cylinders?pageSize=2&page=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    const sorted = (await a.manager.get('/api/cylinders?sort=deadline')).json();
    expect(sorted.items[0].id).toBe(id);

    expect((await a.staff.post('/api/cylinders', cylinder({ containerNo: 'XX1' }))).statusCode).toBe(403);
    expect((await a.staff.get('/api/cylinders')).json().total).toBe(2); // only store A's
    expect((await b.manager.get('/api/cylinders')).json().items.map((c: { groupId: number }) => c.groupId)).toEqual([b.groupId]);
    expect((await b.manager.get(`/api/cylinders/${id}`)).statusCode).toBe(404);
    expect((await b.manager.put(`/api/cylinders/${id}`, cylinder({ storeId: b.storeIds[0] }))).statusCode).toBe(404);
    expect((await b.manager.del(`/api/cylinders/${id}`)).statusCode).toBe(404);
    expect((await b.manager.get(`/api/cylinders?groupId=${a.groupId}`)).statusCode).toBe(404);
    // The platform administrator sees every group, one at a time on request.
    expect((await t.admin.get(`/api/cylinders?groupId=${a.groupId}`)).json().total).toBe(3);
    expect((await t.admin.get('/api/cylinders')).json().total).toBeGreaterThanOrEqual(4);
  });

  it('number search: 3+ characters match the start or the end of a container or label number, not its middle; sorted and counted', async () => {
    const ends = [
      await create({ containerNo: 'NS0000918273', labelNo: 'LBL-777001', nextInspectionDeadline: day(300) }),
      await create({ containerNo: 'NS0000654321', labelNo: 'LBL-777002', nextInspectionDeadline: day(100) }),
      await create({ containerNo: 'MS9990123000', nextInspectionDeadline: day(200) }),
    ];
    const found = async (query: string) =>
      (await a.manager.get(`/api/cylinders?${query}`)).json() as { items: { containerNo: string }[]; total: number };
    const numbers = async (query: string) => (await found(query)).items.map((c) => c.containerNo);
    // The start (newest first) and the end of a container number, the whole number, a label's end.
    expect(await numbers('keyword=ns0000')).toEqual(['NS0000654321', 'NS0000918273']);
    expect(await numbers('keyword=918273')).toEqual(['NS0000918273']);
    expect(await numbers('keyword=ns0000654321')).toEqual(['NS0000654321']);
    expect(await numbers('keyword=777002')).toEqual(['NS0000654321']);
    expect(await numbers('keyword=lbl-777')).toEqual(['NS0000654321', 'NS0000918273']);
    // The middle of a number is not searched (issue 12: a B-tree reads starts and ends).
    expect(await numbers('keyword=0009182')).toEqual([]);
    // A keyword's own % and _ are characters, not wildcards.
    expect(await numbers('keyword=' + encodeURIComponent('NS%'))).toEqual([]);
    // In deadline order, and counted exactly.
    expect(await numbers('keyword=ns0000&sort=deadline')).toEqual(['NS0000654321', 'NS0000918273']);
    expect((await found('keyword=ns0000&pageSize=1')).total).toBe(2);
    expect(ends).toHaveLength(3);
  });

  it('keys in many cylinders at once, all or nothing', async () => {
    const rows = [
      { containerNo: 'KK0000000001', sizeKg: 16, pressureTestDate: '2020-01-01' },
      { containerNo: 'KK0000000002', sizeKg: 16, storeId: a.storeIds[1], labelNo: 'L-KK2' },
    ];
    const res = await a.manager.post('/api/cylinders/bulk', { storeId: a.storeIds[0], rows });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toBe(2);
    const again = await a.manager.post('/api/cylinders/bulk', {
      storeId: a.storeIds[0],
      rows: [{ containerNo: 'KK0000000003', sizeKg: 16 }, rows[0]],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ 'rows.1.containerNo': 'Duplicate cylinder barcode or number' });
    expect((await a.manager.get('/api/cylinders?keyword=KK0000000003')).json().total).toBe(0);
    const repeated = await a.manager.post('/api/cylinders/bulk', { storeId: a.storeIds[0], rows: [rows[0], rows[0]] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors['rows.1.containerNo']).toBe('Duplicate cylinder barcode or number');
    const foreign = await a.manager.post('/api/cylinders/bulk', { storeId: b.storeIds[0], rows: [{ containerNo: 'KK9', sizeKg: 16 }] });
    expect(foreign.statusCode).toBe(404);
  });

  it('imports a file: a dry run reports every row, then only the valid rows are saved', async () => {
    const rows = [
      { containerNo: 'IM0000000001', sizeKg: '20', tareKg: '15.35', material: '鋼製', pressureTestDate: '2019/3/1' },
      { containerNo: 'IM0000000002', sizeKg: 'abc' },
      { containerNo: 'KK0000000001', sizeKg: '16' },
      { containerNo: 'IM0000000001', sizeKg: '20' },
    ];
    const dry = (await a.manager.post('/api/cylinders/import', { storeId: a.storeIds[0], rows })).json();
    expect(dry).toMatchObject({ valid: 1, invalid: 3, imported: 0 });
    expect(dry.rows[1].errors.sizeKg).toBe('Enter a valid number');
    expect(dry.rows[2].errors.containerNo).toBe('Duplicate cylinder barcode or number');
    const all = (await a.manager.post('/api/cylinders/import', { storeId: a.storeIds[0], rows, dryRun: false })).json();
    expect(all.imported).toBe(0);
    const valid = (await a.manager.post('/api/cylinders/import', { storeId: a.storeIds[0], rows, dryRun: false, mode: 'valid' })).json();
    expect(valid.imported).toBe(1);
    const [c] = (await a.manager.get('/api/cylinders?keyword=IM0000000001')).json().items;
    expect(c).toMatchObject({ tareG: 15_350, pressureTestDate: '2019-03-01', nextInspectionDeadline: '2024-03-01' });
  });

  it('stores a photo under DATA_DIR and serves it back', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00000' } })
      .png()
      .toBuffer();
    const res = await a.manager.put(`/api/cylinders/${id}/image`, { contentType: 'image/png', data: png.toString('base64') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ hasImage: true, contentType: 'image/png', bytes: png.length });
    const got = await a.manager.get(`/api/cylinders/${id}/image`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
    // The photo and its thumbnail.
    expect(fs.readdirSync(path.join(dataDir, 'cylinders', String(a.groupId)))).toHaveLength(2);
    const fake = await a.manager.put(`/api/cylinders/${id}/image`, { contentType: 'image/jpeg', data: png.toString('base64') });
    expect(fake.json().errors.data).toBe('The image file is not valid');
    expect((await b.manager.get(`/api/cylinders/${id}/image`)).statusCode).toBe(404);
  });

  it('deletes a wrong entry (audited); its number is free again', async () => {
    const c = await create({ containerNo: 'DEL000000001' });
    expect((await a.staff.del(`/api/cylinders/${c.id}`)).statusCode).toBe(403);
    expect((await a.manager.del(`/api/cylinders/${c.id}`)).statusCode).toBe(204);
    expect(await t.lastAudit('cylinders', c.id)).toMatchObject({ action: 'delete' });
    expect((await a.manager.get(`/api/cylinders/${c.id}`)).statusCode).toBe(404);
    await create({ containerNo: 'DEL000000001' });
  });
});

describe('stock documents and pending data', () => {
  it('applies a document in one go: allowed movements move, the rest becomes pending data', async () => {
    const n1 = await create({ containerNo: 'NW0000000001', locationKind: 'new', fill: 'empty', nextInspectionDeadline: day(900) });
    const n2 = await create({
      containerNo: 'NW0000000002',
      locationKind: 'new',
      fill: 'empty',
      labelNo: 'NW-L2',
      nextInspectionDeadline: day(900),
    });
    const there = await create({ containerNo: 'NW0000000003', locationKind: 'store', fill: 'empty', nextInspectionDeadline: day(900) });
    const res = await a.staff.post('/api/cylinders/stock-documents', {
      storeId: a.storeIds[0],
      kind: 'new_cylinder_in',
      docDate: today(),
      sourceDocNo: 'PO-77',
      codes: ['nw0000000001', 'NW-L2', 'NW0000000003', 'UNKNOWN-1'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ kind: 'new_cylinder_in', lineCount: 4, appliedCount: 2, pendingCount: 2, sourceDocNo: 'PO-77' });
    expect(doc.docNo).toMatch(/^SD\d{8}-0001$/);
    expect(doc.lines.map((l: { result: string; reason: string | null }) => [l.result, l.reason])).toEqual([
      ['applied', null],
      ['applied', null],
      ['pending', 'alreadyThere'],
      ['pending', 'unknownCylinder'],
    ]);
    expect(await stateOf(n1.id)).toMatchObject({
      locationKind: 'store',
      locationId: a.storeIds[0],
      fill: 'empty',
      lastMovementKind: 'new_cylinder_in',
    });
    expect(await stateOf(n2.id)).toMatchObject({ locationKind: 'store' });
    expect(await stateOf(there.id)).toMatchObject({ lastMovementKind: null });
    expect(await t.lastAudit('stock_documents', doc.id)).toMatchObject({ screen: null, action: 'create', groupId: a.groupId });
    const detail = (await a.manager.get(`/api/cylinders/${n1.id}`)).json();
    expect(detail.movements[0]).toMatchObject({
      kind: 'new_cylinder_in',
      fromLocationKind: 'new',
      toLocationKind: 'store',
      docNo: doc.docNo,
      source: 'document',
    });

    const list = (await a.manager.get('/api/cylinders/stock-documents?kind=new_cylinder_in')).json();
    expect(list.items.map((d: { id: number }) => d.id)).toContain(doc.id);
    expect((await a.manager.get(`/api/cylinders/stock-documents?keyword=PO-77`)).json().total).toBe(1);
    expect((await b.manager.get(`/api/cylinders/stock-documents/${doc.id}`)).statusCode).toBe(404);
    expect((await b.manager.get('/api/cylinders/stock-documents')).json().total).toBe(0);

    const pending = (await a.staff.get(`/api/cylinders/pending?status=unprocessed&docNo=${doc.docNo}`)).json();
    expect(
      pending.items.map((p: { code: string; reason: string; prevLocationKind: string | null }) => [p.code, p.reason, p.prevLocationKind]),
    ).toEqual([
      ['UNKNOWN-1', 'unknownCylinder', null],
      ['NW0000000003', 'alreadyThere', 'store'],
    ]);
  });

  it('refuses the same cylinder twice in a document, and a customer on a movement that takes none', async () => {
    const twice = await a.manager.post('/api/cylinders/stock-documents', {
      storeId: a.storeIds[0],
      kind: 'sales_out',
      docDate: today(),
      codes: ['AA1', 'a a1'],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ 'codes.1': 'Duplicate cylinder barcode or number' });
    const byLabel = await a.manager.post('/api/cylinders/stock-documents', {
      storeId: a.storeIds[0],
      kind: 'sales_out',
      docDate: today(),
      codes: ['NW0000000002', 'NW-L2'],
    });
    expect(byLabel.json().errors).toEqual({ 'codes.1': 'Duplicate cylinder barcode or number' });
    const none = await a.manager.post('/api/cylinders/stock-documents', {
      storeId: a.storeIds[0],
      kind: 'sales_out',
      docDate: today(),
      codes: [],
    });
    expect(none.json().errors.codes).toBe('Enter at least one cylinder number');
    const [cust] = await t.db.insert(customers).values({ groupId: a.groupId, storeId: a.storeIds[0], name: 'Doc customer' }).returning();
    const wrong = await a.manager.post('/api/cylinders/stock-documents', {
      storeId: a.storeIds[0],
      kind: 'filling_out',
      docDate: today(),
      customerId: cust!.id,
      codes: ['NW0000000001'],
    });
    expect(wrong.json().errors.customerId).toBe('This processing status takes no customer');
    expect(
      (await a.staff.post('/api/cylinders/stock-documents', { storeId: a.storeIds[1], kind: 'scrap', docDate: today(), codes: ['X'] }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses an overdue cylinder on sales out unless a manager overrides it with a reason', async () => {
    const old = await create({ containerNo: 'OD0000000001', nextInspectionDeadline: day(-1), fill: 'full' });
    const doc = (
      await a.staff.post('/api/cylinders/stock-documents', {
        storeId: a.storeIds[0],
        kind: 'sales_out',
        docDate: today(),
        codes: ['OD0000000001'],
      })
    ).json();
    expect(doc.lines[0]).toMatchObject({ result: 'pending', reason: 'overdue' });
    expect(await stateOf(old.id)).toMatchObject({ locationKind: 'store', fill: 'full' });

    const staffOverride = await a.staff.post('/api/cylinders/stock-documents', {
      storeId: a.storeIds[0],
      kind: 'sales_out',
      docDate: today(),
      overrideReason: 'customer insists',
      codes: ['OD0000000001'],
    });
    expect(staffOverride.statusCode).toBe(400);
    expect(staffOverride.json().errors.overrideReason).toBe('Only a manager may let an overdue or end-of-life cylinder go out');

    const [cust] = await t.db
      .insert(customers)
      .values({ groupId: a.groupId, storeId: a.storeIds[0], name: 'Override customer' })
      .returning();
    const managed = (
      await a.manager.post('/api/cylinders/stock-documents', {
        storeId: a.storeIds[0],
        kind: 'sales_out',
        docDate: today(),
        customerId: cust!.id,
        overrideReason: 'inspection booked for tomorrow',
        codes: ['OD0000000001'],
      })
    ).json();
    expect(managed).toMatchObject({ appliedCount: 1, overrideReason: 'inspection booked for tomorrow', customerName: 'Override customer' });
    expect(await stateOf(old.id)).toMatchObject({
      locationKind: 'customer',
      locationId: cust!.id,
      customerId: cust!.id,
      holding: 'sale',
      fill: 'full',
    });
    const detail = (await a.manager.get(`/api/cylinders/${old.id}`)).json();
    expect(detail).toMatchObject({ customerName: 'Override customer', locationName: 'Override customer' });
    expect(detail.movements[0]).toMatchObject({ kind: 'sales_out', overrideReason: 'inspection booked for tomorrow' });
    // The earlier refusal is still waiting in pending data, now on a cylinder that has moved on.
    expect(detail.pending.map((p: { reason: string }) => p.reason)).toEqual(['overdue']);
  });

  it('an end-of-life cylinder is refused filling out', async () => {
    await create({ containerNo: 'EOL000000001', pressureTestDate: '1990-01-01', nextInspectionDeadline: day(200), fill: 'empty' });
    const doc = (
      await a.manager.post('/api/cylinders/stock-documents', {
        storeId: a.storeIds[0],
        kind: 'filling_out',
        docDate: today(),
        codes: ['EOL000000001'],
      })
    ).json();
    expect(doc.lines[0]).toMatchObject({ result: 'pending', reason: 'endOfLife' });
  });

  it('a resent document (same Idempotency-Key) is applied once', async () => {
    await create({ containerNo: 'ID0000000001', fill: 'full', nextInspectionDeadline: day(500) });
    const body = { storeId: a.storeIds[0], kind: 'storage_full', docDate: today(), codes: ['ID0000000001'] };
    const headers = { 'idempotency-key': 'phone-action-0001' };
    const first = await a.manager.post('/api/cylinders/stock-documents', body, { headers });
    const again = await a.manager.post('/api/cylinders/stock-documents', body, { headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json().appliedCount).toBe(1);
  });

  it('resolves pending data: apply anyway (reason), correct, discard; each audited and once only', async () => {
    const all = (await a.staff.get('/api/cylinders/pending?status=unprocessed&pageSize=100')).json();
    const byCode = (code: string) => all.items.find((p: { code: string }) => p.code === code)!;

    // Apply anyway: the cylinder is where the paper says, whatever its state.
    const already = byCode('NW0000000003');
    const applied = await a.staff.post(`/api/cylinders/pending/${already.id}/apply`, { reason: 'counted at the store' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'processed', resolution: 'applied', resolutionReason: 'counted at the store' });
    expect(await t.lastAudit('cylinder_pending', already.id)).toMatchObject({ screen: 'penddingDataMaintenance', action: 'applied' });
    const again = await a.staff.post(`/api/cylinders/pending/${already.id}/apply`, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This pending item has already been processed');

    // An unknown code cannot be applied anyway; corrected to the right number it is applied.
    const unknown = byCode('UNKNOWN-1');
    const cannot = await a.staff.post(`/api/cylinders/pending/${unknown.id}/apply`, { reason: 'x' });
    expect(cannot.json().errors.code).toBe('No cylinder has this number');
    const fresh = await create({ containerNo: 'NW0000000009', locationKind: 'new', fill: 'empty', nextInspectionDeadline: day(900) });
    const missing = await a.staff.post(`/api/cylinders/pending/${unknown.id}/correct`, { code: 'NOPE' });
    expect(missing.json().errors.code).toBe('No cylinder has this number');
    const corrected = await a.staff.post(`/api/cylinders/pending/${unknown.id}/correct`, { code: 'nw0000000009', reason: 'typo' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ resolution: 'corrected', cylinderId: fresh.id, code: 'NW0000000009' });
    expect(await stateOf(fresh.id)).toMatchObject({ locationKind: 'store' });

    // Overdue: only a manager applies it anyway.
    const overdue = byCode('OD0000000001');
    expect((await a.staff.post(`/api/cylinders/pending/${overdue.id}/apply`, { reason: 'x' })).json().errors.reason).toBe(
      'Only a manager may let an overdue or end-of-life cylinder go out',
    );
    const discarded = await a.staff.post(`/api/cylinders/pending/${overdue.id}/discard`, { reason: 'sold with override later' });
    expect(discarded.json()).toMatchObject({ status: 'processed', resolution: 'discarded', resolvedByName: expect.any(String) });
    const noReason = await a.staff.post(`/api/cylinders/pending/${byCode('EOL000000001').id}/discard`, { reason: ' ' });
    expect(noReason.json().errors.reason).toBe('This field is required');

    // A correction the state machine still refuses stays unprocessed.
    const eol = byCode('EOL000000001');
    const refused = await a.staff.post(`/api/cylinders/pending/${eol.id}/correct`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Not possible: The cylinder is past its end of life');

    expect((await b.manager.post(`/api/cylinders/pending/${eol.id}/discard`, { reason: 'x' })).statusCode).toBe(404);
    expect((await a.staff.get('/api/cylinders/pending?status=processed')).json().total).toBe(3);
  });
});

describe('scans', () => {
  let readerId: number;
  let secret: string;

  it('records a user batch: the same code twice counts once; a resend answers the first result', async () => {
    await create({ containerNo: 'SC0000000001', fill: 'empty', nextInspectionDeadline: day(300) });
    await create({ containerNo: 'SC0000000002', fill: 'empty', nextInspectionDeadline: day(-3) });
    await create({ containerNo: 'SC0000000003', fill: 'full', nextInspectionDeadline: day(300) });
    const body = {
      storeId: a.storeIds[0],
      batchId: 'phone-7-0001',
      scannedAt: new Date().toISOString(),
      kind: 'filling_out',
      codes: ['SC0000000001', 'sc0000000001', 'SC0000000002', 'SC0000000003', 'NOPE-1'],
    };
    const res = await a.staff.post('/api/cylinders/scans', body);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ replayed: false, total: 4, success: 1, failure: 1, unprocessed: 2, newToday: 4, qualified: 2 });
    expect(r.reads.map((x: { code: string; result: string; reason: string | null }) => [x.code, x.result, x.reason])).toEqual([
      ['SC0000000001', 'success', null],
      ['SC0000000002', 'failure', 'overdue'],
      ['SC0000000003', 'unprocessed', 'mustBeEmpty'],
      ['NOPE-1', 'unprocessed', 'unknownCylinder'],
    ]);
    expect(await t.lastAudit('scan_batches', r.id)).toMatchObject({ groupId: a.groupId });
    const again = (await a.staff.post('/api/cylinders/scans', body)).json();
    expect(again).toEqual({ ...r, replayed: true });
    const pending = (await a.staff.get('/api/cylinders/pending?docNo=phone-7-0001')).json();
    expect(pending.items.map((p: { source: string; code: string }) => [p.source, p.code]).sort()).toEqual([
      ['scan', 'NOPE-1'],
      ['scan', 'SC0000000003'],
    ]);
    // Read again the same day: no longer "new today".
    const later = (await a.staff.post('/api/cylinders/scans', { ...body, batchId: 'phone-7-0002', kind: null })).json();
    expect(later).toMatchObject({ total: 4, newToday: 0, success: 3, failure: 1 });
  });

  it('needs a store or a reader, and the right to scan', async () => {
    const res = await a.manager.post('/api/cylinders/scans', { batchId: 'x-1', scannedAt: new Date().toISOString(), codes: ['A'] });
    expect(res.json().errors.storeId).toBe('Choose a store or a reader');
    expect(
      (
        await b.staff.post('/api/cylinders/scans', {
          storeId: b.storeIds[0],
          batchId: 'x-1',
          scannedAt: new Date().toISOString(),
          codes: ['A'],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a reader posts with its own secret; a resend is applied once', async () => {
    const created = await a.manager.post('/api/cylinders/readers', { storeId: a.storeIds[0], name: 'Gate 1', kind: 'gate' });
    expect(created.statusCode, created.body).toBe(201);
    readerId = created.json().id;
    secret = created.json().secret;
    expect(secret.length).toBeGreaterThan(20);
    expect(await t.lastAudit('scan_readers', readerId)).toMatchObject({ screen: 'ScanResultStatistics', action: 'create' });
    expect(JSON.stringify(await t.lastAudit('scan_readers', readerId))).not.toContain(secret);
    await create({ containerNo: 'RD0000000001', fill: 'full', nextInspectionDeadline: day(300) });
    const body = { batchId: 'gate-2024-1', scannedAt: new Date().toISOString(), kind: 'storage_full', codes: ['RD0000000001'] };
    const auth = { headers: { authorization: `Reader ${readerId}:${secret}` } };
    const first = await t.anon.post('/api/cylinders/reader-scans', body, auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: 1, replayed: false });
    const again = await t.anon.post('/api/cylinders/reader-scans', body, auth);
    expect(again.json()).toMatchObject({ success: 1, replayed: true, id: first.json().id });
    const wrong = await t.anon.post('/api/cylinders/reader-scans', body, {
      headers: { authorization: `Reader ${readerId}:${'x'.repeat(32)}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Reader authentication failed');
    expect((await t.anon.post('/api/cylinders/reader-scans', body)).statusCode).toBe(401);
    const renewed = (await a.manager.post(`/api/cylinders/readers/${readerId}/secret`)).json();
    expect((await t.anon.post('/api/cylinders/reader-scans', { ...body, batchId: 'gate-2024-2' }, auth)).statusCode).toBe(401);
    secret = renewed.secret;
    expect((await b.manager.post(`/api/cylinders/readers/${readerId}/secret`)).statusCode).toBe(404);
    expect((await a.manager.get('/api/cylinders/readers')).json().map((r: { name: string }) => r.name)).toEqual(['Gate 1']);
  });

  it('statistics per reader and interval, and the search of reads', async () => {
    const statsRes = await a.manager.get(`/api/cylinders/scans/statistics?from=${day(-1)}&to=${today()}`);
    expect(statsRes.statusCode, statsRes.body).toBe(200);
    const stats = statsRes.json();
    expect(stats.totals).toEqual({ total: 9, success: 5, failure: 2, unprocessed: 2, newToday: 5, qualified: 5 });
    const gate = stats.items.find((i: { readerId: number | null }) => i.readerId === readerId);
    expect(gate).toMatchObject({ readerName: 'Gate 1', bucket: today(), total: 1, success: 1 });
    const hourly = (
      await a.manager.get(`/api/cylinders/scans/statistics?from=${today()}&to=${today()}&interval=hour&readerId=${readerId}`)
    ).json();
    expect(hourly.items).toHaveLength(1);
    expect(hourly.items[0].bucket).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
    const long = await a.manager.get(`/api/cylinders/scans/statistics?from=${day(-40)}&to=${today()}&interval=hour`);
    expect(long.json().errors.to).toBe('The period is too long');

    const failures = (await a.staff.get('/api/cylinders/scans/reads?result=failure')).json();
    expect(failures.items.map((r: { code: string }) => r.code)).toEqual(['NOPE-1', 'SC0000000002']);
    const byCode = (await a.staff.get('/api/cylinders/scans/reads?keyword=rd00')).json();
    expect(byCode.items[0]).toMatchObject({ readerName: 'Gate 1', containerNo: 'RD0000000001', batchId: 'gate-2024-1' });
    expect((await b.manager.get('/api/cylinders/scans/reads')).json().total).toBe(0);
    expect((await a.staff.get(`/api/cylinders/scans/statistics?from=${today()}&to=${today()}`)).statusCode).toBe(403);
  });
});

describe('inspection suggestions and the public label check', () => {
  it('ranks delivery persons by the due cylinders at their customers', async () => {
    const [c1, c2] = await t.db
      .insert(customers)
      .values([
        { groupId: a.groupId, storeId: a.storeIds[0], name: 'Suggest one', address: 'Road 1', phone: '0911000111' },
        { groupId: a.groupId, storeId: a.storeIds[0], name: 'Suggest two' },
      ])
      .returning();
    await t.db.insert(orders).values([
      {
        groupId: a.groupId,
        storeId: a.storeIds[0],
        orderNo: 'SG-1',
        orderDate: day(-10),
        customerId: c1!.id,
        deliveryPersonId: a.userIds.staff,
      },
      {
        groupId: a.groupId,
        storeId: a.storeIds[0],
        orderNo: 'SG-2',
        orderDate: day(-5),
        customerId: c2!.id,
        deliveryPersonId: a.userIds.manager,
      },
    ]);
    const put = async (code: string, customerId: number, deadline: string) => {
      await create({ containerNo: code, fill: 'full', nextInspectionDeadline: deadline });
      const doc = await a.manager.post('/api/cylinders/stock-documents', {
        storeId: a.storeIds[0],
        kind: 'sales_out',
        docDate: today(),
        customerId,
        overrideReason: 'test set-up',
        codes: [code],
      });
      expect(doc.json().appliedCount).toBe(1);
    };
    await put('SG0000000001', c1!.id, day(10));
    await put('SG0000000002', c1!.id, day(-10));
    await put('SG0000000003', c2!.id, day(20));
    await put('SG0000000004', c2!.id, day(300));
    const res = await a.manager.get('/api/cylinders/inspection-suggestions');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ today: today(), dueDays: 60 });
    const ranked = s.items.map((i: { rank: number; deliveryPersonId: number | null; count: number; overdue: number }) => [
      i.rank,
      i.deliveryPersonId,
      i.count,
      i.overdue,
    ]);
    // Overdue first, then the most to collect; cylinders at customers nobody delivered to come under null.
    expect(ranked).toEqual([
      [1, a.userIds.staff, 2, 1],
      [2, null, 1, 1],
      [3, a.userIds.manager, 1, 0],
    ]);
    expect(s.items[0].cylinders.map((c: { containerNo: string }) => c.containerNo)).toEqual(['SG0000000002', 'SG0000000001']);
    expect(s.items[0].cylinders[0]).toMatchObject({ customerName: 'Suggest one', customerAddress: 'Road 1', inspectionStatus: 'overdue' });
    expect((await a.staff.get('/api/cylinders/inspection-suggestions')).statusCode).toBe(403);
    expect((await b.manager.get('/api/cylinders/inspection-suggestions')).json().items).toEqual([]);
    // The platform administrator is in no group: a store names the group, and without one the field says so.
    const noStore = await t.admin.get('/api/cylinders/inspection-suggestions');
    expect(noStore.statusCode, noStore.body).toBe(400);
    expect(noStore.json().errors).toEqual({ storeId: 'Choose a store first' });
    const ofStore = await t.admin.get(`/api/cylinders/inspection-suggestions?storeId=${a.storeIds[0]}`);
    expect(ofStore.json().items.map((i: { count: number }) => i.count)).toEqual([2, 1, 1]);
  });

  it('answers anyone by label or container number: spec, validity, deadline, colour, shop — never the customer', async () => {
    await t.db.update(cylinders).set({ labelNo: 'PUB-LABEL-1' }).where(eq(cylinders.containerNo, 'SG0000000001'));
    const res = await t.anon.get('/api/public/cylinders/pub-label-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      containerNo: 'SG0000000001',
      labelNo: 'PUB-LABEL-1',
      containerSpec: null,
      sizeKg: 20,
      material: 'steel',
      labelValid: true,
      nextInspectionDeadline: day(10),
      endOfLifeDate: '2045-06-01',
      inspectionStatus: 'due',
      statusColour: 'orange',
      shop: { name: 'Cyl A store A', phone: null },
    });
    expect(res.body).not.toContain('Suggest one');
    const overdue = (await t.anon.get('/api/public/cylinders/SG0000000002')).json();
    expect(overdue).toMatchObject({ labelValid: false, inspectionStatus: 'overdue', statusColour: 'red' });
    const unknown = await t.anon.get('/api/public/cylinders/NO-SUCH-CYLINDER');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('No cylinder with this number; check the number or ask your gas shop');
  });

  it("counts today on the group's calendar, not the server's UTC date", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const at = whenTaipeiIsAheadOfUtcDate();
    vi.setSystemTime(at);
    const utcToday = at.toISOString().slice(0, 10);
    const c = await create({ containerNo: 'TZ0000000001', nextInspectionDeadline: utcToday });
    // 01:00 in Taipei the next day: yesterday's deadline has passed.
    expect(c).toMatchObject({ inspectionStatus: 'overdue' });
    const doc = (
      await a.manager.post('/api/cylinders/stock-documents', {
        storeId: a.storeIds[0],
        kind: 'sales_out',
        docDate: dateIn('Asia/Taipei', at),
        codes: ['TZ0000000001'],
      })
    ).json();
    expect(doc.lines[0].reason).toBe('overdue');
  });
});
