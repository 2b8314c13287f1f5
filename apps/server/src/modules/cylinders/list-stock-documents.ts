import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StockDocumentDetail, StockDocumentRow, stockDocumentQuery } from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { cappedTotal, pageOf } from '../../platform/paging.js';
import { stores, users } from '../../platform/platform.schema.js';
import { likePattern } from '../../platform/search.js';
import { assertStore, groupScope, storeFilter } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { cylinders, stockDocumentLines, stockDocuments } from './cylinders.schema.js';

const selection = { d: stockDocuments, storeName: stores.name, customerName: customers.name, createdByName: users.name };

function selectDocuments(db: Executor) {
  return db
    .select(selection)
    .from(stockDocuments)
    .innerJoin(stores, eq(stores.id, stockDocuments.storeId))
    .leftJoin(customers, eq(customers.id, stockDocuments.customerId))
    .leftJoin(users, eq(users.id, stockDocuments.createdBy));
}

function toRow(r: {
  d: typeof stockDocuments.$inferSelect;
  storeName: string;
  customerName: string | null;
  createdByName: string | null;
}): StockDocumentRow {
  const d = r.d;
  return {
    id: d.id,
    groupId: d.groupId,
    storeId: d.storeId,
    storeName: r.storeName,
    docNo: d.docNo,
    kind: d.kind,
    docDate: d.docDate,
    sourceDocNo: d.sourceDocNo,
    customerId: d.customerId,
    customerName: r.customerName,
    handlingSiteId: d.handlingSiteId,
    remark: d.remark,
    overrideReason: d.overrideReason,
    lineCount: d.lineCount,
    appliedCount: d.appliedCount,
    pendingCount: d.pendingCount,
    createdByName: r.createdByName,
    createdAt: isoNN(d.createdAt),
  };
}

/** Stock documents (CylinderStockMaintenance): by kind and date, keyword on the document or source number; newest first. */
export async function listStockDocuments(db: Executor, ctx: Ctx, q: z.output<typeof stockDocumentQuery>) {
  const k = q.keyword?.trim();
  const where = and(
    groupScope(ctx, stockDocuments.groupId),
    storeFilter(ctx, stockDocuments.storeId, q.storeId),
    q.kind ? eq(stockDocuments.kind, q.kind) : undefined,
    q.from ? sql`${stockDocuments.docDate} >= ${q.from}::date` : undefined,
    q.to ? sql`${stockDocuments.docDate} <= ${q.to}::date` : undefined,
    k ? sql`(${stockDocuments.docNo} ilike ${likePattern(k)} or ${stockDocuments.sourceDocNo} ilike ${likePattern(k)})` : undefined,
  );
  const { limit, offset } = pageOf(q);
  const rows = await selectDocuments(db)
    .where(where)
    .orderBy(desc(stockDocuments.docDate), desc(stockDocuments.id))
    .limit(limit)
    .offset(offset);
  const matching = db
    .select({ one: sql`1` })
    .from(stockDocuments)
    .$dynamic()
    .where(where);
  const total = await cappedTotal(db, matching, q, rows.length);
  return { items: rows.map(toRow), ...total, page: q.page, pageSize: q.pageSize };
}

/** One stock document with its lines (what each cylinder came to); 404 for another tenant's. */
export async function getStockDocument(db: Executor, ctx: Ctx, id: number): Promise<StockDocumentDetail> {
  const [row] = await selectDocuments(db).where(eq(stockDocuments.id, id));
  if (!row) throw notFound();
  assertStore(ctx, row.d.storeId);
  const lines = await db
    .select({
      l: stockDocumentLines,
      containerNo: cylinders.containerNo,
      containerSpec: cylinders.containerSpec,
      sizeKg: cylinders.sizeKg,
    })
    .from(stockDocumentLines)
    .leftJoin(cylinders, eq(cylinders.id, stockDocumentLines.cylinderId))
    .where(eq(stockDocumentLines.documentId, id))
    .orderBy(asc(stockDocumentLines.lineNo));
  return {
    ...toRow(row),
    lines: lines.map(({ l, containerNo, containerSpec, sizeKg }) => ({
      lineNo: l.lineNo,
      code: l.code,
      cylinderId: l.cylinderId,
      containerNo,
      containerSpec,
      sizeKg,
      result: l.result,
      reason: l.reason,
      pendingId: l.pendingId,
    })),
  };
}
