import type { OrderDetail } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { getOrder } from './get-order.js';
import { assertCan, changeOrder, loadOrder } from './order-rules.js';

/** Cancels an order before delivery, with the reason. */
export async function cancelOrder(db: Db, ctx: Ctx, id: number, reason: string): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'cancel', order);
    await changeOrder(tx, ctx, order, 'cancel', { status: 'cancelled', cancelReason: reason, cancelledAt: new Date() });
    return getOrder(tx, ctx, id);
  });
}
