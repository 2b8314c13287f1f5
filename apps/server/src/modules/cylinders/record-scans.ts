import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  dateIn,
  distinctCodes,
  QUALIFIED_STATUSES,
  V,
  type MoveProblem,
  type RefusalReason,
  type ScanBatchResult,
  type ScanResult,
  type scanBatchBody,
} from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Db, type Executor } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { storeOf } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { applyMovements, statusOn, takesCustomer } from './apply-movements.js';
import { cylinderPending, scanBatches, scanReaders, scanReads } from './cylinders.schema.js';
import type { CylinderRecord } from './cylinder-view.js';
import { findByCodes, textSet } from './find-cylinders.js';
import { inspectionDayOf } from './inspection-day.js';
import { assertSite } from './save-cylinder.js';
import { readerOf } from './scan-readers.js';

type Body = z.output<typeof scanBatchBody>;
type Reader = typeof scanReaders.$inferSelect;

/** Who sends a batch: a reader on its own secret, or a signed-in user (optionally naming their reader). */
export type ScanSender = { reader: Reader; ctx: null } | { reader: null; ctx: Ctx };

/**
 * Refusals a scan answers as a failure (the reader's "rejected": a filling plant's gate refuses an
 * expired cylinder); every other refusal, and an unknown code, waits in pending data.
 */
const FAILURES: readonly RefusalReason[] = ['overdue', 'endOfLife', 'scrapped'];

async function replay(tx: Executor, batch: typeof scanBatches.$inferSelect): Promise<ScanBatchResult> {
  const reads = await tx.select().from(scanReads).where(eq(scanReads.batchId, batch.id)).orderBy(asc(scanReads.id));
  return {
    id: batch.id,
    batchId: batch.batchKey,
    replayed: true,
    total: batch.total,
    success: batch.success,
    failure: batch.failure,
    unprocessed: batch.unprocessed,
    newToday: batch.newToday,
    qualified: batch.qualified,
    reads: reads.map((r) => ({ code: r.code, result: r.result, reason: r.reason, cylinderId: r.cylinderId, pendingId: r.pendingId })),
  };
}

/**
 * Records a batch of scans and applies its movement to every cylinder read, in one transaction:
 * each read is a success, a failure (with the reason) or unprocessed (waiting in pending data).
 * Exactly once per (sender, batch id): a resent batch is answered with the first result. The same
 * code twice in a batch (or a cylinder's container and label number) is one read.
 */
export async function recordScans(db: Db, sender: ScanSender, body: Body): Promise<ScanBatchResult> {
  return db.transaction(async (tx) => {
    const ctx = sender.ctx;
    const reader = sender.reader ?? (ctx && body.readerId !== null ? await readerOf(tx, ctx, body.readerId) : null);
    let storeId: number;
    let groupId: number;
    if (reader) {
      storeId = reader.storeId;
      groupId = reader.groupId;
    } else {
      if (body.storeId === null) throw invalidField('storeId', 'cylinders.error.storeRequired');
      const store = await storeOf(tx, ctx!, body.storeId);
      storeId = store.id;
      groupId = store.groupId;
    }
    const kind = body.kind ?? null;
    if (body.customerId !== null) {
      if (!kind || !takesCustomer(kind)) throw invalidField('customerId', 'cylinders.error.customerNotHere');
      const [c] = await tx.select({ groupId: customers.groupId }).from(customers).where(eq(customers.id, body.customerId));
      if (!c || c.groupId !== groupId) throw invalidField('customerId', V.selectCustomer);
    }
    await assertSite(tx, body.handlingSiteId);

    const readAt = new Date(body.scannedAt);
    const [batch] = await tx
      .insert(scanBatches)
      .values({
        groupId,
        storeId,
        readerId: reader?.id ?? null,
        userId: ctx?.user.id ?? null,
        sender: reader ? `r:${reader.id}` : `u:${ctx!.user.id}`,
        batchKey: body.batchId,
        kind,
        customerId: body.customerId,
        scannedAt: readAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!batch) {
      const [first] = await tx
        .select()
        .from(scanBatches)
        .where(
          and(
            eq(scanBatches.groupId, groupId),
            eq(scanBatches.sender, reader ? `r:${reader.id}` : `u:${ctx!.user.id}`),
            eq(scanBatches.batchKey, body.batchId),
          ),
        );
      return replay(tx, first!);
    }

    const day = await inspectionDayOf(tx, groupId);
    const readDate = dateIn(day.timeZone, readAt);
    const { codes: allCodes } = distinctCodes(body.codes);
    const found = await findByCodes(tx, groupId, allCodes);
    // A container number and a label number of one cylinder in one batch: one read.
    const seenCylinders = new Set<number>();
    const codes = allCodes.filter((code) => {
      const c = found.get(code);
      if (!c) return true;
      if (seenCylinders.has(c.id)) return false;
      seenCylinders.add(c.id);
      return true;
    });
    const earlier = new Set(
      rowsOfResult<{ code: string }>(
        await tx.execute(sql`select distinct code from scan_reads where group_id = ${groupId} and read_date = ${readDate}::date
          and code = any(${textSet(codes)})`),
      ).map((r) => r.code),
    );
    const known = codes.map((code) => found.get(code)).filter((c): c is CylinderRecord => !!c);
    const before = new Map(known.map((c) => [c.id, { location: c.locationKind, fill: c.fill, status: statusOn(c, day, readDate) }]));
    const outcomes = kind
      ? await applyMovements(
          tx,
          { groupId, storeId, date: readDate, at: readAt, source: 'scan', userId: ctx?.user.id ?? null, day },
          known.map((cylinder) => ({ cylinder, kind, customerId: body.customerId, handlingSiteId: body.handlingSiteId })),
        )
      : [];
    const outcomeOf = new Map(outcomes.map((o) => [o.cylinderId, o]));

    type Read = { code: string; cylinder?: CylinderRecord; result: ScanResult; reason: MoveProblem | null; movementId: number | null };
    const reads: Read[] = codes.map((code) => {
      const cylinder = found.get(code);
      if (!cylinder)
        return kind
          ? { code, result: 'unprocessed', reason: 'unknownCylinder', movementId: null }
          : { code, result: 'failure', reason: 'unknownCylinder', movementId: null };
      const o = outcomeOf.get(cylinder.id);
      if (!o) return { code, cylinder, result: 'success', reason: null, movementId: null };
      if (o.ok) return { code, cylinder, result: 'success', reason: null, movementId: o.movementId };
      return { code, cylinder, result: FAILURES.includes(o.reason) ? 'failure' : 'unprocessed', reason: o.reason, movementId: null };
    });

    const waiting = reads.map((r, i) => ({ r, lineNo: i + 1 })).filter(({ r }) => r.result === 'unprocessed' && kind);
    const pending = waiting.length
      ? await tx
          .insert(cylinderPending)
          .values(
            waiting.map(({ r, lineNo }) => ({
              groupId,
              storeId,
              source: 'scan' as const,
              docDate: readDate,
              docNo: body.batchId,
              lineNo,
              code: r.code,
              cylinderId: r.cylinder?.id ?? null,
              kind: kind!,
              prevLocationKind: r.cylinder ? before.get(r.cylinder.id)!.location : null,
              prevFill: r.cylinder ? before.get(r.cylinder.id)!.fill : null,
              customerId: body.customerId,
              handlingSiteId: body.handlingSiteId,
              reason: r.reason!,
            })),
          )
          .returning({ id: cylinderPending.id, lineNo: cylinderPending.lineNo })
      : [];
    const pendingOf = new Map(pending.map((p) => [p.lineNo, p.id]));
    const rows = reads.map((r, i) => ({
      groupId,
      storeId,
      batchId: batch.id,
      readerId: reader?.id ?? null,
      code: r.code,
      readAt,
      readDate,
      kind,
      cylinderId: r.cylinder?.id ?? null,
      result: r.result,
      reason: r.reason,
      pendingId: pendingOf.get(i + 1) ?? null,
      movementId: r.movementId,
      newToday: !earlier.has(r.code),
      qualified: !!r.cylinder && QUALIFIED_STATUSES.includes(before.get(r.cylinder.id)!.status),
    }));
    if (rows.length) await tx.insert(scanReads).values(rows);
    // Pending rows and movements point back at their read.
    if (pending.length)
      await tx.execute(sql`update cylinder_pending p set scan_read_id = r.id from scan_reads r
        where r.batch_id = ${batch.id} and r.pending_id = p.id`);
    if (outcomes.some((o) => o.ok))
      await tx.execute(sql`update cylinder_movements m set scan_read_id = r.id from scan_reads r
        where r.batch_id = ${batch.id} and r.movement_id = m.id`);

    const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
    const totals = {
      total: rows.length,
      success: count((r) => r.result === 'success'),
      failure: count((r) => r.result === 'failure'),
      unprocessed: count((r) => r.result === 'unprocessed'),
      newToday: count((r) => r.newToday),
      qualified: count((r) => r.qualified),
    };
    await tx.update(scanBatches).set(totals).where(eq(scanBatches.id, batch.id));
    if (reader) await tx.update(scanReaders).set({ lastSeenAt: new Date() }).where(eq(scanReaders.id, reader.id));
    if (ctx)
      await recordAction(tx, ctx, {
        entity: 'scan_batches',
        entityId: batch.id,
        action: 'create',
        groupId,
        after: { ...batch, ...totals },
      });
    return {
      id: batch.id,
      batchId: batch.batchKey,
      replayed: false,
      ...totals,
      reads: rows.map((r) => ({ code: r.code, result: r.result, reason: r.reason, cylinderId: r.cylinderId, pendingId: r.pendingId })),
    };
  });
}
