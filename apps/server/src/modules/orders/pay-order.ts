import type { z } from 'zod';
import type { OrderDetail, paymentBody } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { getOrder } from './get-order.js';
import { insertPayment } from './insert-payment.js';
import { assertCan, changeOrder, loadOrder } from './order-rules.js';

/**
 * Posts the payment of a completed order (cash or bill): a payment record and the status
 * payment_posted in one transaction. Orders on a monthly bill are paid through the bill.
 */
export async function payOrder(db: Db, ctx: Ctx, id: number, body: z.infer<typeof paymentBody>): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'pay', order);
    if (order.monthlyBillId != null) throw conflict('orders.error.onMonthlyBill');
    await insertPayment(
      tx,
      ctx,
      { groupId: order.groupId, storeId: order.storeId, customerId: order.customerId, orderId: order.id },
      order.totalAmount,
      body,
    );
    await changeOrder(tx, ctx, order, 'pay', { status: 'payment_posted', paidAt: new Date() });
    return getOrder(tx, ctx, id);
  });
}
