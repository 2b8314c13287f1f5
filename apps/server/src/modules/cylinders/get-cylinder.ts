import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  allowedMovements,
  deadlineCheck,
  looksLikeContainerNo,
  type CylinderDetail,
  type CylinderRow,
  type MovementRow,
  type PendingRow,
} from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { users } from '../../platform/platform.schema.js';
import { assertStore } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { cylinderLabels, cylinderMovements, cylinderPending, cylinders, stockDocuments } from './cylinders.schema.js';
import { selectCylinderRows, toCylinderRow, type CylinderJoined } from './cylinder-view.js';
import { inspectionDayOf } from './inspection-day.js';
import { selectPendingRows, toPendingRow } from './list-pending.js';

/** How many movements the detail screen shows (newest first). */
const HISTORY_ROWS = 200;

async function joinedOf(db: Executor, ctx: Ctx, id: number): Promise<CylinderJoined> {
  const [row] = await selectCylinderRows(db).where(and(eq(cylinders.id, id), isNull(cylinders.deletedAt)));
  if (!row) throw notFound();
  assertStore(ctx, row.c.storeId);
  return row;
}

/** One cylinder as the lists show it; 404 for another tenant's. */
export async function getCylinderRow(db: Executor, ctx: Ctx, id: number): Promise<CylinderRow> {
  const row = await joinedOf(db, ctx, id);
  return toCylinderRow(row, await inspectionDayOf(db, row.c.groupId));
}

const mover = alias(users, 'mover');

/** A cylinder with its warnings, the movements its state allows, label history, movements and open pending items. */
export async function getCylinder(db: Executor, ctx: Ctx, id: number): Promise<CylinderDetail> {
  const row = await joinedOf(db, ctx, id);
  const day = await inspectionDayOf(db, row.c.groupId);
  const c = row.c;
  const [labels, moves, pending] = await Promise.all([
    db.select().from(cylinderLabels).where(eq(cylinderLabels.cylinderId, id)).orderBy(asc(cylinderLabels.id)),
    db
      .select({ m: cylinderMovements, customerName: customers.name, docNo: stockDocuments.docNo, userName: mover.name })
      .from(cylinderMovements)
      .leftJoin(customers, eq(customers.id, cylinderMovements.customerId))
      .leftJoin(stockDocuments, eq(stockDocuments.id, cylinderMovements.documentId))
      .leftJoin(mover, eq(mover.id, cylinderMovements.userId))
      .where(eq(cylinderMovements.cylinderId, id))
      .orderBy(desc(cylinderMovements.id))
      .limit(HISTORY_ROWS),
    selectPendingRows(db)
      .where(and(eq(cylinderPending.cylinderId, id), eq(cylinderPending.status, 'unprocessed')))
      .orderBy(desc(cylinderPending.id))
      .limit(100),
  ]);
  const movements: MovementRow[] = moves.map(({ m, customerName, docNo, userName }) => ({
    id: m.id,
    cylinderId: m.cylinderId,
    kind: m.kind,
    moveDate: m.moveDate,
    movedAt: isoNN(m.movedAt),
    fromLocationKind: m.fromLocationKind,
    fromFill: m.fromFill,
    toLocationKind: m.toLocationKind,
    toFill: m.toFill,
    customerId: m.customerId,
    customerName,
    source: m.source,
    documentId: m.documentId,
    docNo,
    overrideReason: m.overrideReason,
    userName,
  }));
  const pendingRows: PendingRow[] = pending.map(toPendingRow);
  return {
    ...toCylinderRow(row, day),
    containerNoWarning: !looksLikeContainerNo(c.containerNo),
    deadlineCheck: c.deadlineSuggested
      ? { ...deadlineCheck(null, c, day.rules), disagrees: false }
      : deadlineCheck(c.nextInspectionDeadline, c, day.rules),
    allowedMovements: allowedMovements({ location: c.locationKind, fill: c.fill }),
    labels: labels.map((l) => ({ id: l.id, labelNo: l.labelNo, fromDate: l.fromDate, toDate: l.toDate, createdAt: isoNN(l.createdAt) })),
    movements,
    pending: pendingRows,
  };
}
