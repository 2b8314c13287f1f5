import type { z } from 'zod';
import { V, type OrderDetail, type deliveredBody } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { groupToday, storeOf } from '../../platform/tenancy.js';
import { lockedGasCreditBalance, recordGasCredit } from './gas-credit.js';
import { getOrder } from './get-order.js';
import { assertCan, changeOrder, customerForOrder, loadOrder, type OrderRow } from './order-rules.js';
import { repriceSale } from './price-order.js';

// The delivery steps of an order: the driver leaves, the order is delivered (or picked up at the counter).

/** The driver has left with the order. */
export async function startDelivery(db: Db, ctx: Ctx, id: number): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'start', order);
    await changeOrder(tx, ctx, order, 'start', { status: 'delivering' });
    return getOrder(tx, ctx, id);
  });
}

type Sale = {
  gasWeightG: number;
  residualGasG: number;
  propaneWeightG: number;
  propaneResidualG: number;
  gasStatus: OrderRow['gasStatus'];
};

/**
 * Sells an order (completed): its gas re-priced with the customer's gas credit (read under the
 * customer lock), then the order, the credit ledger (credit used, residual gas stored) and the audit
 * row, in the caller's transaction.
 */
async function sell(tx: Tx, ctx: Ctx, order: OrderRow, action: 'delivered' | 'complete', sale: Sale, patch: Partial<OrderRow>) {
  const store = await storeOf(tx, ctx, order.storeId);
  const customer = await customerForOrder(tx, store.id, order.customerId);
  const balance = customer ? await lockedGasCreditBalance(tx, customer.id) : 0;
  const priced = await repriceSale(tx, order, store, customer, sale, balance);
  const now = new Date();
  const after = await changeOrder(tx, ctx, order, action, { ...priced, ...patch, status: 'completed', completedAt: now, updatedAt: now });
  await recordGasCredit(tx, ctx, after, await groupToday(tx, store.groupId));
}

/** A counter sale picked up at the store: completed without delivery, as ordered (its gas credit settled). */
export async function completeOrder(db: Db, ctx: Ctx, id: number): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'complete', order);
    if (order.customerId == null) throw invalidField('customerId', V.selectCustomer);
    const { gasWeightG, residualGasG, propaneWeightG, propaneResidualG, gasStatus } = order;
    await sell(tx, ctx, order, 'complete', { gasWeightG, residualGasG, propaneWeightG, propaneResidualG, gasStatus }, {});
    return getOrder(tx, ctx, id);
  });
}

/**
 * Delivered (staff screen and field app): the weighed gas and the residual gas of the returned
 * cylinder re-price the order, the residual refunded (return gas) or kept as the customer's gas
 * credit (store gas; the order's choice unless the body makes one); it is completed.
 */
export async function markDelivered(db: Db, ctx: Ctx, id: number, body: z.infer<typeof deliveredBody>): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    await deliverOrderInTransaction(tx, ctx, id, body);
    return getOrder(tx, ctx, id);
  });
}

/**
 * The delivered transition in the caller's transaction (the staff screen above and the field app's
 * deliver action share it): 404 for an order outside the caller's stores, 409 when its status does
 * not allow it. Answers the order as it is afterwards.
 */
export async function deliverOrderInTransaction(tx: Tx, ctx: Ctx, id: number, body: z.infer<typeof deliveredBody>): Promise<OrderRow> {
  const order = await loadOrder(tx, ctx, id, true);
  assertCan(ctx.locale, 'delivered', order);
  const { scaleDeviceId, gasStatus, ...weights } = body;
  await sell(
    tx,
    ctx,
    order,
    'delivered',
    { ...weights, gasStatus: gasStatus ?? order.gasStatus },
    { scaleDeviceId: scaleDeviceId ?? order.scaleDeviceId, deliveredAt: new Date() },
  );
  return loadOrder(tx, ctx, id);
}
