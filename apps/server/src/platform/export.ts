import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  cellNumFmt,
  csvLine,
  currencyMinorDigits,
  dateCellValue,
  EXPORT_MIME,
  exportColumnSpec,
  exportFileName,
  EXPORT_DEFAULTS,
  exportQuery,
  typedCell,
  V,
  valueAt,
  worksheetName,
  type Cell,
  type StreamExportType,
  type TypedCellContext,
} from '@gasops/shared';
import type { Executor } from './db.js';
import { invalidField } from './errors.js';
import { ctxOf } from './guard.js';
import { groupSettingsOf } from './tenancy.js';

/**
 * Every row of a list as a file (seed §7, issue 11): each paged list route (a GET whose query has
 * `page`/`pageSize` and whose answer is `{items, total, …}`) also takes `?format=xlsx|csv&columns=[…]`
 * and then answers every matching row, not one page, as a streamed file. The route's own service
 * produces the rows page by page (its filters, permission and tenancy apply unchanged), and the file
 * is written while the next page is read: memory stays flat however long the list. There is no row
 * limit; an xlsx sheet holds at most 1,048,576 rows, so a longer export goes on in a second sheet.
 *
 * Cells are typed by the column's kind (shared `typedCell`): money as numbers in major units with the
 * currency's number format, weights in kg, dates and moments (on the group's clock) as date cells in
 * xlsx and ISO 8601 text in CSV.
 */

/** Rows read per service call while exporting. */
export const EXPORT_PAGE = 500;
/** Data rows per xlsx sheet before the export goes on in the next one (Excel's limit is 1,048,576 rows). */
export const XLSX_SHEET_ROWS = 1_000_000;

type Paged = { items: unknown[]; total?: number; totalIsLowerBound?: boolean };
type ColumnSpec = z.output<typeof exportColumnSpec>;
type Handler = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => unknown;
type ZodObjectLike = { shape: Record<string, unknown>; safeExtend?: (shape: object) => unknown; extend: (shape: object) => unknown };

const columnsParam = z.array(exportColumnSpec).min(1).max(80);

function isZodObject(schema: unknown): schema is ZodObjectLike {
  return !!schema && typeof schema === 'object' && typeof (schema as { shape?: unknown }).shape === 'object';
}

/** A paged list route: GET, `page` and `pageSize` in its query, `items` and `total` in its answer. */
export function isPagedListRoute(route: Pick<RouteOptions, 'method' | 'schema'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.includes('GET')) return false;
  const query = route.schema?.querystring;
  const ok = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
  return (
    isZodObject(query) &&
    'page' in query.shape &&
    'pageSize' in query.shape &&
    isZodObject(ok) &&
    'items' in ok.shape &&
    'total' in ok.shape
  );
}

function parseColumns(text: string | undefined): ColumnSpec[] {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw invalidField('columns', V.invalid);
  }
  const parsed = columnsParam.safeParse(json);
  if (!parsed.success) throw invalidField('columns', V.invalid);
  return parsed.data;
}

/** `attachment` with the file name for every browser: an ASCII fallback and the UTF-8 name. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function rowCells(row: unknown, columns: readonly ColumnSpec[], ctx: TypedCellContext): Cell[] {
  return columns.map((c) => typedCell(c.kind, valueAt(row, c.field), ctx, c.labels));
}

/** CSV: a byte order mark (Excel reads UTF-8 with it), CRLF lines, every field quoted and formula text neutralised. */
function csvStream(batches: AsyncIterable<unknown[]>, columns: readonly ColumnSpec[], ctx: TypedCellContext): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(columns.map((c) => ({ kind: 'string', value: c.title })))}\r\n`;
      for await (const items of batches) {
        if (items.length > 0) yield `${items.map((row) => csvLine(rowCells(row, columns, ctx))).join('\r\n')}\r\n`;
      }
    })(),
  );
}

function xlsxValue(cell: Cell): ExcelJS.CellValue {
  if (cell.kind === 'empty') return null;
  if (cell.kind === 'date') return dateCellValue(cell.value);
  return cell.value;
}

/** xlsx through ExcelJS' streaming writer: each row is written to the zip as it comes, none is kept. */
function xlsxStream(batches: AsyncIterable<unknown[]>, columns: readonly ColumnSpec[], ctx: TypedCellContext, sheetName: string): Readable {
  const out = new PassThrough();
  writeXlsx(out, batches, columns, ctx, sheetName).catch((err: unknown) =>
    out.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return out;
}

async function writeXlsx(
  out: PassThrough,
  batches: AsyncIterable<unknown[]>,
  columns: readonly ColumnSpec[],
  ctx: TypedCellContext,
  sheetName: string,
): Promise<void> {
  // Loaded with the first xlsx asked for, not at start: it is the heaviest of the server's dependencies.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'GasOps';
  const addSheet = (n: number) => {
    const sheet = workbook.addWorksheet(worksheetName(n === 1 ? sheetName : `${sheetName.slice(0, 26)} (${n})`), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    columns.forEach((c, i) => {
      sheet.getColumn(i + 1).width = Math.min(40, Math.max(10, c.title.length * 2 + 2, c.kind === 'moment' ? 20 : 0));
    });
    const header = sheet.addRow(columns.map((c) => c.title));
    header.font = { bold: true };
    header.commit();
    return sheet;
  };
  let sheets = 1;
  let sheet = addSheet(sheets);
  let inSheet = 0;
  for await (const items of batches) {
    for (const row of items) {
      if (inSheet === XLSX_SHEET_ROWS) {
        sheet.commit();
        sheet = addSheet(++sheets);
        inSheet = 0;
      }
      const cells = rowCells(row, columns, ctx);
      const added = sheet.addRow(cells.map(xlsxValue));
      cells.forEach((cell, i) => {
        const numFmt = cellNumFmt(cell);
        if (numFmt) added.getCell(i + 1).numFmt = numFmt;
      });
      added.commit();
      inSheet++;
    }
    // A slow download holds the next page back instead of filling memory.
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}

/** Every page of the list, read through the route's own handler with the request's filters. */
async function* pagesOf(first: Paged, next: (page: number) => Promise<Paged>): AsyncIterable<unknown[]> {
  let page = first;
  for (let n = 1; ;) {
    yield page.items;
    if (page.items.length < EXPORT_PAGE) return;
    page = await next(++n);
  }
}

/** Answers a paged list's request for a file (`format` set) with every row, streamed. */
async function exportList(db: Executor, handler: Handler, app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const {
    format,
    columns: columnsText,
    fileName,
    worksheet,
    yes,
    no,
    ...filters
  } = req.query as z.output<typeof exportQuery> & Record<string, unknown>;
  const columns = parseColumns(columnsText);
  const pageAt = async (page: number): Promise<Paged> => {
    (req as { query: unknown }).query = { ...filters, page, pageSize: EXPORT_PAGE };
    const answer = (await handler.call(app, req, reply)) as Paged;
    if (!answer || !Array.isArray(answer.items)) throw new Error(`${req.routeOptions.url}: a paged list must answer {items}`);
    return answer;
  };
  // The first page before any header: a bad filter or another tenant's store is still a 4xx answer.
  const first = await pageAt(1);
  const settings = await groupSettingsOf(db, ctxOf(req));
  const ctx: TypedCellContext = {
    currency: settings.currency,
    currencyDigits: currencyMinorDigits(settings.currency),
    timeZone: settings.timeZone,
    yes,
    no,
  };
  const type = format as StreamExportType;
  const name = exportFileName(fileName, type);
  const batches = pagesOf(first, pageAt);
  const body =
    type === 'csv' ? csvStream(batches, columns, ctx) : xlsxStream(batches, columns, ctx, worksheet?.trim() || EXPORT_DEFAULTS.worksheet);
  // The row count up front when the list counted exactly: the browser reports it once the file is saved.
  if (typeof first.total === 'number' && !first.totalIsLowerBound) reply.header('x-total-count', String(first.total));
  return reply
    .header('content-type', EXPORT_MIME[type])
    .header('content-disposition', attachment(name))
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Gives every paged list route registered after this call the file export: its query schema gains
 * `format`, `columns`, `fileName`, `yes`, `no` (documented in the OpenAPI), and with `format` its
 * handler's pages are streamed as xlsx or csv. Installed once in app.ts before the modules.
 */
export function installListExport(app: FastifyInstance, db: Executor): void {
  app.addHook('onRoute', (route) => {
    if (!isPagedListRoute(route) || !route.schema) return;
    const query = route.schema.querystring as ZodObjectLike;
    if ('format' in query.shape) return;
    route.schema.querystring = query.safeExtend ? query.safeExtend(exportQuery.shape) : query.extend(exportQuery.shape);
    const handler = route.handler as Handler;
    route.handler = async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      if (!(req.query as { format?: string }).format) return handler.call(this, req, reply);
      return exportList(db, handler, this, req, reply);
    };
  });
}
