import { sql } from 'drizzle-orm';
import {
  forcedState,
  inspectionStatus,
  MOVEMENT_RULES,
  nextState,
  suggestDeadline,
  type InspectionStatus,
  type MovementKind,
  type MovementSource,
  type RefusalReason,
} from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { cylinderMovements } from './cylinders.schema.js';
import type { CylinderRecord } from './cylinder-view.js';
import type { InspectionDay } from './inspection-day.js';

/** One cylinder to move (locked by the caller) and how. */
export type MoveItem = {
  cylinder: CylinderRecord;
  kind: MovementKind;
  /** The customer of a movement to a customer (or who consigns a cylinder). */
  customerId?: number | null;
  /** The filling plant or inspection agency of a movement to one. */
  handlingSiteId?: number | null;
  pendingId?: number | null;
};

/** Where, when and by whom the movements happen. */
export type MoveContext = {
  groupId: number;
  /** The store a stock document or reader belongs to: a cylinder coming "in" arrives there. */
  storeId: number;
  date: string;
  at: Date;
  source: MovementSource;
  documentId?: number | null;
  userId?: number | null;
  /** A manager's override of the inspection gate (checked by the caller), recorded on the movement. */
  overrideReason?: string | null;
  /** Apply regardless of the place and fill rules ("apply anyway" on pending data). */
  force?: boolean;
  day: InspectionDay;
};

export type MoveOutcome =
  | { ok: true; cylinderId: number; movementId: number; inspection: InspectionStatus }
  | { ok: false; cylinderId: number; reason: RefusalReason; inspection: InspectionStatus };

/** The inspection status of a cylinder on a day (its group's warning window). */
export function statusOn(c: CylinderRecord, day: InspectionDay, date = day.today): InspectionStatus {
  return inspectionStatus(
    {
      material: c.material,
      pressureTestDate: c.pressureTestDate,
      nextInspectionDeadline: c.nextInspectionDeadline,
      scrapped: c.locationKind === 'scrapped',
    },
    date,
    day.dueDays,
  );
}

/**
 * Moves cylinders through the shared state machine, in the caller's transaction: each allowed
 * movement updates its cylinder and writes one history row; a refused one is answered with its
 * reason and leaves the cylinder as it was. All updates are one statement, all history rows one
 * insert, whatever the number of cylinders (a truck through an RFID gate).
 */
export async function applyMovements(tx: Executor, ctx: MoveContext, items: MoveItem[]): Promise<MoveOutcome[]> {
  type Update = {
    id: number;
    location_kind: string;
    location_id: number | null;
    fill: string;
    customer_id: number | null;
    holding: string | null;
    kind: string;
    last_inspection_date: string | null;
    next_inspection_deadline: string | null;
    deadline_suggested: boolean | null;
  };
  const outcomes: MoveOutcome[] = [];
  const updates = new Map<number, Update>();
  const history: (typeof cylinderMovements.$inferInsert)[] = [];
  for (const item of items) {
    const c = item.cylinder;
    const inspection = statusOn(c, ctx.day, ctx.date);
    const from = { location: c.locationKind, fill: c.fill };
    const answer = ctx.force ? forcedState(from, item.kind) : nextState(from, item.kind, { inspection, override: !!ctx.overrideReason });
    if (!answer.ok) {
      outcomes.push({ ok: false, cylinderId: c.id, reason: answer.reason, inspection });
      continue;
    }
    const to = answer.state;
    const locationId =
      to.location === 'store'
        ? ctx.storeId
        : to.location === 'customer'
          ? (item.customerId ?? null)
          : to.location === 'filling' || to.location === 'inspection'
            ? (item.handlingSiteId ?? null)
            : null;
    const holding = answer.holding;
    const customerId = holding === null ? null : holding === 'consignment' ? (item.customerId ?? c.customerId) : (item.customerId ?? null);
    // Back from the inspection agency: inspected on this date; the label's new deadline is typed
    // later, until then the computed one stands (marked as suggested).
    let lastInspection: string | null = null;
    let deadline: string | null = null;
    if (item.kind === 'inspection_in') {
      lastInspection = ctx.date;
      deadline = suggestDeadline({ ...c, lastInspectionDate: ctx.date }, ctx.day.rules);
    }
    // Two codes of one cylinder (container and label number) in one call: the last state wins.
    updates.set(c.id, {
      id: c.id,
      location_kind: to.location,
      location_id: locationId,
      fill: to.fill,
      customer_id: customerId,
      holding,
      kind: item.kind,
      last_inspection_date: lastInspection,
      next_inspection_deadline: deadline,
      deadline_suggested: deadline ? true : null,
    });
    history.push({
      groupId: ctx.groupId,
      storeId: ctx.storeId,
      cylinderId: c.id,
      kind: item.kind,
      moveDate: ctx.date,
      movedAt: ctx.at,
      fromLocationKind: c.locationKind,
      fromLocationId: c.locationId,
      fromFill: c.fill,
      toLocationKind: to.location,
      toLocationId: locationId,
      toFill: to.fill,
      customerId: customerId ?? (c.locationKind === 'customer' ? c.customerId : null),
      source: ctx.source,
      documentId: ctx.documentId ?? null,
      pendingId: item.pendingId ?? null,
      overrideReason: answer.overridden ? (ctx.overrideReason ?? null) : null,
      userId: ctx.userId ?? null,
    });
    outcomes.push({ ok: true, cylinderId: c.id, movementId: 0, inspection });
    // The same cylinder twice in one call moves from its new state.
    Object.assign(c, {
      locationKind: to.location,
      locationId,
      fill: to.fill,
      customerId,
      holding,
      ...(deadline ? { lastInspectionDate: lastInspection, nextInspectionDeadline: deadline, deadlineSuggested: true } : {}),
    });
  }
  if (updates.size === 0) return outcomes;

  await tx.execute(sql`
    update cylinders c set
      location_kind = v.location_kind, location_id = v.location_id, fill = v.fill,
      customer_id = v.customer_id, holding = v.holding,
      last_movement_kind = v.kind, last_moved_at = ${ctx.at.toISOString()}::timestamptz,
      last_inspection_date = coalesce(v.last_inspection_date, c.last_inspection_date),
      next_inspection_deadline = coalesce(v.next_inspection_deadline, c.next_inspection_deadline),
      deadline_suggested = coalesce(v.deadline_suggested, c.deadline_suggested),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify([...updates.values()])}::jsonb) as v(
      id int, location_kind text, location_id int, fill text, customer_id int, holding text, kind text,
      last_inspection_date date, next_inspection_deadline date, deadline_suggested boolean)
    where c.id = v.id`);
  const inserted = await tx.insert(cylinderMovements).values(history).returning({ id: cylinderMovements.id });
  // RETURNING answers in VALUES order for a plain multi-row insert.
  let k = 0;
  for (const o of outcomes) if (o.ok) o.movementId = inserted[k++]!.id;
  return outcomes;
}

/** The customer a movement kind may name: only movements to a customer and consignments. */
export const takesCustomer = (kind: MovementKind) => MOVEMENT_RULES[kind].to === 'customer' || kind === 'consignment_in';
