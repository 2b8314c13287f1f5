import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderDetail, orderBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { runOnce, type Once } from '../../platform/idempotency.js';
import { storeOf } from '../../platform/tenancy.js';
import { getOrder, orderDetail } from './get-order.js';
import { insertOrder } from './insert-order.js';
import { deleteLines, insertLines } from './order-lines.js';
import { assertCan, customerForOrder } from './order-rules.js';
import { orders } from './orders.schema.js';
import { priceDraft } from './price-order.js';

type Body = z.infer<typeof orderBody>;

/** Creates a staff order (status placed) in one transaction; once per Idempotency-Key. */
export async function createOrder(db: Db, ctx: Ctx, body: Body, idempotencyKey?: string): Promise<Once<OrderDetail>> {
  return runOnce(db, `orders:user:${ctx.user.id}`, idempotencyKey, async (tx: Tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    const customer = await customerForOrder(tx, store.id, body.customerId);
    const order = await insertOrder(tx, store, customer, body, { source: 'staff', createdBy: ctx.user.id });
    await recordAction(tx, ctx, { entity: 'orders', entityId: order.id, action: 'create', groupId: store.groupId, after: order });
    return order;
  });
}

/** Edits an order still before delivery: fields and lines replaced, amounts re-priced once. */
export async function updateOrder(db: Db, ctx: Ctx, id: number, body: Body): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const before = await getOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'edit', before);
    // an order stays in its store; a different storeId in the body is ignored on purpose
    const store = await storeOf(tx, ctx, before.storeId);
    const customer = await customerForOrder(tx, store.id, body.customerId);
    const { values, lines, previous } = await priceDraft(tx, store, customer, body, id);
    await deleteLines(tx, id);
    const written = await insertLines(tx, { id, groupId: store.groupId, storeId: store.id, customerId: customer?.id ?? null }, lines);
    const [order] = await tx
      .update(orders)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    // an edit keeps the delivery person; an order before delivery has no payments (paying needs completed)
    const after = orderDetail(
      order!,
      {
        storeName: store.name,
        customerName: customer?.name ?? null,
        customerPhone: customer?.phone ?? null,
        deliveryPersonName: before.deliveryPersonName,
        previousOrderNo: previous?.orderNo ?? null,
      },
      { ...written, payments: [] },
    );
    await recordAction(tx, ctx, { entity: 'orders', entityId: id, action: 'edit', groupId: store.groupId, before, after });
    return after;
  });
}
