import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { V, type OrderDetail, type deliveredBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { storeOf } from '../../platform/tenancy.js';
import { getOrder } from './get-order.js';
import { assertCan, customerForOrder, loadOrder, statusSnapshot, type OrderRow } from './order-rules.js';
import { orders } from './orders.schema.js';
import { repriceDelivery } from './price-order.js';

// The delivery steps of an order: the driver leaves, the order is delivered (or picked up at the counter).

async function simpleTransition(
  db: Db,
  ctx: Ctx,
  id: number,
  action: 'start' | 'complete',
  patch: Partial<OrderRow>,
): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, action, order);
    if (action === 'complete' && order.customerId == null) throw invalidField('customerId', V.selectCustomer);
    const [after] = await tx
      .update(orders)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(orders.id, id))
      .returning();
    await recordAction(tx, ctx, {
      entity: 'orders',
      entityId: id,
      action,
      groupId: order.groupId,
      before: statusSnapshot(order),
      after: statusSnapshot(after!),
    });
    return getOrder(tx, ctx, id);
  });
}

/** The driver has left with the order. */
export const startDelivery = (db: Db, ctx: Ctx, id: number) => simpleTransition(db, ctx, id, 'start', { status: 'delivering' });

/** A counter sale picked up at the store: completed without delivery. */
export const completeOrder = (db: Db, ctx: Ctx, id: number) =>
  simpleTransition(db, ctx, id, 'complete', { status: 'completed', completedAt: new Date() });

/** Delivered: the weighed gas and the residual gas of the returned cylinder re-price the order; it is completed. */
export async function markDelivered(db: Db, ctx: Ctx, id: number, body: z.infer<typeof deliveredBody>): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'delivered', order);
    const store = await storeOf(tx, ctx, order.storeId);
    const customer = await customerForOrder(tx, store.id, order.customerId);
    const { scaleDeviceId, ...weights } = body;
    const priced = await repriceDelivery(tx, order, store, customer, weights);
    const now = new Date();
    const [after] = await tx
      .update(orders)
      .set({
        ...priced,
        scaleDeviceId: scaleDeviceId ?? order.scaleDeviceId,
        status: 'completed',
        deliveredAt: now,
        completedAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, id))
      .returning();
    await recordAction(tx, ctx, {
      entity: 'orders',
      entityId: id,
      action: 'delivered',
      groupId: order.groupId,
      before: statusSnapshot(order),
      after: statusSnapshot(after!),
    });
    return getOrder(tx, ctx, id);
  });
}
