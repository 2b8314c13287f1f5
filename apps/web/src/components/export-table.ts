import {
  buildTableModel,
  cellNumFmt,
  dateCellValue,
  EXPORT_DEFAULTS,
  EXPORT_MIME,
  exportFileName,
  toCell,
  toCsv,
  toHtml,
  toSpreadsheetXml,
  typedCell,
  worksheetName,
  type Cell,
  type CellValue,
  type ExportColumn,
  type ExportColumnSpec,
  type ExportKind,
  type ExportType,
  type TableModel,
  type TypedCellContext,
} from '@gasops/shared';
import type { TableColumnType } from 'antd';

export type ExportOptions = {
  /** Seed §7 default: xls. */
  type?: ExportType;
  /** Seed §7 default: data.xls; the extension follows the type. */
  fileName?: string;
  /** Seed §7 default: Sheet1. */
  worksheet?: string;
  /** Seed §7 default: on (CSV only). */
  escapeCsv?: boolean;
  /** The HTML document's title; defaults to the worksheet name. */
  title?: string;
  lang?: string;
  /** The typed table to write (money and date cells); by default built from `columns`. */
  model?: TableModel;
  /** Runs when there is data and a file is about to be built. */
  onStart?: () => void;
  /** Always runs, also when there was nothing to export (seed §7). */
  onFinish?: (result: ExportResult) => void;
};

type ExportResult = { type: ExportType; count: number; fileName: string | null };

function xlsxValue(cell: Cell): string | number | boolean | Date | null {
  if (cell.kind === 'date') return dateCellValue(cell.value);
  return cell.kind === 'empty' ? null : cell.value;
}

async function xlsxBlob(model: TableModel, worksheet: string | undefined): Promise<Blob> {
  // Loaded on first use: ExcelJS is large and most sessions never export.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'GasOps';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(worksheetName(worksheet), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(model.header).font = { bold: true };
  for (const row of model.rows) {
    const added = sheet.addRow(row.map(xlsxValue));
    // Money keeps its currency format and dates their date format: summable and sortable in the sheet.
    row.forEach((cell, i) => {
      const numFmt = cellNumFmt(cell);
      if (numFmt) added.getCell(i + 1).numFmt = numFmt;
    });
  }
  model.header.forEach((title, i) => {
    const longest = Math.max(title.length, ...model.rows.map((r) => (r[i] && r[i].kind !== 'empty' ? String(r[i].value).length : 0)));
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(8, longest + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: EXPORT_MIME.xlsx });
}

/** Builds the file for one type; exposed so callers can upload or preview instead of downloading. */
export async function buildExportBlob(model: TableModel, type: ExportType, options: ExportOptions = {}): Promise<Blob> {
  switch (type) {
    case 'xlsx':
      return xlsxBlob(model, options.worksheet);
    case 'csv':
      return new Blob([toCsv(model, { escape: options.escapeCsv ?? EXPORT_DEFAULTS.escapeCsv })], { type: EXPORT_MIME.csv });
    case 'html':
      return new Blob([toHtml(model, { title: options.title ?? options.worksheet, lang: options.lang })], { type: EXPORT_MIME.html });
    case 'xls':
      return new Blob([toSpreadsheetXml(model, { worksheet: options.worksheet })], { type: EXPORT_MIME.xls });
  }
}

function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export type StreamProgress = { bytes: number; rows: number | null };

/**
 * Downloads a file the server streams (a list's `?format=xlsx|csv`, platform/export.ts), reporting
 * the bytes (and, for CSV, the rows) received as they arrive; resolves once the file is handed to the
 * browser to save. A failure answers with the server's message (shown by the caller).
 */
export async function downloadStream(
  url: string,
  fileName: string,
  options: {
    locale: string;
    csv: boolean;
    /** More request headers (the store scope, app/api.ts `storeScopeHeaders`). */
    headers?: Record<string, string>;
    onProgress?: (p: StreamProgress) => void;
    signal?: AbortSignal;
  },
): Promise<StreamProgress> {
  const res = await fetch(url, {
    credentials: 'include',
    headers: { 'Accept-Language': options.locale, ...options.headers },
    signal: options.signal,
  });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    let detail = text.slice(0, 300);
    try {
      detail = String((JSON.parse(text) as { detail?: unknown }).detail ?? detail);
    } catch {
      // a plain-text answer is shown as it is
    }
    throw new Error(detail || String(res.status));
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (options.csv) for (const b of value) if (b === 10) lines++;
    options.onProgress?.({ bytes, rows: options.csv ? Math.max(0, lines - 1) : null });
  }
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  downloadBlob(new Blob(chunks as BlobPart[], { type }), fileName);
  // The server's exact count (x-total-count) when it sent one; a CSV's data lines otherwise.
  const total = Number(res.headers.get('x-total-count') ?? NaN);
  return { bytes, rows: Number.isInteger(total) ? total : options.csv ? Math.max(0, lines - 1) : null };
}

/**
 * Exports rows to an xls, xlsx, csv or html file in the browser (seed §7). With no rows nothing is
 * generated; only `onFinish` runs.
 */
export async function exportTable<T>(
  columns: readonly ExportColumn<T>[],
  rows: readonly T[],
  options: ExportOptions = {},
): Promise<ExportResult> {
  const type = options.type ?? EXPORT_DEFAULTS.type;
  if (rows.length === 0) {
    const result: ExportResult = { type, count: 0, fileName: null };
    options.onFinish?.(result);
    return result;
  }
  options.onStart?.();
  const model = options.model ?? buildTableModel(columns, rows);
  const blob = await buildExportBlob(model, type, options);
  const fileName = exportFileName(options.fileName, type);
  downloadBlob(blob, fileName);
  const result: ExportResult = { type, count: rows.length, fileName };
  options.onFinish?.(result);
  return result;
}

/** What a DataTable column (data-table.tsx `DataTableColumn`) says of its cells in exported files. */
export type ExportFields<T> = {
  /** The cell in exported files; by default the value at `dataIndex`. */
  exportValue?: (row: T, index: number) => CellValue;
  /** The header in exported files when `title` is not plain text. */
  exportTitle?: string;
  /** Leaves the column out of exports (action buttons, images). */
  noExport?: boolean;
  /** What the `dataIndex` value is, so the file types it: money and kg as numbers, dates as date cells. */
  exportKind?: ExportKind;
  /** The words a code is exported with (a status, a type): value → label. */
  exportLabels?: Record<string, string>;
};
/** A column as exporting reads it: its antd title, key and field, and its export fields. */
type ExportedColumn<T> = Pick<TableColumnType<T>, 'title' | 'key' | 'dataIndex'> & ExportFields<T>;

// ---- a DataTable's columns as a typed table (loaded with the first export, not with the table) ----

function pathOf(path: TableColumnType<unknown>['dataIndex']): string | null {
  if (path === undefined || path === null) return null;
  return (Array.isArray(path) ? path : [path]).map(String).join('.');
}

function readPath(record: unknown, path: TableColumnType<unknown>['dataIndex']): unknown {
  if (path === undefined || path === null) return undefined;
  const keys = Array.isArray(path) ? path : [path];
  let value: unknown = record;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key as string | number];
  }
  return value;
}

function asCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  return String(value);
}

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

function exportedColumns<T>(columns: readonly ExportedColumn<T>[]): ExportedColumn<T>[] {
  return columns.filter((c) => !c.noExport && (c.exportValue || c.dataIndex !== undefined));
}

function titleOf<T>(c: ExportedColumn<T>): string {
  return (
    c.exportTitle ?? (typeof c.title === 'string' || typeof c.title === 'number' ? String(c.title) : String(c.key ?? c.dataIndex ?? ''))
  );
}

/** The kind of a column: declared, or a plain `YYYY-MM-DD` value seen in the rows (a calendar date). */
function kindOf<T>(c: ExportedColumn<T>, rows: readonly T[]): ExportKind {
  if (c.exportKind) return c.exportKind;
  const sample = rows.map((r) => readPath(r, c.dataIndex)).find((v) => v !== null && v !== undefined && v !== '');
  return typeof sample === 'string' && DATE_TEXT.test(sample) ? 'date' : 'text';
}

/**
 * A typed table of the rows: declared kinds (money, kg, moments, dates) become typed cells, codes
 * their labels, booleans yes/no; a column's own `exportValue` wins when it has no kind.
 */
export function exportModelOf<T>(columns: readonly ExportedColumn<T>[], rows: readonly T[], ctx: TypedCellContext): TableModel {
  const cols = exportedColumns(columns).map((c) => ({ c, kind: kindOf(c, rows) }));
  return {
    header: cols.map(({ c }) => titleOf(c)),
    rows: rows.map((row, i) =>
      cols.map(({ c, kind }): Cell => {
        if (c.exportValue && !c.exportKind && !c.exportLabels) return toCell(c.exportValue(row, i));
        return typedCell(kind, asCell(readPath(row, c.dataIndex)), ctx, c.exportLabels);
      }),
    ),
  };
}

/**
 * The columns a server export writes: each column's field, kind and labels. A column that computes
 * its cell (`exportValue`) over a code gets the labels of the codes on screen; one without a field is
 * left out (the server has only the row's fields).
 */
export function serverColumnsOf<T>(columns: readonly ExportedColumn<T>[], rows: readonly T[]): ExportColumnSpec[] {
  return exportedColumns(columns).flatMap((c): ExportColumnSpec[] => {
    const field = pathOf(c.dataIndex);
    if (!field) return [];
    const kind = kindOf(c, rows);
    let labels = c.exportLabels;
    if (!labels && c.exportValue && !c.exportKind) {
      const seen: Record<string, string> = {};
      rows.forEach((row, i) => {
        const raw = readPath(row, c.dataIndex);
        const shown = c.exportValue!(row, i);
        if ((typeof raw === 'string' || typeof raw === 'boolean') && (typeof shown === 'string' || typeof shown === 'number'))
          seen[String(raw)] = String(shown);
      });
      if (Object.keys(seen).length > 0) labels = seen;
    }
    return [{ title: titleOf(c), field, kind, ...(labels ? { labels } : {}) }];
  });
}
