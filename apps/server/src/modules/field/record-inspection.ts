import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CHECK_ITEMS, V, type examinePayload } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { AppError, invalidField } from '../../platform/errors.js';
import { storeScope } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { outcome, type ActionContext, type ActionOutcome } from './field-action.js';
import { cylindersByCodes, sameCylinderTwice, toFieldCylinder } from './field-cylinders.js';
import { inspections } from './field.schema.js';

type Payload = z.output<typeof examinePayload>;

/**
 * examine (gasExamine): a gas safety inspection at a customer's of the inspector's stores, kept with
 * its checklist, the failed items, the cylinders scanned there with their inspection status on the
 * group's today, the signature and photo files, the position and the next inspection date.
 * Unknown codes are kept as scanned (another shop's cylinder may stand there).
 */
export async function recordInspection(a: ActionContext, p: Payload): Promise<ActionOutcome> {
  const { tx, ctx } = a;
  const [customer] = await tx
    .select({ id: customers.id, storeId: customers.storeId })
    .from(customers)
    .where(and(eq(customers.id, p.customerId), eq(customers.groupId, a.groupId), storeScope(ctx, customers.storeId)));
  if (!customer) throw new AppError(404, 'feedback.error.notFound', undefined, { customerId: V.selectCustomer });
  const found = await cylindersByCodes(tx, a.groupId, p.codes);
  const twice = sameCylinderTwice(found, [{ path: 'codes', codes: p.codes }]);
  if (twice.length) throw invalidField(twice[0]!, V.duplicateCylinder);
  const scanned = p.codes.map((code) => {
    const c = found.get(code);
    return { code, cylinderId: c?.id ?? null, inspectionStatus: c ? toFieldCylinder(c, a.day).inspectionStatus : null };
  });
  const signaturePath = await a.proof.save('signature', p.signature, 'signature');
  const photoPath = await a.proof.save('photo', p.photo, 'photo');
  const [row] = await tx
    .insert(inspections)
    .values({
      groupId: a.groupId,
      storeId: customer.storeId,
      customerId: customer.id,
      inspectorId: ctx.user.id,
      fieldActionId: a.rowId,
      inspectionDate: a.date,
      inspectedAt: a.deviceTime,
      result: p.result,
      items: p.items,
      failedItems: CHECK_ITEMS.filter((k) => p.items[k].result === 'fail'),
      cylinders: scanned,
      nextDueDate: p.nextDueDate,
      signaturePath,
      photoPath,
      latitude: p.position?.lat ?? null,
      longitude: p.position?.lng ?? null,
      accuracyM: p.position?.accuracyM ?? null,
      remark: p.remark,
    })
    .returning();
  await recordAction(tx, ctx, { entity: 'inspections', entityId: row!.id, action: 'create', groupId: a.groupId, after: row });
  return outcome({
    storeId: customer.storeId,
    customerId: customer.id,
    inspectionId: row!.id,
    signaturePath,
    photoPath,
    position: p.position,
  });
}
