import type { z } from 'zod';
import type { paymentBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { payments } from './orders.schema.js';

/** What a payment settles: one order, or one monthly bill (and through it its orders). */
export type PaymentOf = { groupId: number; storeId: number; customerId: number | null } & (
  { orderId: number; monthlyBillId?: never } | { monthlyBillId: number; orderId?: never }
);

/**
 * Writes the payment record of an order or a bill, and its action-log row, once its amounts add up to
 * what is due (a total at or below zero, refunds exceeding charges, is settled with a zero payment).
 */
export async function insertPayment(tx: Tx, ctx: Ctx, of: PaymentOf, due: number, body: z.infer<typeof paymentBody>) {
  if (body.cashAmount + body.billAmount !== Math.max(0, due)) {
    throw invalidField(body.paymentType === 'bill' ? 'billAmount' : 'cashAmount', 'orders.validation.paymentTotal');
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      ...of,
      postingDate: body.postingDate,
      paymentType: body.paymentType,
      cashAmount: body.cashAmount,
      billAmount: body.billAmount,
      billNumber: body.billNumber,
      invoiceNumber: body.invoiceNumber,
      remark: body.remark,
      createdBy: ctx.user.id,
    })
    .returning();
  await recordAction(tx, ctx, { entity: 'payments', entityId: payment!.id, action: 'create', groupId: of.groupId, after: payment });
  return payment!;
}
