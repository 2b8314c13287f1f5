import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyNumFmt, typedCell, wallClockIn, type ExportColumnSpec, type TableModel } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from './helpers.js';
import { expenses } from '../src/modules/finance/finance.schema.js';
import { EXPORT_PAGE } from '../src/platform/export.js';

/**
 * The streamed list export (platform/export.ts) through a real list route, /api/finance/expenses:
 * every row past one page, money as summable numbers with the currency's format, dates as date cells.
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
const ROWS = EXPORT_PAGE * 2 + 37;
const createdAt = new Date('2026-03-04T17:30:05Z'); // 01:30:05 on 5 March in Taipei

const columns: ExportColumnSpec[] = [
  { title: '日期', field: 'date', kind: 'date' },
  { title: '門市', field: 'storeName' },
  { title: '類型', field: 'type', labels: { salary: '薪資' } },
  { title: '金額', field: 'amount', kind: 'money' },
  { title: '建立時間', field: 'createdAt', kind: 'moment' },
];
const url = (format: string, extra = '') =>
  `/api/finance/expenses?format=${format}&fileName=${encodeURIComponent('雜支')}&columns=${encodeURIComponent(JSON.stringify(columns))}${extra}`;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Export A');
  b = await t.tenant('Export B');
  const item = (await a.manager.post('/api/finance/expense-items', { storeId: a.storeIds[0], name: 'Salary', type: 'salary' })).json();
  const values = Array.from({ length: ROWS }, (_, i) => ({
    groupId: a.groupId,
    storeId: a.storeIds[0],
    expenseDate: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
    itemId: item.id as number,
    type: 'salary' as const,
    amount: 12_345 + i,
    createdAt,
  }));
  await t.db.insert(expenses).values(values);
});
afterAll(async () => {
  await t.close();
});

async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

describe('streamed list export', () => {
  it('answers every row of a list, past one page, as xlsx with money as numbers in the currency format and dates as dates', async () => {
    const res = await a.manager.get(url('xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('雜支.xlsx')}`);
    // The exact count up front, so the browser can say how many rows the saved file holds.
    expect(res.headers['x-total-count']).toBe(String(ROWS));
    const workbook = await readXlsx(res.rawPayload);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(ROWS + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, '日期', '門市', '類型', '金額', '建立時間']);
    const amounts: number[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) amounts.push(row.getCell(4).value as number);
    });
    // Money is a number in major units (summable), never text.
    expect(amounts.every((v) => typeof v === 'number')).toBe(true);
    const expected = Array.from({ length: ROWS }, (_, i) => (12_345 + i) / 100).reduce((s, v) => s + v, 0);
    expect(amounts.reduce((s, v) => s + v, 0)).toBeCloseTo(expected, 2);
    const money = sheet.getCell('D2');
    expect(money.numFmt).toBe(moneyNumFmt('TWD', 2));
    expect(money.numFmt).toContain('#,##0.00');
    const date = sheet.getCell('A2');
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect(date.numFmt).toBe('yyyy-mm-dd');
    expect((date.value as Date).toISOString()).toMatch(/^2026-03-\d\dT00:00:00\.000Z$/);
    const moment = sheet.getCell('E2');
    expect(moment.type).toBe(ExcelJS.ValueType.Date);
    // The instant on the group's clock (Asia/Taipei), as a spreadsheet has no time zones.
    expect((moment.value as Date).toISOString()).toBe('2026-03-05T01:30:05.000Z');
    expect(sheet.getCell('C2').value).toBe('薪資');
    expect(sheet.getCell('B2').value).toBe('Export A store A');
  });

  it('answers every row as CSV with ISO dates and plain numbers', async () => {
    const res = await a.manager.get(url('csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toBe('"日期","門市","類型","金額","建立時間"');
    const cells = lines.slice(1).map((l) => l.split(',').map((c) => c.replace(/^"|"$/g, '')));
    expect(cells.every((c) => /^2026-03-\d\d$/.test(c[0]!))).toBe(true);
    expect(cells.every((c) => c[4] === '2026-03-05 01:30:05')).toBe(true);
    const sum = cells.reduce((s, c) => s + Number(c[3]), 0);
    expect(sum).toBeCloseTo(
      Array.from({ length: ROWS }, (_, i) => (12_345 + i) / 100).reduce((s, v) => s + v, 0),
      2,
    );
  });

  it('keeps the list’s filters, permission and tenancy', async () => {
    const store1 = await a.manager.get(url('csv', `&storeId=${a.storeIds[1]}`));
    expect(
      store1.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
    const other = await b.manager.get(url('csv'));
    expect(other.statusCode).toBe(200);
    expect(
      other.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
    expect((await b.manager.get(url('csv', `&storeId=${a.storeIds[0]}`))).statusCode).toBe(404);
    expect((await t.anon.get(url('csv'))).statusCode).toBe(401);
  });

  it('refuses a bad column list with a field message, and still answers pages without format', async () => {
    const bad = await a.manager.get('/api/finance/expenses?format=xlsx&columns=%5B%7B%22field%22%3A%22a%20b%22%7D%5D');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('columns');
    expect((await a.manager.get('/api/finance/expenses?format=pdf&columns=[]')).statusCode).toBe(400);
    const page = await a.manager.get('/api/finance/expenses?pageSize=10');
    expect(page.statusCode).toBe(200);
    expect(page.json().items).toHaveLength(10);
  });
});

describe('typed export cells', () => {
  const ctx = { currency: 'TWD', currencyDigits: 2, timeZone: 'Asia/Taipei', yes: 'Yes', no: 'No' };
  it('types each column kind', () => {
    expect(typedCell('money', 12_345, ctx)).toEqual({ kind: 'number', value: 123.45, numFmt: '#,##0.00 "TWD"' });
    expect(typedCell('money', 500, { ...ctx, currency: 'JPY', currencyDigits: 0 })).toEqual({
      kind: 'number',
      value: 500,
      numFmt: '#,##0 "JPY"',
    });
    expect(typedCell('kg', 16_500, ctx)).toMatchObject({ kind: 'number', value: 16.5 });
    expect(typedCell('date', '2026-03-04', ctx)).toEqual({ kind: 'date', value: '2026-03-04' });
    expect(typedCell('moment', '2026-03-04T17:30:05Z', ctx)).toEqual({ kind: 'date', value: '2026-03-05 01:30:05' });
    expect(typedCell('text', true, ctx)).toEqual({ kind: 'string', value: 'Yes' });
    expect(typedCell('text', 'household', ctx, { household: '家庭' })).toEqual({ kind: 'string', value: '家庭' });
    expect(typedCell('money', null, ctx)).toEqual({ kind: 'empty' });
    expect(wallClockIn('UTC', new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02 03:04:05');
  });
});

describe('the browser’s xlsx writer (small lists, apps/web/src/components/export-table.ts)', () => {
  it('writes typed money and date cells with their number formats', async () => {
    const file = path.resolve(import.meta.dirname, '../../web/src/components/export-table.ts');
    const { buildExportBlob } = (await import(pathToFileURL(file).href)) as {
      buildExportBlob: (m: TableModel, type: 'xlsx') => Promise<Blob>;
    };
    const ctx = { currency: 'TWD', currencyDigits: 2, timeZone: 'Asia/Taipei' };
    const model: TableModel = {
      header: ['金額', '日期', '時間'],
      rows: [[typedCell('money', 150_000, ctx), typedCell('date', '2026-05-06', ctx), typedCell('moment', '2026-05-06T00:00:00Z', ctx)]],
    };
    const blob = await buildExportBlob(model, 'xlsx');
    const sheet = (await readXlsx(Buffer.from(await blob.arrayBuffer()))).worksheets[0]!;
    expect(sheet.getCell('A2').value).toBe(1500);
    expect(sheet.getCell('A2').numFmt).toBe('#,##0.00 "TWD"');
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Date);
    expect((sheet.getCell('C2').value as Date).toISOString()).toBe('2026-05-06T08:00:00.000Z');
  });
});
