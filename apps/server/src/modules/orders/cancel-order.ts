import { eq } from 'drizzle-orm';
import type { OrderDetail } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { getOrder } from './get-order.js';
import { assertCan, loadOrder, statusSnapshot } from './order-rules.js';
import { orders } from './orders.schema.js';

/** Cancels an order before delivery, with the reason. */
export async function cancelOrder(db: Db, ctx: Ctx, id: number, reason: string): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'cancel', order);
    const [after] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelReason: reason, cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    await recordAction(tx, ctx, {
      entity: 'orders',
      entityId: id,
      action: 'cancel',
      groupId: order.groupId,
      before: statusSnapshot(order),
      after: statusSnapshot(after!),
    });
    return getOrder(tx, ctx, id);
  });
}
