import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { buildTableModel, toSpreadsheetXml, type ExportColumn, type TableModel } from '@gasops/shared';

/**
 * The export files of the administration lists, read back: the xlsx the browser builds (the web's
 * ExcelJS writer, apps/web/src/components/export-table.ts) and the SpreadsheetML 2003 xls (shared).
 */
type StoreLike = { name: string; address: string | null; customerGasPrice: number; issuesInvoice: boolean; latitude: number | null };
const rows: StoreLike[] = [
  { name: '福氣瓦斯 中山店', address: '台北市中山區民生東路一段 25 號', customerGasPrice: 36, issuesInvoice: true, latitude: 25.0578 },
  { name: '=HYPERLINK("x")', address: null, customerGasPrice: 35.5, issuesInvoice: false, latitude: null },
  { name: 'Kedai <Ipoh> & "Sons"', address: '第二行\n換行', customerGasPrice: 0, issuesInvoice: false, latitude: -3.1 },
];
const columns: ExportColumn<StoreLike>[] = [
  { title: '門市名稱', value: (r) => r.name },
  { title: '地址', value: (r) => r.address },
  { title: '客戶瓦斯價', value: (r) => r.customerGasPrice },
  { title: '開立統一發票', value: (r) => r.issuesInvoice },
  { title: '緯度', value: (r) => r.latitude },
];
const model: TableModel = buildTableModel(columns, rows);

type WebExport = { buildExportBlob: (m: TableModel, type: 'xlsx' | 'xls', o?: { worksheet?: string }) => Promise<Blob> };
async function webExport(): Promise<WebExport> {
  // Imported by path at run time so the server's type check does not compile the web (DOM) code.
  const file = path.resolve(import.meta.dirname, '../../../../web/src/components/export-table.ts');
  return (await import(pathToFileURL(file).href)) as WebExport;
}

describe('xlsx export (web writer, ExcelJS) read back', () => {
  it('keeps Chinese text, numbers, booleans and empty cells in their places', async () => {
    const { buildExportBlob } = await webExport();
    const blob = await buildExportBlob(model, 'xlsx', { worksheet: '門市' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await blob.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('門市')!;
    expect(sheet).toBeTruthy();
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([undefined, '門市名稱', '地址', '客戶瓦斯價', '開立統一發票', '緯度']);
    expect(sheet.getCell('A2').value).toBe('福氣瓦斯 中山店');
    expect(sheet.getCell('B2').value).toBe('台北市中山區民生東路一段 25 號');
    expect(sheet.getCell('C2').value).toBe(36);
    expect(sheet.getCell('C3').value).toBe(35.5);
    expect(typeof sheet.getCell('C4').value).toBe('number');
    expect(sheet.getCell('D2').value).toBe(true);
    expect(sheet.getCell('E2').value).toBe(25.0578);
    expect(sheet.getCell('B3').value).toBeNull();
    // Text that looks like a formula stays text, never a formula cell.
    expect(sheet.getCell('A3').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('A4').value).toBe('Kedai <Ipoh> & "Sons"');
    expect(sheet.getCell('B4').value).toBe('第二行\n換行');
  });
});

/** Parses SpreadsheetML 2003 back into rows of typed cells (what Excel reads from the .xls). */
function readSpreadsheetXml(xml: string): { worksheet: string; rows: { type: string | null; text: string }[][] } {
  const parser = new SaxesParser({ xmlns: false });
  let worksheet = '';
  const out: { type: string | null; text: string }[][] = [];
  let cell: { type: string | null; text: string } | null = null;
  let inData = false;
  parser.on('opentag', (tag) => {
    if (tag.name === 'Worksheet') worksheet = String(tag.attributes['ss:Name'] ?? '');
    if (tag.name === 'Row') out.push([]);
    if (tag.name === 'Cell') {
      cell = { type: null, text: '' };
      out.at(-1)!.push(cell);
    }
    if (tag.name === 'Data') {
      inData = true;
      if (cell) cell.type = String(tag.attributes['ss:Type'] ?? '');
    }
  });
  parser.on('text', (text) => {
    if (inData && cell) cell.text += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'Data') inData = false;
    if (tag.name === 'Cell') cell = null;
  });
  parser.write(xml).close();
  return { worksheet, rows: out };
}

describe('xls export (SpreadsheetML 2003) read back', () => {
  it('is well-formed XML with typed cells, escaped text and the worksheet name', () => {
    const xml = toSpreadsheetXml(model, { worksheet: '門市' });
    const sheet = readSpreadsheetXml(xml);
    expect(sheet.worksheet).toBe('門市');
    expect(sheet.rows).toHaveLength(4);
    expect(sheet.rows[0]!.map((c) => c.text)).toEqual(['門市名稱', '地址', '客戶瓦斯價', '開立統一發票', '緯度']);
    expect(sheet.rows[1]).toEqual([
      { type: 'String', text: '福氣瓦斯 中山店' },
      { type: 'String', text: '台北市中山區民生東路一段 25 號' },
      { type: 'Number', text: '36' },
      { type: 'Boolean', text: '1' },
      { type: 'Number', text: '25.0578' },
    ]);
    expect(sheet.rows[2]![1]).toEqual({ type: null, text: '' });
    expect(Number(sheet.rows[2]![2]!.text)).toBe(35.5);
    expect(sheet.rows[3]![0]!.text).toBe('Kedai <Ipoh> & "Sons"');
    expect(sheet.rows[3]![1]!.text).toBe('第二行\n換行');
    expect(sheet.rows[3]![4]).toEqual({ type: 'Number', text: '-3.1' });
  });

  it('the web writer produces the same xls', async () => {
    const { buildExportBlob } = await webExport();
    const blob = await buildExportBlob(model, 'xls', { worksheet: 'Sheet1' });
    const sheet = readSpreadsheetXml(await blob.text());
    expect(sheet.worksheet).toBe('Sheet1');
    expect(sheet.rows[1]![0]!.text).toBe('福氣瓦斯 中山店');
  });
});
