import type { z } from 'zod';
import { V, type FieldLine, type returnPayload } from '@gasops/shared';
import { invalidField } from '../../platform/errors.js';
import { outcome, withPendingReason, type ActionContext, type ActionOutcome } from './field-action.js';
import { cylindersByCodes, sameCylinderTwice } from './field-cylinders.js';
import { moveCodes, unchangedLine } from './move-codes.js';

type Payload = z.output<typeof returnPayload>;

/**
 * return (gasReturn): the cylinders brought back to a store at the end of the round, as return in
 * (or collection in) from the customers'. A cylinder already at a store (a full one that was not
 * delivered) is left as it is (`unchanged`); an unknown code or a refused movement waits in pending
 * data and makes the action a conflict.
 */
export async function returnCylinders(a: ActionContext, p: Payload): Promise<ActionOutcome> {
  const found = await cylindersByCodes(a.tx, a.groupId, p.codes);
  const twice = sameCylinderTwice(found, [{ path: 'codes', codes: p.codes }]);
  if (twice.length) throw invalidField(twice[0]!, V.duplicateCylinder);
  const unchanged: FieldLine[] = [];
  const toMove: string[] = [];
  const positions: number[] = [];
  p.codes.forEach((code, i) => {
    const c = found.get(code);
    if (c && c.locationKind === 'store') unchanged.push(unchangedLine(code, p.movement, c.id));
    else {
      toMove.push(code);
      positions.push(i);
    }
  });
  const moved = await moveCodes(a.tx, a.ctx, {
    storeId: p.storeId,
    kind: p.movement,
    docDate: a.date,
    sourceDocNo: null,
    customerId: null,
    handlingSiteId: null,
    codes: toMove,
    remark: p.remark,
    source: 'document',
    path: 'codes',
    positions,
  });
  const lineOf = new Map([...unchanged, ...moved.lines].map((l) => [l.code, l]));
  return withPendingReason(
    outcome({ errors: moved.errors, lines: p.codes.map((c) => lineOf.get(c)!).filter(Boolean), storeId: p.storeId }),
  );
}
