import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { PendingRow, pendingQuery } from '@gasops/shared';
import { dayRange, iso, isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { listPage, selectMatching } from '../../platform/paging.js';
import { stores, users } from '../../platform/platform.schema.js';
import { likePattern } from '../../platform/search.js';
import { groupScope, storeFilter } from '../../platform/tenancy.js';
import { cylinderPending, cylinders } from './cylinders.schema.js';

const resolver = alias(users, 'resolver');

const selection = {
  p: cylinderPending,
  storeName: stores.name,
  containerNo: cylinders.containerNo,
  containerSpec: cylinders.containerSpec,
  resolvedByName: resolver.name,
};

/** `select … from cylinder_pending` with the names a row shows; the caller adds where/order/limit. */
export function selectPendingRows(db: Executor) {
  return db
    .select(selection)
    .from(cylinderPending)
    .innerJoin(stores, eq(stores.id, cylinderPending.storeId))
    .leftJoin(cylinders, eq(cylinders.id, cylinderPending.cylinderId))
    .leftJoin(resolver, eq(resolver.id, cylinderPending.resolvedBy));
}

type Joined = {
  p: typeof cylinderPending.$inferSelect;
  storeName: string;
  containerNo: string | null;
  containerSpec: string | null;
  resolvedByName: string | null;
};

export function toPendingRow(r: Joined): PendingRow {
  const p = r.p;
  return {
    id: p.id,
    storeId: p.storeId,
    storeName: r.storeName,
    source: p.source,
    documentId: p.documentId,
    docDate: p.docDate,
    docNo: p.docNo,
    lineNo: p.lineNo,
    code: p.code,
    cylinderId: p.cylinderId,
    containerNo: r.containerNo,
    containerSpec: r.containerSpec,
    kind: p.kind,
    prevLocationKind: p.prevLocationKind,
    prevFill: p.prevFill,
    sourceDocNo: p.sourceDocNo,
    customerId: p.customerId,
    reason: p.reason,
    status: p.status,
    resolution: p.resolution,
    resolutionReason: p.resolutionReason,
    resolvedAt: iso(p.resolvedAt),
    resolvedByName: r.resolvedByName,
    createdAt: isoNN(p.createdAt),
  };
}

/** Pending data (penddingDataMaintenance): filters date, document number, status and kind; newest first. */
export async function listPending(db: Executor, ctx: Ctx, q: z.output<typeof pendingQuery>) {
  const where = and(
    groupScope(ctx, cylinderPending.groupId),
    storeFilter(ctx, cylinderPending.storeId, q.storeId),
    q.status ? eq(cylinderPending.status, q.status) : undefined,
    q.kind ? eq(cylinderPending.kind, q.kind) : undefined,
    dayRange(cylinderPending.docDate, q.from, q.to),
    q.docNo ? sql`${cylinderPending.docNo} ilike ${likePattern(q.docNo).slice(1)}` : undefined,
    q.keyword ? sql`${cylinderPending.code} like ${likePattern(q.keyword.toUpperCase())}` : undefined,
  );
  const rows = selectPendingRows(db).where(where).orderBy(desc(cylinderPending.docDate), desc(cylinderPending.id)).$dynamic();
  return listPage(db, q, rows, selectMatching(db, cylinderPending).where(where), toPendingRow);
}
