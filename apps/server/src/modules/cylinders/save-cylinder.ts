import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { LOCATIONS_WITH_ID, type CylinderRow, type cylinderBody, type cylinderCreateBody, type LocationKind } from '@gasops/shared';
import { insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { assertStore, storeOf } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { cylinderHandlingSites } from '../system/system.schema.js';
import { cylinders } from './cylinders.schema.js';
import { assertCodesFree, changeLabel, newCylinderValues, recordLabels, registryValues } from './cylinder-values.js';
import { getCylinderRow } from './get-cylinder.js';
import { inspectionDayOf } from './inspection-day.js';

/** A handling site named as the processing station must exist. */
export async function assertSite(tx: Executor, siteId: number | null, field = 'handlingSiteId'): Promise<void> {
  if (siteId === null) return;
  const [site] = await tx
    .select({ id: cylinderHandlingSites.id })
    .from(cylinderHandlingSites)
    .where(and(eq(cylinderHandlingSites.id, siteId), isNull(cylinderHandlingSites.deletedAt)));
  if (!site) throw invalidField(field, 'feedback.validation.invalid');
}

/**
 * The customer, filling plant or inspection agency a new cylinder is at must exist: a customer of
 * the cylinder's group, a handling site of the place's type (or both types). 400 on `field` otherwise.
 */
export async function assertPlace(
  tx: Executor,
  groupId: number,
  place: { locationKind: LocationKind; locationId?: number | null },
  field = 'locationId',
): Promise<void> {
  const id = place.locationId ?? null;
  if (id === null || !LOCATIONS_WITH_ID.includes(place.locationKind)) return;
  if (place.locationKind === 'customer') {
    const [c] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.groupId, groupId)));
    if (!c) throw invalidField(field, 'feedback.validation.invalid');
    return;
  }
  const [site] = await tx
    .select({ type: cylinderHandlingSites.type })
    .from(cylinderHandlingSites)
    .where(and(eq(cylinderHandlingSites.id, id), isNull(cylinderHandlingSites.deletedAt)));
  if (!site || (site.type !== 'both' && site.type !== place.locationKind)) throw invalidField(field, 'feedback.validation.invalid');
}

/** A cylinder the caller may touch (its owning store is one of theirs), locked for a write; 404 otherwise. */
export async function loadCylinder(tx: Executor, ctx: Ctx, id: number) {
  const [row] = await tx
    .select()
    .from(cylinders)
    .where(and(eq(cylinders.id, id), isNull(cylinders.deletedAt)))
    .for('update');
  if (!row) throw notFound();
  assertStore(ctx, row.storeId);
  return row;
}

/** Registers a cylinder (key-in, or the registry's "add"): audited, its label starts its history. */
export async function createCylinder(db: Db, ctx: Ctx, body: z.output<typeof cylinderCreateBody>): Promise<CylinderRow> {
  const id = await db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    await assertSite(tx, body.handlingSiteId);
    await assertPlace(tx, store.groupId, body);
    await assertCodesFree(tx, store.groupId, [{ containerNo: body.containerNo, labelNo: body.labelNo, path: '' }]);
    const { today, rules } = await inspectionDayOf(tx, store.groupId);
    const row = await insertAudited(tx, ctx, cylinders, newCylinderValues(body, store.groupId, store.id, rules));
    await recordLabels(tx, [row], today, ctx.user.id);
    return row.id;
  });
  return getCylinderRow(db, ctx, id);
}

/**
 * Edits the registry fields (where the cylinder is changes only through movements). A new label
 * number closes the old label's history. The owning store may change within the group.
 */
export async function updateCylinder(db: Db, ctx: Ctx, id: number, body: z.output<typeof cylinderBody>): Promise<CylinderRow> {
  await db.transaction(async (tx) => {
    const before = await loadCylinder(tx, ctx, id);
    const store = await storeOf(tx, ctx, body.storeId);
    if (store.groupId !== before.groupId) throw invalidField('storeId', 'feedback.validation.invalid');
    await assertSite(tx, body.handlingSiteId);
    await assertCodesFree(tx, before.groupId, [{ containerNo: body.containerNo, labelNo: body.labelNo, path: '' }], id);
    const { today, rules } = await inspectionDayOf(tx, before.groupId);
    await updateAudited(tx, ctx, cylinders, id, { ...registryValues(body, rules), storeId: store.id, updatedAt: new Date() });
    if (before.labelNo !== body.labelNo) {
      await changeLabel(tx, before, body.labelNo, today, ctx.user.id);
    }
  });
  return getCylinderRow(db, ctx, id);
}

/**
 * Removes a cylinder from the registry (a wrong entry): its number is free again, its history
 * stays. A cylinder taken out of service is scrapped instead (a movement).
 */
export async function deleteCylinder(db: Db, ctx: Ctx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await loadCylinder(tx, ctx, id);
    await updateAudited(tx, ctx, cylinders, id, { deletedAt: new Date(), updatedAt: new Date() });
  });
}
