import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderDetail, paymentBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { getOrder } from './get-order.js';
import { insertPayment } from './insert-payment.js';
import { assertCan, loadOrder, statusSnapshot } from './order-rules.js';
import { orders } from './orders.schema.js';

/**
 * Posts the payment of a completed order (cash or bill): a payment record and the status
 * payment_posted in one transaction. Orders on a monthly bill are paid through the bill.
 */
export async function payOrder(db: Db, ctx: Ctx, id: number, body: z.infer<typeof paymentBody>): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'pay', order);
    if (order.monthlyBillId != null) throw conflict('orders.error.onMonthlyBill');
    const payment = await insertPayment(
      tx,
      ctx,
      { groupId: order.groupId, storeId: order.storeId, customerId: order.customerId, orderId: order.id },
      order.totalAmount,
      body,
    );
    const [after] = await tx
      .update(orders)
      .set({ status: 'payment_posted', paidAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    await recordAction(tx, ctx, { entity: 'payments', entityId: payment.id, action: 'create', groupId: order.groupId, after: payment });
    await recordAction(tx, ctx, {
      entity: 'orders',
      entityId: id,
      action: 'pay',
      groupId: order.groupId,
      before: statusSnapshot(order),
      after: statusSnapshot(after!),
    });
    return getOrder(tx, ctx, id);
  });
}
