import { V, type FieldLine, type MovementKind } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { moveCylindersInTransaction } from '../cylinders/index.js';

export type MoveCodes = {
  storeId: number;
  kind: MovementKind;
  docDate: string;
  sourceDocNo: string | null;
  customerId: number | null;
  handlingSiteId: number | null;
  codes: string[];
  remark: string | null;
  /** An order's cylinders (deliver) or a stock document of the phone (return, refill). */
  source: 'order' | 'document';
  /** The payload field the codes came from (`handedOver`, `codes`…), for the per-code messages. */
  path: string;
  /** Each code's position in that field when `codes` is a subset of it (default: the same positions). */
  positions?: number[];
};

export type Moved = { lines: FieldLine[]; errors: Record<string, string> };

/**
 * Moves scanned cylinders as one stock document of the cylinders module, in the action's
 * transaction: an unknown code ("no matching field") or a cylinder the state machine refuses (moved
 * meanwhile, overdue…) becomes pending data for the office and a message on its code; the action
 * goes on.
 */
export async function moveCodes(tx: Executor, ctx: Ctx, m: MoveCodes): Promise<Moved> {
  if (m.codes.length === 0) return { lines: [], errors: {} };
  const doc = await moveCylindersInTransaction(
    tx,
    ctx,
    {
      storeId: m.storeId,
      kind: m.kind,
      docDate: m.docDate,
      docNo: null,
      sourceDocNo: m.sourceDocNo,
      customerId: m.customerId,
      handlingSiteId: m.handlingSiteId,
      codes: m.codes,
      overrideReason: null,
      remark: m.remark,
    },
    m.source,
  );
  const errors: Record<string, string> = {};
  const lines: FieldLine[] = doc.lines.map((l) => {
    if (l.result === 'pending') {
      const i = m.codes.indexOf(l.code);
      const at = i < 0 ? l.lineNo - 1 : (m.positions?.[i] ?? i);
      errors[`${m.path}.${at}`] = l.reason === 'unknownCylinder' || l.reason === null ? V.noMatchingField : `cylinders.problem.${l.reason}`;
    }
    return {
      code: l.code,
      movement: m.kind,
      cylinderId: l.cylinderId,
      result: l.result,
      reason: l.reason,
      pendingId: l.pendingId,
      residualG: null,
    };
  });
  return { lines, errors };
}

/** Lines of codes that were not moved because the cylinder is already where the action brings it. */
export function unchangedLine(code: string, movement: MovementKind, cylinderId: number): FieldLine {
  return { code, movement, cylinderId, result: 'unchanged', reason: null, pendingId: null, residualG: null };
}
