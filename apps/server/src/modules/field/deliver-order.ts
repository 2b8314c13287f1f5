import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { canOrder, deliveredBody, V, type deliverPayload, type FieldConflictReason, type FieldLine } from '@gasops/shared';
import { AppError, invalidField } from '../../platform/errors.js';
import { storeScope } from '../../platform/tenancy.js';
import { deliverOrderInTransaction } from '../orders/index.js';
import { orders } from '../orders/orders.schema.js';
import { outcome, withPendingReason, type ActionContext, type ActionOutcome } from './field-action.js';
import { cylindersByCodes, sameCylinderTwice } from './field-cylinders.js';
import { moveCodes } from './move-codes.js';

type Payload = z.output<typeof deliverPayload>;

/** Residual gas of a weighed empty: gross − tare, never below zero; null when not weighed or the tare is unknown. */
export function residualOf(grossG: number | null | undefined, tareG: number | null): number | null {
  if (grossG == null || tareG == null) return null;
  return Math.max(0, grossG - tareG);
}

/**
 * deliver (gasRound), in the action's transaction: the order is delivered through the orders
 * module's own transition (re-priced with the weighed gas and the residual gas of the empties taken
 * back, refunded or kept as the customer's gas credit, completed, audited); the full cylinders go
 * out as sales to the customer and the empties come back (collection in) through the cylinders
 * module; the proof (signature, photo, position) and the payment collected are kept on the action.
 *
 * An order cancelled, already delivered or otherwise no longer open is a conflict: the order is left
 * as it is, the cylinders still move (they did, at the door) and the office sees the action.
 */
export async function deliverOrder(a: ActionContext, p: Payload): Promise<ActionOutcome> {
  const { tx, ctx } = a;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, p.orderId), eq(orders.groupId, a.groupId), storeScope(ctx, orders.storeId)))
    .for('update');
  if (!order) throw new AppError(404, 'feedback.error.notFound', undefined, { orderId: 'feedback.error.notFound' });

  const found = await cylindersByCodes(tx, a.groupId, [...p.handedOver, ...p.takenBack.map((t) => t.code)]);
  const twice = sameCylinderTwice(found, [
    { path: 'handedOver', codes: p.handedOver },
    { path: 'takenBack', codes: p.takenBack.map((t) => t.code) },
  ]);
  if (twice.length) throw invalidField(twice[0]!, V.duplicateCylinder);

  // Residual gas per empty (gross − tare from the registry), and the gas delivered.
  const residuals = p.takenBack.map((t) => residualOf(t.grossG, found.get(t.code)?.tareG ?? null));
  const residualGasG = residuals.reduce<number>((sum, r) => sum + (r ?? 0), 0);
  const nominalG = p.handedOver.reduce((sum, code) => sum + (found.get(code)?.sizeKg ?? 0) * 1000, 0);
  const gasWeightG = p.gasWeightG ?? (nominalG > 0 ? nominalG : order.gasWeightG);

  const reasons: FieldConflictReason[] = [];
  let after = order;
  if (canOrder('delivered', order.status)) {
    const body = deliveredBody.safeParse({
      gasWeightG,
      residualGasG,
      propaneWeightG: order.propaneWeightG,
      propaneResidualG: Math.min(order.propaneResidualG, order.propaneWeightG),
      gasStatus: p.gasStatus,
    });
    if (!body.success) {
      const fields: Record<string, string> = {};
      for (const issue of body.error.issues) {
        const field = issue.path[0] === 'residualGasG' ? 'takenBack' : String(issue.path[0] ?? 'gasWeightG');
        fields[field] ??= issue.message;
      }
      throw new AppError(400, Object.values(fields)[0] ?? V.invalid, undefined, fields);
    }
    after = await deliverOrderInTransaction(tx, ctx, order.id, body.data);
  } else {
    reasons.push(
      order.status === 'cancelled'
        ? 'orderCancelled'
        : order.status === 'completed' || order.status === 'payment_posted'
          ? 'orderAlreadyDelivered'
          : 'orderNotOpen',
    );
  }

  const common = {
    storeId: order.storeId,
    docDate: a.date,
    sourceDocNo: order.orderNo,
    handlingSiteId: null,
    remark: null,
    source: 'order' as const,
  };
  const out = await moveCodes(tx, ctx, {
    ...common,
    kind: 'sales_out',
    customerId: order.customerId,
    codes: p.handedOver,
    path: 'handedOver',
  });
  const back = await moveCodes(tx, ctx, {
    ...common,
    kind: 'collection_in',
    customerId: null,
    codes: p.takenBack.map((t) => t.code),
    path: 'takenBack',
  });
  const backLines: FieldLine[] = back.lines.map((l) => ({
    ...l,
    residualG: residuals[p.takenBack.findIndex((t) => t.code === l.code)] ?? null,
  }));

  return withPendingReason(
    outcome({
      reasons,
      errors: { ...out.errors, ...back.errors },
      lines: [...out.lines, ...backLines],
      storeId: order.storeId,
      orderId: order.id,
      orderStatus: after.status,
      totalAmount: after.totalAmount,
      customerId: order.customerId,
      paymentType: p.paymentType,
      cashAmount: p.paymentType === 'cash' ? p.cashAmount : 0,
      signaturePath: await a.proof.save('signature', p.signature, 'signature'),
      photoPath: await a.proof.save('photo', p.photo, 'photo'),
      position: p.position,
    }),
  );
}
