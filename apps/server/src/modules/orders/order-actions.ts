import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { V, type deliveredBody, type dispatchBody, type paymentBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { conflict, invalidField } from '../../platform/errors.js';
import { groupToday } from '../../platform/tenancy.js';
import { dbRefusals, storeOf } from '../customers/store-of.js';
import { isDeliveryPerson } from '../catalogue/delivery-persons.js';
import { assertCan, customerForOrder, loadOrder, repriceDelivery, type OrderRow } from './order-core.js';
import { getOrder } from './list-orders.js';
import { orders, payments } from './orders.schema.js';

const snapshot = (o: OrderRow) => ({
  status: o.status,
  deliveryPersonId: o.deliveryPersonId,
  deliveryAt: o.deliveryAt,
  totalAmount: o.totalAmount,
  gasWeightG: o.gasWeightG,
  residualGasG: o.residualGasG,
  gasRefundAmount: o.gasRefundAmount,
  cancelReason: o.cancelReason,
});

/**
 * Assigns orders to a delivery person and time (or reassigns them), all in one transaction. Each
 * order needs a customer (seed §5 "must select customer"), the person must be one of the store's
 * delivery persons, and the status must allow it.
 */
export async function dispatchOrders(db: Db, ctx: Ctx, body: z.infer<typeof dispatchBody>) {
  return db.transaction(async (tx) => {
    const ids = [...new Set(body.orderIds)];
    const result: OrderRow[] = [];
    for (const [i, id] of ids.entries()) {
      const order = await loadOrder(tx, ctx, id, true);
      assertCan(ctx.locale, 'dispatch', order);
      if (order.customerId == null) throw invalidField(ids.length === 1 ? 'customerId' : `orderIds.${i}`, V.selectCustomer);
      if (!(await isDeliveryPerson(tx, order.storeId, body.deliveryPersonId))) throw invalidField('deliveryPersonId', V.selectDeliveryPerson);
      const [after] = await tx
        .update(orders)
        .set({ status: 'not_delivered', deliveryPersonId: body.deliveryPersonId, deliveryAt: new Date(body.deliveryAt), updatedAt: new Date() })
        .where(eq(orders.id, id))
        .returning();
      await recordAction(tx, ctx, { entity: 'orders', entityId: id, action: order.status === 'placed' ? 'dispatch' : 'reassign', groupId: order.groupId, before: snapshot(order), after: snapshot(after!) });
      result.push(after!);
    }
    return { dispatched: result.length, orders: result.map((o) => ({ id: o.id, orderNo: o.orderNo, status: o.status })) };
  });
}

async function simpleTransition(db: Db, ctx: Ctx, id: number, action: 'start' | 'complete', patch: Partial<OrderRow>) {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, action, order);
    if (action === 'complete' && order.customerId == null) throw invalidField('customerId', V.selectCustomer);
    const [after] = await tx.update(orders).set({ ...patch, updatedAt: new Date() }).where(eq(orders.id, id)).returning();
    await recordAction(tx, ctx, { entity: 'orders', entityId: id, action, groupId: order.groupId, before: snapshot(order), after: snapshot(after!) });
    return getOrder(tx, ctx, id);
  });
}

/** The driver has left with the order. */
export const startDelivery = (db: Db, ctx: Ctx, id: number) => simpleTransition(db, ctx, id, 'start', { status: 'delivering' });

/** A counter sale picked up at the store: completed without delivery. */
export const completeOrder = (db: Db, ctx: Ctx, id: number) => simpleTransition(db, ctx, id, 'complete', { status: 'completed', completedAt: new Date() });

/** Delivered: the weighed gas and the residual gas of the returned cylinder re-price the order; it is completed. */
export async function markDelivered(db: Db, ctx: Ctx, id: number, body: z.infer<typeof deliveredBody>) {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'delivered', order);
    const store = await storeOf(tx, ctx, order.storeId);
    const customer = await customerForOrder(tx, store.id, order.customerId);
    const priced = await repriceDelivery(tx, order, store, customer, body);
    const now = new Date();
    const [after] = await tx
      .update(orders)
      .set({ ...priced, scaleDeviceId: body.scaleDeviceId ?? order.scaleDeviceId, status: 'completed', deliveredAt: now, completedAt: now, updatedAt: now })
      .where(eq(orders.id, id))
      .returning();
    await recordAction(tx, ctx, { entity: 'orders', entityId: id, action: 'delivered', groupId: order.groupId, before: snapshot(order), after: snapshot(after!) });
    return getOrder(tx, ctx, id);
  });
}

export async function cancelOrder(db: Db, ctx: Ctx, id: number, reason: string) {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'cancel', order);
    const [after] = await tx.update(orders).set({ status: 'cancelled', cancelReason: reason, cancelledAt: new Date(), updatedAt: new Date() }).where(eq(orders.id, id)).returning();
    await recordAction(tx, ctx, { entity: 'orders', entityId: id, action: 'cancel', groupId: order.groupId, before: snapshot(order), after: snapshot(after!) });
    return getOrder(tx, ctx, id);
  });
}

/** Only placed or cancelled orders can be deleted; their lines go with them. */
export async function deleteOrder(db: Db, ctx: Ctx, id: number) {
  return dbRefusals(() => db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'delete', order);
    const full = await getOrder(tx, ctx, id);
    await tx.delete(orders).where(eq(orders.id, id));
    await recordAction(tx, ctx, { entity: 'orders', entityId: id, action: 'delete', groupId: order.groupId, before: full });
  }));
}

/**
 * Posts the payment of a completed order (cash or bill): a payment record and the status
 * payment_posted in one transaction. Orders on a monthly bill are paid through the bill.
 */
export async function payOrder(db: Db, ctx: Ctx, id: number, body: z.infer<typeof paymentBody>) {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'pay', order);
    if (order.monthlyBillId != null) throw conflict('orders.error.onMonthlyBill');
    // a total at or below zero (refunds exceed charges) is settled with a zero payment
    if (body.cashAmount + body.billAmount !== Math.max(0, order.totalAmount)) {
      throw invalidField(body.paymentType === 'bill' ? 'billAmount' : 'cashAmount', 'orders.validation.paymentTotal');
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        groupId: order.groupId,
        storeId: order.storeId,
        customerId: order.customerId,
        orderId: order.id,
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
    const [after] = await tx.update(orders).set({ status: 'payment_posted', paidAt: new Date(), updatedAt: new Date() }).where(eq(orders.id, id)).returning();
    await recordAction(tx, ctx, { entity: 'payments', entityId: payment!.id, action: 'create', groupId: order.groupId, after: payment });
    await recordAction(tx, ctx, { entity: 'orders', entityId: id, action: 'pay', groupId: order.groupId, before: snapshot(order), after: snapshot(after!) });
    return getOrder(tx, ctx, id);
  });
}

/** The date "today" for a store's group (defaults of forms and the dispatch board). */
export async function storeToday(db: Db, ctx: Ctx, storeId: number) {
  const store = await storeOf(db, ctx, storeId);
  return groupToday(db, store.groupId);
}
