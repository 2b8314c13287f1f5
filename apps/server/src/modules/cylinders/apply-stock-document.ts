import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mayOverrideInspection, V, type MoveProblem, type StockDocumentDetail, type stockDocumentBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Db, type Executor } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { runOnce, type Once } from '../../platform/idempotency.js';
import { storeOf } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { applyMovements, takesCustomer, type MoveItem } from './apply-movements.js';
import { cylinderPending, stockDocumentLines, stockDocuments } from './cylinders.schema.js';
import type { CylinderRecord } from './cylinder-view.js';
import { findByCodes } from './find-cylinders.js';
import { inspectionDayOf } from './inspection-day.js';
import { getStockDocument } from './list-stock-documents.js';
import { assertSite } from './save-cylinder.js';

export type StockDocumentInput = z.output<typeof stockDocumentBody>;

/** The next free document number of a day: SD<yyyymmdd>-<nnnn>. */
async function nextDocNo(tx: Executor, groupId: number, date: string): Promise<string> {
  const prefix = `SD${date.replace(/-/g, '')}-`;
  const [row] = rowsOfResult<{ n: number }>(
    await tx.execute(sql`select coalesce(max(substr(doc_no, ${prefix.length + 1})::int), 0)::int as n from stock_documents
      where group_id = ${groupId} and doc_no like ${`${prefix}%`} and substr(doc_no, ${prefix.length + 1}) ~ '^[0-9]{1,9}$'`),
  );
  return `${prefix}${String((row?.n ?? 0) + 1).padStart(4, '0')}`;
}

/** The checks of a document's customer, site and override that do not depend on its cylinders. */
export async function checkMovementParties(
  tx: Executor,
  ctx: Ctx,
  groupId: number,
  b: { kind: StockDocumentInput['kind']; customerId: number | null; handlingSiteId: number | null; overrideReason: string | null },
): Promise<void> {
  if (b.customerId !== null) {
    if (!takesCustomer(b.kind)) throw invalidField('customerId', 'cylinders.error.customerNotHere');
    const [c] = await tx.select({ groupId: customers.groupId }).from(customers).where(eq(customers.id, b.customerId));
    if (!c || c.groupId !== groupId) throw invalidField('customerId', V.selectCustomer);
  }
  await assertSite(tx, b.handlingSiteId);
  if (b.overrideReason !== null && !mayOverrideInspection(ctx.user))
    throw invalidField('overrideReason', 'cylinders.error.overrideForbidden');
}

/**
 * Applies a stock document in the caller's transaction: one movement of the document's kind per
 * cylinder, through the shared state machine. A cylinder that is unknown, or may not make this
 * movement from where it is (or is overdue without a manager's override), becomes pending data:
 * the document itself never fails for it. The orders module calls this for an order's cylinders.
 */
export async function applyStockDocumentIn(
  tx: Executor,
  ctx: Ctx,
  b: StockDocumentInput,
  source: 'document' | 'order' = 'document',
): Promise<StockDocumentDetail> {
  const store = await storeOf(tx, ctx, b.storeId);
  const groupId = store.groupId;
  await checkMovementParties(tx, ctx, groupId, b);
  const codes = b.codes.filter((c) => c.length > 0);
  const found = await findByCodes(tx, groupId, codes);
  // A container number and a label number of the same cylinder: the same cylinder twice (seed §5).
  const cylinderOf = new Map<number, number>();
  for (const [i, code] of b.codes.entries()) {
    const c = found.get(code);
    if (!c) continue;
    if (cylinderOf.has(c.id)) throw invalidField(`codes.${i}`, V.duplicateCylinder);
    cylinderOf.set(c.id, i);
  }
  const day = await inspectionDayOf(tx, groupId);
  const [doc] = await tx
    .insert(stockDocuments)
    .values({
      groupId,
      storeId: store.id,
      docNo: b.docNo ?? (await nextDocNo(tx, groupId, b.docDate)),
      kind: b.kind,
      docDate: b.docDate,
      sourceDocNo: b.sourceDocNo,
      customerId: b.customerId,
      handlingSiteId: b.handlingSiteId,
      remark: b.remark,
      overrideReason: b.overrideReason,
      lineCount: codes.length,
      createdBy: ctx.user.id,
    })
    .returning();
  const known = codes.map((code) => found.get(code)).filter((c): c is CylinderRecord => !!c);
  const items: MoveItem[] = known.map((cylinder) => ({
    cylinder,
    kind: b.kind,
    customerId: b.customerId,
    handlingSiteId: b.handlingSiteId,
  }));
  // The state before the movement, for the pending rows ("previous status").
  const before = new Map(known.map((c) => [c.id, { location: c.locationKind, fill: c.fill }]));
  const outcomes = await applyMovements(
    tx,
    {
      groupId,
      storeId: store.id,
      date: b.docDate,
      at: new Date(),
      source,
      documentId: doc!.id,
      userId: ctx.user.id,
      overrideReason: b.overrideReason,
      day,
    },
    items,
  );
  const outcomeOf = new Map(outcomes.map((o) => [o.cylinderId, o]));

  type Line = {
    lineNo: number;
    code: string;
    cylinder: CylinderRecord | undefined;
    problem: MoveProblem | null;
    movementId: number | null;
  };
  const lines: Line[] = codes.map((code, i) => {
    const cylinder = found.get(code);
    const o = cylinder ? outcomeOf.get(cylinder.id) : undefined;
    return {
      lineNo: i + 1,
      code,
      cylinder,
      problem: !cylinder ? 'unknownCylinder' : o && !o.ok ? o.reason : null,
      movementId: o && o.ok ? o.movementId : null,
    };
  });
  const problems = lines.filter((l) => l.problem !== null);
  const pendingIds = problems.length
    ? await tx
        .insert(cylinderPending)
        .values(
          problems.map((l) => ({
            groupId,
            storeId: store.id,
            source: 'document' as const,
            documentId: doc!.id,
            docDate: b.docDate,
            docNo: doc!.docNo,
            lineNo: l.lineNo,
            code: l.code,
            cylinderId: l.cylinder?.id ?? null,
            kind: b.kind,
            prevLocationKind: l.cylinder ? before.get(l.cylinder.id)!.location : null,
            prevFill: l.cylinder ? before.get(l.cylinder.id)!.fill : null,
            sourceDocNo: b.sourceDocNo,
            customerId: b.customerId,
            handlingSiteId: b.handlingSiteId,
            reason: l.problem!,
          })),
        )
        .returning({ id: cylinderPending.id, lineNo: cylinderPending.lineNo })
    : [];
  const pendingOf = new Map(pendingIds.map((p) => [p.lineNo, p.id]));
  if (lines.length)
    await tx.insert(stockDocumentLines).values(
      lines.map((l) => ({
        groupId,
        documentId: doc!.id,
        lineNo: l.lineNo,
        code: l.code,
        cylinderId: l.cylinder?.id ?? null,
        result: l.problem === null ? ('applied' as const) : ('pending' as const),
        reason: l.problem,
        movementId: l.movementId,
        pendingId: pendingOf.get(l.lineNo) ?? null,
      })),
    );
  const applied = lines.length - problems.length;
  await tx
    .update(stockDocuments)
    .set({ appliedCount: applied, pendingCount: problems.length })
    .where(and(eq(stockDocuments.id, doc!.id)));
  await recordAction(tx, ctx, {
    entity: 'stock_documents',
    entityId: doc!.id,
    action: ctx.action ?? 'create',
    groupId,
    after: { ...doc, appliedCount: applied, pendingCount: problems.length, codes },
  });
  return getStockDocument(tx, ctx, doc!.id);
}

/**
 * Creates and applies a stock document in one transaction. With an Idempotency-Key (a phone that
 * resends), a repeat is answered with the first result and nothing is applied twice.
 */
export async function applyStockDocument(db: Db, ctx: Ctx, b: StockDocumentInput, key?: string): Promise<Once<StockDocumentDetail>> {
  return runOnce(db, `cylinders.stock-document:${ctx.user.id}`, key, (tx) => applyStockDocumentIn(tx, ctx, b));
}
