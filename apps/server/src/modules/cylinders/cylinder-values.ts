import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LOCATIONS_WITH_ID, suggestDeadline, type cylinderBody, type cylinderCreateBody, type InspectionRules, V } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { cylinderLabels, cylinders } from './cylinders.schema.js';
import { textSet } from './find-cylinders.js';

export type CylinderFieldsIn = Omit<z.output<typeof cylinderBody>, 'storeId'>;
export type CylinderCreateIn = Omit<z.output<typeof cylinderCreateBody>, 'storeId' | 'locationId'> & { locationId?: number | null };

/**
 * The stored inspection deadline: the one typed from the label, else the computed suggestion from
 * the group's interval tables (marked as such, so the screens ask to confirm it from the label).
 */
export function deadlineOf(
  b: CylinderFieldsIn,
  rules: InspectionRules,
): { nextInspectionDeadline: string | null; deadlineSuggested: boolean } {
  if (b.nextInspectionDeadline) return { nextInspectionDeadline: b.nextInspectionDeadline, deadlineSuggested: false };
  const suggested = suggestDeadline(b, rules);
  return { nextInspectionDeadline: suggested, deadlineSuggested: suggested !== null };
}

/** The registry columns of a body (not where the cylinder is). */
export function registryValues(b: CylinderFieldsIn, rules: InspectionRules) {
  return {
    containerNo: b.containerNo,
    labelNo: b.labelNo,
    containerSpec: b.containerSpec,
    sizeKg: b.sizeKg,
    tareG: b.tareG,
    material: b.material,
    pressureTestDate: b.pressureTestDate,
    lastInspectionDate: b.lastInspectionDate,
    ...deadlineOf(b, rules),
    inspectionAgencyCode: b.inspectionAgencyCode,
    handlingSiteId: b.handlingSiteId,
    remark: b.remark,
  };
}

/**
 * A new cylinder's row: its registry fields and where it is (a store location is its own store; at
 * a customer, filling plant or inspection agency, the one named by `locationId`). A cylinder
 * registered at a customer's is held as a sale (the common case; a deposit or loan is recorded by
 * its movement).
 */
export function newCylinderValues(
  b: CylinderCreateIn,
  groupId: number,
  storeId: number,
  rules: InspectionRules,
): typeof cylinders.$inferInsert {
  const named = LOCATIONS_WITH_ID.includes(b.locationKind) ? (b.locationId ?? null) : null;
  const atCustomer = b.locationKind === 'customer' && named !== null;
  return {
    groupId,
    storeId,
    ...registryValues(b, rules),
    locationKind: b.locationKind,
    locationId: b.locationKind === 'store' ? storeId : named,
    customerId: atCustomer ? named : null,
    holding: atCustomer ? 'sale' : null,
    fill: b.locationKind === 'scrapped' ? 'empty' : b.fill,
  };
}

/**
 * The codes among these that another cylinder of the group already carries, as a container or a
 * label number (seed §5: "duplicate number or barcode"). A code is one cylinder, whichever kind.
 */
export async function takenCodes(tx: Executor, groupId: number, codes: string[], exceptId?: number): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const set = textSet(codes);
  const rows = await tx
    .select({ containerNo: cylinders.containerNo, labelNo: cylinders.labelNo })
    .from(cylinders)
    .where(
      and(
        eq(cylinders.groupId, groupId),
        isNull(cylinders.deletedAt),
        exceptId ? ne(cylinders.id, exceptId) : undefined,
        or(sql`${cylinders.containerNo} = any(${set})`, sql`${cylinders.labelNo} = any(${set})`),
      ),
    );
  const wanted = new Set(codes);
  const out = new Set<string>();
  for (const r of rows) {
    if (wanted.has(r.containerNo)) out.add(r.containerNo);
    if (r.labelNo && wanted.has(r.labelNo)) out.add(r.labelNo);
  }
  return out;
}

/** 409 with the seed's "duplicate number or barcode" on each field whose code is taken. */
export async function assertCodesFree(
  tx: Executor,
  groupId: number,
  rows: { containerNo: string; labelNo: string | null; path: string }[],
  exceptId?: number,
): Promise<void> {
  const taken = await takenCodes(
    tx,
    groupId,
    rows.flatMap((r) => (r.labelNo ? [r.containerNo, r.labelNo] : [r.containerNo])),
    exceptId,
  );
  const fields: Record<string, string> = {};
  for (const r of rows) {
    if (taken.has(r.containerNo)) fields[`${r.path}containerNo`] = V.duplicateCylinder;
    if (r.labelNo && taken.has(r.labelNo)) fields[`${r.path}labelNo`] = V.duplicateCylinder;
    if (r.labelNo && r.labelNo === r.containerNo) fields[`${r.path}labelNo`] = V.duplicateCylinder;
  }
  if (Object.keys(fields).length) throw new AppError(409, V.duplicateCylinder, undefined, fields);
}

/** Starts a cylinder's label history with its current label. */
export async function recordLabels(
  tx: Executor,
  rows: { id: number; groupId: number; labelNo: string | null; lastInspectionDate: string | null }[],
  today: string,
  userId: number | null,
): Promise<void> {
  const values = rows
    .filter((r) => r.labelNo)
    .map((r) => ({
      groupId: r.groupId,
      cylinderId: r.id,
      labelNo: r.labelNo!,
      fromDate: r.lastInspectionDate ?? today,
      createdBy: userId,
    }));
  if (values.length) await tx.insert(cylinderLabels).values(values);
}

/** A new label replaces the current one: the old one's history ends today. */
export async function changeLabel(
  tx: Executor,
  c: { id: number; groupId: number },
  labelNo: string | null,
  today: string,
  userId: number | null,
): Promise<void> {
  await tx
    .update(cylinderLabels)
    .set({ toDate: today })
    .where(and(eq(cylinderLabels.cylinderId, c.id), isNull(cylinderLabels.toDate)));
  if (labelNo)
    await tx.insert(cylinderLabels).values({ groupId: c.groupId, cylinderId: c.id, labelNo, fromDate: today, createdBy: userId });
}
