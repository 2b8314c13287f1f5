import { describe, expect, it } from 'vitest';
import {
  buildTableModel,
  EXPORT_DEFAULTS,
  exportFileName,
  neutraliseFormula,
  toCell,
  toCsv,
  toHtml,
  toSpreadsheetXml,
  worksheetName,
  type ExportColumn,
} from './export.js';

type Row = { name: string; qty: number | null; note?: string; paid: boolean };
const columns: ExportColumn<Row>[] = [
  { title: 'Name', value: (r) => r.name },
  { title: 'Qty', value: (r) => r.qty },
  { title: 'Note', value: (r) => r.note },
  { title: 'Paid', value: (r) => r.paid },
];

describe('defaults', () => {
  it('match seed §7', () => {
    expect(EXPORT_DEFAULTS).toEqual({ debounceMs: 500, type: 'xls', fileName: 'data.xls', worksheet: 'Sheet1', escapeCsv: true });
  });
});

describe('buildTableModel', () => {
  it('keeps numbers typed and empties missing values', () => {
    const model = buildTableModel(columns, [
      { name: 'A', qty: 3, paid: true },
      { name: 'B', qty: null, paid: false },
    ]);
    expect(model.header).toEqual(['Name', 'Qty', 'Note', 'Paid']);
    expect(model.rows[0]).toEqual([
      { kind: 'string', value: 'A' },
      { kind: 'number', value: 3 },
      { kind: 'empty' },
      { kind: 'boolean', value: true },
    ]);
    expect(model.rows[1]?.[1]).toEqual({ kind: 'empty' });
  });

  it('turns non-finite numbers and invalid dates into empty cells and dates into ISO text', () => {
    expect(toCell(Number.NaN)).toEqual({ kind: 'empty' });
    expect(toCell(Number.POSITIVE_INFINITY)).toEqual({ kind: 'empty' });
    expect(toCell(new Date('x'))).toEqual({ kind: 'empty' });
    expect(toCell(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toEqual({ kind: 'string', value: '2024-01-02T03:04:05.000Z' });
  });
});

describe('exportFileName', () => {
  it('defaults to data.<type> and fixes the extension', () => {
    expect(exportFileName(undefined, 'xls')).toBe('data.xls');
    expect(exportFileName('', 'csv')).toBe('data.csv');
    expect(exportFileName('data.xls', 'xlsx')).toBe('data.xlsx');
    expect(exportFileName('訂單.xlsx', 'html')).toBe('訂單.html');
    expect(exportFileName('report', 'csv')).toBe('report.csv');
  });

  it('replaces characters a file system refuses', () => {
    expect(exportFileName('a/b:c*?.csv', 'csv')).toBe('a_b_c__.csv');
  });
});

describe('toCsv', () => {
  const model = buildTableModel(columns, [
    { name: '=HYPERLINK("http://x")', qty: -5, note: 'line1\nline2, "quoted"', paid: false },
    { name: '+1', qty: 0, note: '@SUM(A1)', paid: true },
    { name: '-2', qty: 1.5, note: '\tcmd', paid: true },
    { name: '王小明', qty: null, paid: false },
  ]);

  it('starts with a UTF-8 BOM and uses CRLF', () => {
    const csv = toCsv(model);
    expect(csv.startsWith('\uFEFF"Name","Qty","Note","Paid"\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('quotes every field and neutralises formula-looking text when escaping (default)', () => {
    const lines = toCsv(model, { bom: false }).split('\r\n');
    expect(lines[1]).toBe('"\'=HYPERLINK(""http://x"")","-5","line1\nline2, ""quoted""","FALSE"');
    expect(lines[2]).toBe('"\'+1","0","\'@SUM(A1)","TRUE"');
    expect(lines[3]).toBe('"\'-2","1.5","\'\tcmd","TRUE"');
    expect(lines[4]).toBe('"王小明","","","FALSE"');
  });

  it('leaves numbers alone: a negative number is data, not a formula', () => {
    const lines = toCsv(model, { bom: false }).split('\r\n');
    expect(lines[1]).toContain('"-5"');
    expect(lines[1]).not.toContain("'-5");
  });

  it('without escaping quotes only what must be quoted', () => {
    const lines = toCsv(model, { escape: false, bom: false }).split('\r\n');
    expect(lines[0]).toBe('Name,Qty,Note,Paid');
    expect(lines[1]).toBe('"=HYPERLINK(""http://x"")",-5,"line1\nline2, ""quoted""",FALSE');
    expect(lines[4]).toBe('王小明,,,FALSE');
  });
});

describe('neutraliseFormula', () => {
  it('prefixes a quote to = + - @ tab and CR starts only', () => {
    for (const s of ['=1', '+1', '-1', '@a', '\tx', '\rx']) expect(neutraliseFormula(s)).toBe(`'${s}`);
    for (const s of ['a=1', '1', '', ' =1']) expect(neutraliseFormula(s)).toBe(s);
  });
});

describe('toHtml', () => {
  it('is a UTF-8 document with an escaped table', () => {
    const html = toHtml(buildTableModel(columns, [{ name: '<b>&"x"', qty: 2, note: 'a\nb', paid: true }]), { title: 'Orders <1>' });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Orders &lt;1&gt;</title>');
    expect(html).toContain('<thead><tr><th>Name</th><th>Qty</th><th>Note</th><th>Paid</th></tr></thead>');
    expect(html).toContain('<tr><td>&lt;b&gt;&amp;&quot;x&quot;</td><td class="num">2</td><td>a<br>b</td><td>TRUE</td></tr>');
    expect(html).not.toContain('<b>');
  });
});

describe('toSpreadsheetXml', () => {
  const xml = toSpreadsheetXml(
    buildTableModel(columns, [
      { name: 'A & <B>', qty: 12.5, note: 'x\ny\u0001', paid: true },
      { name: '=1+1', qty: null, paid: false },
    ]),
  );

  it('is SpreadsheetML 2003 with the default worksheet', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="Excel.Sheet"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"',
      ),
    ).toBe(true);
    expect(xml).toContain('<Worksheet ss:Name="Sheet1">');
    expect(xml.trim().endsWith('</Workbook>')).toBe(true);
  });

  it('types cells and escapes text', () => {
    expect(xml).toContain('<Cell ss:StyleID="header"><Data ss:Type="String">Name</Data></Cell>');
    expect(xml).toContain('<Cell><Data ss:Type="String">A &amp; &lt;B&gt;</Data></Cell><Cell><Data ss:Type="Number">12.5</Data></Cell>');
    expect(xml).toContain('<Data ss:Type="String">x&#10;y</Data>');
    expect(xml).toContain('<Data ss:Type="Boolean">1</Data>');
    // A formula-looking string is a String cell, which Excel never evaluates.
    expect(xml).toContain('<Cell><Data ss:Type="String">=1+1</Data></Cell><Cell/>');
    expect(xml).not.toContain('\u0001');
  });

  it('uses a sanitised worksheet name', () => {
    expect(toSpreadsheetXml({ header: [], rows: [] }, { worksheet: 'a/b' })).toContain('<Worksheet ss:Name="a b">');
  });
});

describe('worksheetName', () => {
  it('keeps Excel rules: at most 31 characters, no : \\ / ? * [ ], not empty', () => {
    expect(worksheetName(undefined)).toBe('Sheet1');
    expect(worksheetName('  ')).toBe('Sheet1');
    expect(worksheetName('[Q1] 2024/03')).toBe('Q1  2024 03');
    expect(worksheetName('x'.repeat(40))).toHaveLength(31);
    expect(worksheetName("'quoted'")).toBe('quoted');
  });
});
