/**
 * Table export (seed §7): the pure file builders behind the browser's export button. They take a
 * table model and return the file's text, so the server (large exports) and the unit tests can use
 * them without a DOM. The xlsx writer lives with ExcelJS in apps/web and apps/server.
 */

import { z } from 'zod';

export const EXPORT_TYPES = ['xls', 'xlsx', 'csv', 'html'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The seed's defaults: 500 ms debounce, type xls, file data.xls, worksheet Sheet1, CSV escaping on. */
export const EXPORT_DEFAULTS = {
  debounceMs: 500,
  type: 'xls',
  fileName: 'data.xls',
  worksheet: 'Sheet1',
  escapeCsv: true,
} as const satisfies { debounceMs: number; type: ExportType; fileName: string; worksheet: string; escapeCsv: boolean };

export const EXPORT_MIME: Record<ExportType, string> = {
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
  html: 'text/html;charset=utf-8',
};

export function isExportType(value: unknown): value is ExportType {
  return typeof value === 'string' && (EXPORT_TYPES as readonly string[]).includes(value);
}

/** What one cell may hold. Dates become ISO 8601 text; callers format dates in the group's time zone first when that matters. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** One exported column: its header and how to read the cell from a row. */
export type ExportColumn<T> = {
  title: string;
  value: (row: T, index: number) => CellValue;
};

/** A table ready to be written: header texts and rows of normalised cells. */
export type TableModel = {
  header: string[];
  rows: Cell[][];
};

/**
 * A normalised cell: numbers stay numbers so spreadsheets can sum them (`numFmt`: the spreadsheet's
 * number format, e.g. the currency's); dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` (a wall clock in
 * the store group's time zone), written as real date cells in xlsx and as that ISO 8601 text in CSV.
 */
export type Cell =
  | { kind: 'number'; value: number; numFmt?: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'string'; value: string }
  | { kind: 'date'; value: string }
  | { kind: 'empty' };

export function toCell(value: CellValue): Cell {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'empty' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { kind: 'empty' } : { kind: 'string', value: value.toISOString() };
  return { kind: 'string', value };
}

export function buildTableModel<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): TableModel {
  return {
    header: columns.map((c) => c.title),
    rows: rows.map((row, i) => columns.map((c) => toCell(c.value(row, i)))),
  };
}

/** The text a cell shows in formats without types (CSV, HTML). */
export function cellText(cell: Cell): string {
  switch (cell.kind) {
    case 'empty':
      return '';
    case 'boolean':
      return cell.value ? 'TRUE' : 'FALSE';
    case 'number':
      return String(cell.value);
    case 'string':
    case 'date':
      return cell.value;
  }
}

/**
 * Gives the file name the extension of its type: `data.xls` asked for as csv becomes `data.csv`,
 * so the operating system opens it with the right program.
 */
export function exportFileName(fileName: string | undefined, type: ExportType): string {
  const base = (fileName ?? '').trim() || EXPORT_DEFAULTS.fileName;
  // Path separators and characters Windows refuses would make the download fail or be renamed.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const safe = base.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_');
  const stem = safe.replace(/\.(xls|xlsx|csv|html?)$/i, '');
  return `${stem || 'data'}.${type}`;
}

/** Characters that make a spreadsheet treat a text cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a quote to text that a spreadsheet would otherwise run as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export type CsvOptions = {
  /** Seed §7 "CSV escaping": quote every field and neutralise formula-looking text. Default on. */
  escape?: boolean;
  /** Excel only reads UTF-8 CSV correctly with a byte order mark. Default on. */
  bom?: boolean;
  /** Line separator; RFC 4180 says CRLF. */
  newline?: string;
};

function csvField(cell: Cell, escape: boolean): string {
  const text = cellText(cell);
  if (escape) {
    const safe = cell.kind === 'string' ? neutraliseFormula(text) : text;
    return `"${safe.replace(/"/g, '""')}"`;
  }
  // Even unescaped, a field with a separator, quote or line break must be quoted or the file breaks.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(model: TableModel, options: CsvOptions = {}): string {
  const escape = options.escape ?? EXPORT_DEFAULTS.escapeCsv;
  const newline = options.newline ?? '\r\n';
  const lines = [model.header.map((h) => ({ kind: 'string', value: h }) as const), ...model.rows].map((row) =>
    row.map((cell) => csvField(cell, escape)).join(','),
  );
  return `${options.bom === false ? '' : '\uFEFF'}${lines.join(newline)}${newline}`;
}

/** XML 1.0 forbids most control characters even when escaped; they are dropped. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const MARKUP_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for markup; `apostrophe` is the entity XML and HTML each prefer for '. */
const escapeMarkup = (text: string, apostrophe: string) =>
  text.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => (c === "'" ? apostrophe : MARKUP_ENTITIES[c]!));

export const escapeXml = (text: string): string => escapeMarkup(text, '&apos;');

export const escapeHtml = (text: string): string => escapeMarkup(text, '&#39;');

/** Excel refuses worksheet names longer than 31 characters or containing : \ / ? * [ ]. */
export function worksheetName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/[:\\/?*[\]]/g, ' ')
    .replace(XML_INVALID, '')
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return cleaned || EXPORT_DEFAULTS.worksheet;
}

export type HtmlOptions = { title?: string; lang?: string };

/** A complete UTF-8 HTML document with one table; browsers and Excel both open it. */
export function toHtml(model: TableModel, options: HtmlOptions = {}): string {
  const title = escapeHtml(options.title ?? EXPORT_DEFAULTS.worksheet);
  const head = model.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = model.rows
    .map((row) => {
      const cells = row
        .map((cell) => {
          const text = escapeHtml(cellText(cell)).replace(/\r?\n/g, '<br>');
          return cell.kind === 'number' ? `<td class="num">${text}</td>` : `<td>${text}</td>`;
        })
        .join('');
      return `<tr>${cells}</tr>`;
    })
    .join('\n');
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(options.lang ?? 'zh-TW')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    '<style>body{font-family:system-ui,sans-serif}table{border-collapse:collapse}th,td{border:1px solid #999;padding:4px 8px;text-align:left;vertical-align:top}th{background:#eef1f5}td.num{text-align:right}</style>',
    '</head>',
    '<body>',
    '<table>',
    `<thead><tr>${head}</tr></thead>`,
    `<tbody>\n${body}\n</tbody>`,
    '</table>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export type SpreadsheetXmlOptions = { worksheet?: string };

function xmlCell(cell: Cell, style?: string): string {
  const s = style ? ` ss:StyleID="${style}"` : '';
  switch (cell.kind) {
    case 'empty':
      return `<Cell${s}/>`;
    case 'number':
      return `<Cell${s}><Data ss:Type="Number">${cell.value}</Data></Cell>`;
    case 'boolean':
      return `<Cell${s}><Data ss:Type="Boolean">${cell.value ? 1 : 0}</Data></Cell>`;
    case 'date':
      return `<Cell${s}><Data ss:Type="String">${cell.value}</Data></Cell>`;
    case 'string':
      // Line breaks inside a cell must be character references or the XML parser folds them away.
      return `<Cell${s}><Data ss:Type="String">${escapeXml(cell.value).replace(/\r?\n/g, '&#10;')}</Data></Cell>`;
  }
}

/**
 * The xls type as Excel 2003 XML Spreadsheet (SpreadsheetML): a real spreadsheet with typed cells
 * that Excel and LibreOffice open, unlike an HTML table renamed to .xls.
 */
export function toSpreadsheetXml(model: TableModel, options: SpreadsheetXmlOptions = {}): string {
  const header = `<Row>${model.header.map((h) => xmlCell({ kind: 'string', value: h }, 'header')).join('')}</Row>`;
  const rows = model.rows.map((row) => `<Row>${row.map((cell) => xmlCell(cell)).join('')}</Row>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?mso-application progid="Excel.Sheet"?>',
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet" xmlns:html="http://www.w3.org/TR/REC-html40">',
    '<Styles>',
    '<Style ss:ID="Default" ss:Name="Normal"><Alignment ss:Vertical="Top" ss:WrapText="1"/></Style>',
    '<Style ss:ID="header"><Font ss:Bold="1"/><Interior ss:Color="#EEF1F5" ss:Pattern="Solid"/></Style>',
    '</Styles>',
    `<Worksheet ss:Name="${escapeXml(worksheetName(options.worksheet))}">`,
    '<Table>',
    header,
    ...rows,
    '</Table>',
    '</Worksheet>',
    '</Workbook>',
    '',
  ].join('\n');
}

/* ------------------------------------------------------------------ typed columns */

/**
 * What a column holds, so an export can type its cells: `money` (integer minor units → a number in
 * major units with the currency's number format, summable), `kg` (grams → kilograms), `date`
 * (`YYYY-MM-DD` → a date cell), `moment` (an ISO instant → a date-time cell on the group's clock),
 * `number`, `boolean`, `text`.
 */
export const EXPORT_KINDS = ['text', 'number', 'money', 'kg', 'date', 'moment', 'boolean'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The exports the server streams (every row of a list, past one page). */
export const STREAM_EXPORT_TYPES = ['xlsx', 'csv'] as const;
export type StreamExportType = (typeof STREAM_EXPORT_TYPES)[number];

/** One column of a server export: its header, the row field it reads (a dot path) and its kind. */
export const exportColumnSpec = z.object({
  title: z.string().max(200),
  field: z
    .string()
    .max(100)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/),
  kind: z.enum(EXPORT_KINDS).default('text'),
  /** The words a code is shown with (a status, a type): value → label. */
  labels: z.record(z.string().max(100), z.string().max(200)).optional(),
});
export type ExportColumnSpec = z.input<typeof exportColumnSpec>;

/** The query parameters a list route takes to answer its every row as a file instead of a page. */
export const exportQuery = z.object({
  format: z.enum(STREAM_EXPORT_TYPES).optional().describe('xlsx or csv: answers every matching row as a streamed file, not a page'),
  columns: z.string().max(20_000).optional().describe("JSON array of {title, field, kind, labels?}: the file's columns"),
  fileName: z.string().max(100).optional(),
  worksheet: z.string().max(100).optional().describe(`the xlsx worksheet's name (default ${EXPORT_DEFAULTS.worksheet})`),
  yes: z.string().max(40).optional().describe('the word for true'),
  no: z.string().max(40).optional().describe('the word for false'),
});

/** The xlsx number format of amounts in a currency: thousands separators, the currency's decimals and code. */
export function moneyNumFmt(currency: string, digits: number): string {
  return `#,##0${digits > 0 ? `.${'0'.repeat(digits)}` : ''} "${currency.replace(/"/g, '')}"`;
}
export const KG_NUM_FMT = '#,##0.000';
export const DATE_NUM_FMT = 'yyyy-mm-dd';
export const MOMENT_NUM_FMT = 'yyyy-mm-dd hh:mm:ss';

/** An instant as the wall clock of a time zone, `YYYY-MM-DD HH:mm:ss`. */
export function wallClockIn(timeZone: string, at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export type TypedCellContext = {
  /** Minor-unit digits and code of the group's currency. */
  currency: string;
  currencyDigits: number;
  timeZone: string;
  yes?: string;
  no?: string;
};

/** A raw value of a row as a typed cell of its column's kind. */
export function typedCell(kind: ExportKind, raw: unknown, ctx: TypedCellContext, labels?: Record<string, string>): Cell {
  if (raw === null || raw === undefined || raw === '') return { kind: 'empty' };
  if (labels && (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean')) {
    const label = labels[String(raw)];
    if (label !== undefined) return { kind: 'string', value: label };
  }
  switch (kind) {
    case 'money': {
      const n = Number(raw);
      if (!Number.isFinite(n)) return toCell(String(raw));
      return { kind: 'number', value: n / 10 ** ctx.currencyDigits, numFmt: moneyNumFmt(ctx.currency, ctx.currencyDigits) };
    }
    case 'kg': {
      const n = Number(raw);
      return Number.isFinite(n) ? { kind: 'number', value: n / 1000, numFmt: KG_NUM_FMT } : toCell(String(raw));
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(raw);
      return Number.isFinite(n) ? { kind: 'number', value: n } : toCell(String(raw));
    }
    case 'date': {
      const text = String(raw);
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { kind: 'date', value: text } : toCell(text);
    }
    case 'moment': {
      const at = raw instanceof Date ? raw : new Date(String(raw));
      return Number.isNaN(at.getTime()) ? toCell(String(raw)) : { kind: 'date', value: wallClockIn(ctx.timeZone, at) };
    }
    case 'boolean':
    case 'text':
      if (typeof raw === 'boolean') return ctx.yes !== undefined ? { kind: 'string', value: raw ? ctx.yes : (ctx.no ?? '') } : toCell(raw);
      if (raw instanceof Date || typeof raw === 'string' || typeof raw === 'number') return toCell(raw);
      return toCell(JSON.stringify(raw));
  }
}

/** A date cell's value as the Date a spreadsheet writer stores: its wall clock read as UTC (spreadsheets have no time zones). */
export function dateCellValue(value: string): Date {
  return new Date(`${value.length === 10 ? `${value}T00:00:00` : value.replace(' ', 'T')}Z`);
}

/** The number format of a typed cell in a spreadsheet, if it has one. */
export function cellNumFmt(cell: Cell): string | undefined {
  if (cell.kind === 'number') return cell.numFmt;
  if (cell.kind === 'date') return cell.value.length === 10 ? DATE_NUM_FMT : MOMENT_NUM_FMT;
  return undefined;
}

/** One CSV line (no line break) of cells, escaped like `toCsv`. */
export function csvLine(cells: readonly Cell[], escape: boolean = EXPORT_DEFAULTS.escapeCsv): string {
  return cells.map((cell) => csvField(cell, escape)).join(',');
}

/** A value at a dot path of a row (`store.name`). */
export function valueAt(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
