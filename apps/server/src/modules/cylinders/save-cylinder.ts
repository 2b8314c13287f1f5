import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { CylinderRow, cylinderBody, cylinderCreateBody } from '@gasops/shared';
import { insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { assertStore, storeOf } from '../../platform/tenancy.js';
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
    await assertCodesFree(tx, store.groupId, [{ containerNo: body.containerNo, labelNo: body.labelNo, path: '' }]);
    const row = await insertAudited(tx, ctx, cylinders, newCylinderValues(body, store.groupId, store.id));
    const { today } = await inspectionDayOf(tx, store.groupId);
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
    await updateAudited(tx, ctx, cylinders, id, { ...registryValues(body), storeId: store.id, updatedAt: new Date() });
    if (before.labelNo !== body.labelNo) {
      const { today } = await inspectionDayOf(tx, before.groupId);
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
