import { eq } from 'drizzle-orm';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { getOrder } from './get-order.js';
import { assertCan } from './order-rules.js';
import { orders } from './orders.schema.js';

/** Only placed or cancelled orders can be deleted; their lines go with them (ON DELETE CASCADE). */
export async function deleteOrder(db: Db, ctx: Ctx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await getOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'delete', order);
    await tx.delete(orders).where(eq(orders.id, id));
    await recordAction(tx, ctx, { entity: 'orders', entityId: id, action: 'delete', groupId: order.groupId, before: order });
  });
}
