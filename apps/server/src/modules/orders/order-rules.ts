import { and, eq } from 'drizzle-orm';
import { canOrder, translate, V, type Locale, type OrderAction } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor, Tx } from '../../platform/db.js';
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { storeScope } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { orders } from './orders.schema.js';

// The checks every order write passes: the order is the caller's (404), its status allows the
// action (409), its customer is one of its store's (400); and the write of a status change.

export type OrderRow = typeof orders.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

/** An order of the caller's stores, optionally locked for the write that follows. */
export async function loadOrder(db: Executor, ctx: Ctx, id: number, lock = false): Promise<OrderRow> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), storeScope(ctx, orders.storeId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** 409 with a translated message when the order's status does not allow the action. */
export function assertCan(locale: Locale, action: OrderAction, order: { status: OrderRow['status'] }) {
  if (!canOrder(action, order.status)) {
    throw conflict('orders.error.transition', {
      status: translate(locale, `orders.status.${order.status}`),
      action: translate(locale, `orders.action.${action}`),
    });
  }
}

/** The customer of an order: must exist in the same store (400 on customerId otherwise). */
export async function customerForOrder(db: Executor, storeId: number, customerId: number | null): Promise<CustomerRow | null> {
  if (customerId == null) return null;
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!c || c.storeId !== storeId) throw invalidField('customerId', V.selectCustomer);
  return c;
}

/** What the action log records of an order's status change (before and after). */
export const statusSnapshot = (o: OrderRow) => ({
  status: o.status,
  deliveryPersonId: o.deliveryPersonId,
  deliveryAt: o.deliveryAt,
  totalAmount: o.totalAmount,
  gasWeightG: o.gasWeightG,
  residualGasG: o.residualGasG,
  gasRefundAmount: o.gasRefundAmount,
  gasStatus: o.gasStatus,
  storedGasG: o.storedGasG,
  creditUsedG: o.creditUsedG,
  creditAmount: o.creditAmount,
  cancelReason: o.cancelReason,
});

/**
 * Writes a change of an order (`set`, `updatedAt` now unless given) and its action-log row (the status
 * snapshot before and after), in the caller's transaction; answers the order as it now is.
 */
export async function changeOrder(tx: Tx, ctx: Ctx, order: OrderRow, action: string, set: Partial<OrderRow>): Promise<OrderRow> {
  const [after] = await tx
    .update(orders)
    .set({ updatedAt: new Date(), ...set })
    .where(eq(orders.id, order.id))
    .returning();
  await recordAction(tx, ctx, {
    entity: 'orders',
    entityId: order.id,
    action,
    groupId: order.groupId,
    before: statusSnapshot(order),
    after: statusSnapshot(after!),
  });
  return after!;
}
