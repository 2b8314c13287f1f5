import type { z } from 'zod';
import type { cylinderBulkBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { storeOf, type StoreRow } from '../../platform/tenancy.js';
import { cylinders } from './cylinders.schema.js';
import { assertCodesFree, newCylinderValues, recordLabels, type CylinderCreateIn } from './cylinder-values.js';
import { inspectionDayOf } from './inspection-day.js';
import { assertPlace, assertSite } from './save-cylinder.js';

/** Row `i`'s cylinder, owned by `store`. */
export type NewCylinder = { row: number; store: StoreRow; value: CylinderCreateIn };

/**
 * Inserts checked cylinders in one statement (the caller's transaction), starts their label
 * histories and writes one action-log row naming them all. Duplicate numbers → 409 with the
 * seed's message on each row's field (`rows.<i>.containerNo`).
 */
export async function insertCylinders(tx: Executor, ctx: Ctx, groupId: number, list: NewCylinder[], action: string): Promise<number[]> {
  if (list.length === 0) return [];
  await assertCodesFree(
    tx,
    groupId,
    list.map((n) => ({ containerNo: n.value.containerNo, labelNo: n.value.labelNo, path: `rows.${n.row}.` })),
  );
  const { today, rules } = await inspectionDayOf(tx, groupId);
  const inserted = await tx
    .insert(cylinders)
    .values(list.map((n) => newCylinderValues(n.value, groupId, n.store.id, rules)))
    .returning();
  await recordLabels(tx, inserted, today, ctx.user.id);
  await recordAction(tx, ctx, {
    entity: 'cylinders',
    action,
    groupId,
    after: { count: inserted.length, ids: inserted.map((r) => r.id), containerNos: inserted.map((r) => r.containerNo) },
  });
  return inserted.map((r) => r.id);
}

/** Key-in of many cylinders (CylinderMaintenanceKeyIn): every row is saved, or none. */
export async function keyInCylinders(
  db: Db,
  ctx: Ctx,
  body: z.output<typeof cylinderBulkBody>,
): Promise<{ created: number; ids: number[] }> {
  return db.transaction(async (tx) => {
    const main = await storeOf(tx, ctx, body.storeId);
    const storesById = new Map([[main.id, main]]);
    const list: NewCylinder[] = [];
    const sites = new Set<number>();
    for (const [i, row] of body.rows.entries()) {
      const storeId = row.storeId ?? main.id;
      let store = storesById.get(storeId);
      if (!store) {
        store = await storeOf(tx, ctx, storeId);
        storesById.set(storeId, store);
      }
      if (store.groupId !== main.groupId) throw invalidField(`rows.${i}.storeId`, 'feedback.validation.invalid');
      if (row.handlingSiteId !== null && !sites.has(row.handlingSiteId)) {
        await assertSite(tx, row.handlingSiteId, `rows.${i}.handlingSiteId`);
        sites.add(row.handlingSiteId);
      }
      await assertPlace(tx, main.groupId, row, `rows.${i}.locationId`);
      list.push({ row: i, store, value: row });
    }
    const ids = await insertCylinders(tx, ctx, main.groupId, list, 'keyIn');
    return { created: ids.length, ids };
  });
}
