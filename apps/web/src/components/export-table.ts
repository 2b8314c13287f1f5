import {
  buildTableModel,
  EXPORT_DEFAULTS,
  EXPORT_MIME,
  exportFileName,
  toCsv,
  toHtml,
  toSpreadsheetXml,
  worksheetName,
  type Cell,
  type ExportColumn,
  type ExportType,
  type TableModel,
} from '@gasops/shared';

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
  /** Runs when there is data and a file is about to be built. */
  onStart?: () => void;
  /** Always runs, also when there was nothing to export (seed §7). */
  onFinish?: (result: ExportResult) => void;
};

type ExportResult = { type: ExportType; count: number; fileName: string | null };

function xlsxValue(cell: Cell): string | number | boolean | null {
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
  for (const row of model.rows) sheet.addRow(row.map(xlsxValue));
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
  const model = buildTableModel(columns, rows);
  const blob = await buildExportBlob(model, type, options);
  const fileName = exportFileName(options.fileName, type);
  downloadBlob(blob, fileName);
  const result: ExportResult = { type, count: rows.length, fileName };
  options.onFinish?.(result);
  return result;
}
