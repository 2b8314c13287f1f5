import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BLOCKING_STATUSES,
  mayOverrideInspection,
  MOVEMENT_RULES,
  translate,
  type PendingRow,
  type PendingResolution,
  type pendingCorrectBody,
} from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { assertStore } from '../../platform/tenancy.js';
import { applyMovements, statusOn, type MoveContext } from './apply-movements.js';
import { checkMovementParties } from './apply-stock-document.js';
import { cylinderPending, cylinders } from './cylinders.schema.js';
import { findByCode } from './find-cylinders.js';
import { inspectionDayOf } from './inspection-day.js';
import { selectPendingRows, toPendingRow } from './list-pending.js';

type Pending = typeof cylinderPending.$inferSelect;

/** An unprocessed pending item the caller may touch, locked; 404 (other tenant) or 409 (already processed). */
async function loadOpen(tx: Executor, ctx: Ctx, id: number): Promise<Pending> {
  const [p] = await tx.select().from(cylinderPending).where(eq(cylinderPending.id, id)).for('update');
  if (!p) throw notFound();
  assertStore(ctx, p.storeId);
  if (p.status !== 'unprocessed') throw conflict('cylinders.error.alreadyProcessed');
  return p;
}

async function lockedCylinder(tx: Executor, id: number | null) {
  if (id === null) return undefined;
  const [c] = await tx.select().from(cylinders).where(eq(cylinders.id, id)).for('update');
  return c && !c.deletedAt ? c : undefined;
}

async function close(
  tx: Executor,
  ctx: Ctx,
  p: Pending,
  patch: Partial<typeof cylinderPending.$inferInsert> & { resolution: PendingResolution },
): Promise<void> {
  const [after] = await tx
    .update(cylinderPending)
    .set({ ...patch, status: 'processed', resolvedBy: ctx.user.id, resolvedAt: new Date() })
    .where(eq(cylinderPending.id, p.id))
    .returning();
  await recordAction(tx, ctx, {
    entity: 'cylinder_pending',
    entityId: p.id,
    action: patch.resolution,
    groupId: p.groupId,
    before: p,
    after,
  });
}

/** Applies the pending item's movement (as corrected) through the state machine; refused → 409 with the reason. */
async function applyPendingMovement(
  tx: Executor,
  ctx: Ctx,
  p: Pending,
  move: { cylinder: NonNullable<Awaited<ReturnType<typeof lockedCylinder>>>; kind: Pending['kind']; customerId: number | null },
  opts: Pick<MoveContext, 'day' | 'overrideReason' | 'force'>,
) {
  const [o] = await applyMovements(
    tx,
    {
      groupId: p.groupId,
      storeId: p.storeId,
      date: p.docDate,
      at: new Date(),
      source: 'pending',
      documentId: p.documentId,
      userId: ctx.user.id,
      ...opts,
    },
    [{ ...move, handlingSiteId: p.handlingSiteId, pendingId: p.id }],
  );
  if (!o!.ok) throw conflict('cylinders.error.refused', { reason: translate(ctx.locale, `cylinders.problem.${o!.reason}`) });
  return o!;
}

async function answer(db: Executor, id: number): Promise<PendingRow> {
  const [row] = await selectPendingRows(db).where(eq(cylinderPending.id, id));
  return toPendingRow(row!);
}

/**
 * "Apply anyway": the movement is applied as asked, whatever the place and fill rules say (the
 * cylinder is where the paper says it went). An overdue or end-of-life cylinder needs a manager.
 * An unknown code cannot be applied: correct it first.
 */
export async function applyPendingAnyway(db: Db, ctx: Ctx, id: number, reason: string): Promise<PendingRow> {
  await db.transaction(async (tx) => {
    const p = await loadOpen(tx, ctx, id);
    const c = await lockedCylinder(tx, p.cylinderId);
    if (!c) throw invalidField('code', 'cylinders.error.unknownCode');
    const day = await inspectionDayOf(tx, p.groupId);
    const gated = MOVEMENT_RULES[p.kind].inspectionGate && BLOCKING_STATUSES.includes(statusOn(c, day, p.docDate));
    if (gated && !mayOverrideInspection(ctx.user)) throw invalidField('reason', 'cylinders.error.overrideForbidden');
    const o = await applyPendingMovement(
      tx,
      ctx,
      p,
      { cylinder: c, kind: p.kind, customerId: p.customerId },
      { day, overrideReason: reason, force: true },
    );
    await close(tx, ctx, p, { resolution: 'applied', resolutionReason: reason, movementId: o!.movementId });
  });
  return answer(db, id);
}

/**
 * Correct and apply: another cylinder code (a typing error), another movement kind or customer;
 * then the movement goes through the state machine as usual. Refused again: 409 with the reason,
 * and the item stays unprocessed.
 */
export async function correctPending(db: Db, ctx: Ctx, id: number, body: z.output<typeof pendingCorrectBody>): Promise<PendingRow> {
  await db.transaction(async (tx) => {
    const p = await loadOpen(tx, ctx, id);
    const c = body.code ? await findByCode(tx, p.groupId, body.code) : await lockedCylinder(tx, p.cylinderId);
    if (!c) throw invalidField('code', 'cylinders.error.unknownCode');
    const kind = body.kind ?? p.kind;
    const customerId = body.customerId ?? p.customerId;
    await checkMovementParties(tx, ctx, p.groupId, { kind, customerId: body.customerId, handlingSiteId: null, overrideReason: null });
    const day = await inspectionDayOf(tx, p.groupId);
    const o = await applyPendingMovement(tx, ctx, p, { cylinder: c, kind, customerId }, { day });
    await close(tx, ctx, p, {
      resolution: 'corrected',
      resolutionReason: body.reason,
      movementId: o!.movementId,
      cylinderId: c.id,
      code: body.code ?? p.code,
      kind,
      customerId,
    });
  });
  return answer(db, id);
}

/** Discard: the item was a wrong read or a wrong line; nothing moves. */
export async function discardPending(db: Db, ctx: Ctx, id: number, reason: string): Promise<PendingRow> {
  await db.transaction(async (tx) => {
    const p = await loadOpen(tx, ctx, id);
    await close(tx, ctx, p, { resolution: 'discarded', resolutionReason: reason });
  });
  return answer(db, id);
}
