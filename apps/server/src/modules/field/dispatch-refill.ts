import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { V, type fillingInPayload, type packagingPayload } from '@gasops/shared';
import { invalidField } from '../../platform/errors.js';
import { cylinderHandlingSites } from '../system/system.schema.js';
import { outcome, withPendingReason, type ActionContext, type ActionOutcome } from './field-action.js';
import { cylindersByCodes, sameCylinderTwice } from './field-cylinders.js';
import { moveCodes } from './move-codes.js';

/** 400 on handlingSiteId unless it is a filling plant (filling, or filling and inspection). */
async function assertFillingPlant(a: ActionContext, id: number): Promise<void> {
  const [site] = await a.tx
    .select({ id: cylinderHandlingSites.id })
    .from(cylinderHandlingSites)
    .where(
      and(
        eq(cylinderHandlingSites.id, id),
        isNull(cylinderHandlingSites.deletedAt),
        inArray(cylinderHandlingSites.type, ['filling', 'both']),
      ),
    );
  if (!site) throw invalidField('handlingSiteId', 'field.validation.handlingSite');
}

async function refill(
  a: ActionContext,
  p: { storeId: number; handlingSiteId: number | null; codes: string[]; remark: string | null },
  kind: 'filling_out' | 'filling_in',
): Promise<ActionOutcome> {
  if (p.handlingSiteId !== null) await assertFillingPlant(a, p.handlingSiteId);
  const found = await cylindersByCodes(a.tx, a.groupId, p.codes);
  const twice = sameCylinderTwice(found, [{ path: 'codes', codes: p.codes }]);
  if (twice.length) throw invalidField(twice[0]!, V.duplicateCylinder);
  const moved = await moveCodes(a.tx, a.ctx, {
    storeId: p.storeId,
    kind,
    docDate: a.date,
    sourceDocNo: null,
    customerId: null,
    handlingSiteId: p.handlingSiteId,
    codes: p.codes,
    remark: p.remark,
    source: 'document',
    path: 'codes',
  });
  return withPendingReason(outcome({ errors: moved.errors, lines: moved.lines, storeId: p.storeId }));
}

/**
 * packaging (gasPackaging): empties sent to a filling plant (filling out; the inspection gate of the
 * cylinders module refuses an overdue cylinder into pending data: filling it is prosecuted).
 */
export async function dispatchRefill(a: ActionContext, p: z.output<typeof packagingPayload>): Promise<ActionOutcome> {
  return refill(a, p, 'filling_out');
}

/** filling-in (gasPackaging): the full cylinders received back from the filling plant (filling in). */
export async function receiveRefill(a: ActionContext, p: z.output<typeof fillingInPayload>): Promise<ActionOutcome> {
  return refill(a, p, 'filling_in');
}
