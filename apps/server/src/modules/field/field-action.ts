import type { FieldConflictReason, FieldLine, OrderStatus, PaymentType } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import type { InspectionDay } from '../cylinders/index.js';
import type { ProofFiles } from './store-proof.js';

/** What every action service gets: the action's own transaction, its field_actions row and the group's day. */
export type ActionContext = {
  tx: Tx;
  ctx: Ctx;
  groupId: number;
  /** The phone's UUID of the action. */
  actionId: string;
  /** The action's field_actions row (inserted first, in this transaction). */
  rowId: number;
  deviceTime: Date;
  /** The group's date the action was made (device time, never later than now): its documents' and inspection's date. */
  date: string;
  day: InspectionDay;
  proof: ProofFiles;
};

/** What an action did, for its stored row and its answer. `errors` holds i18n keys by field. */
export type ActionOutcome = {
  reasons: FieldConflictReason[];
  errors: Record<string, string>;
  lines: FieldLine[];
  storeId: number | null;
  orderId: number | null;
  orderStatus: OrderStatus | null;
  totalAmount: number | null;
  customerId: number | null;
  inspectionId: number | null;
  paymentType: PaymentType | null;
  cashAmount: number | null;
  signaturePath: string | null;
  photoPath: string | null;
  position: { lat: number; lng: number; accuracyM: number | null } | null;
};

export function outcome(over: Partial<ActionOutcome>): ActionOutcome {
  return {
    reasons: [],
    errors: {},
    lines: [],
    storeId: null,
    orderId: null,
    orderStatus: null,
    totalAmount: null,
    customerId: null,
    inspectionId: null,
    paymentType: null,
    cashAmount: null,
    signaturePath: null,
    photoPath: null,
    position: null,
    ...over,
  };
}

/** Adds the cylinders' conflict reason when any line waits in pending data. */
export function withPendingReason(o: ActionOutcome): ActionOutcome {
  if (o.lines.some((l) => l.result === 'pending') && !o.reasons.includes('cylindersPending')) o.reasons.push('cylindersPending');
  return o;
}
