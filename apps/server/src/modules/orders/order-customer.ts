import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { mayDo, phoneDigits, type CustomerOption, type OrderDetail, type orderCustomerBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor, Tx } from '../../platform/db.js';
import { conflict, forbidden } from '../../platform/errors.js';
import { storeOf, type StoreRow } from '../../platform/tenancy.js';
import { customerOptionColumns, insertCustomer, phoneIs } from '../customers/index.js';
import { customers } from '../customers/customers.schema.js';
import { gasCreditBalance } from './gas-credit.js';
import { getOrder } from './get-order.js';
import { assertCan, customerForOrder, loadOrder, type CustomerRow, type OrderRow } from './order-rules.js';
import { cylinderOperations, orders } from './orders.schema.js';
import { repriceSale } from './price-order.js';

// A public order from a phone the shop does not know becomes a customer's order: a new customer made
// from the order's contact, or the customer already on file with that phone, then it can be dispatched.

/** Customers of the order's store with the order's contact phone (the ones to link instead of a new one). */
export async function customerMatches(db: Executor, ctx: Ctx, orderId: number): Promise<CustomerOption[]> {
  const order = await loadOrder(db, ctx, orderId);
  const phone = phoneDigits(order.contactPhone);
  if (order.customerId != null || phone.length === 0) return [];
  return db
    .select(customerOptionColumns)
    .from(customers)
    .where(and(eq(customers.groupId, order.groupId), eq(customers.storeId, order.storeId), phoneIs(phone)))
    .orderBy(asc(customers.id))
    .limit(20);
}

/**
 * The order (another tenant's: 404), locked, still open and without a customer (409 otherwise);
 * `mayCreate`: the caller must also be allowed to add customers (403).
 */
async function orderWithoutCustomer(tx: Tx, ctx: Ctx, orderId: number, mayCreate = false): Promise<OrderRow> {
  const order = await loadOrder(tx, ctx, orderId, true);
  if (mayCreate && !mayDo(ctx.user, 'Customer', 'create')) throw forbidden();
  if (order.customerId != null) throw conflict('orders.error.hasCustomer');
  assertCan(ctx.locale, 'edit', order);
  return order;
}

/**
 * Links a customer to the order: the gas is priced at the customer's price (with their gas credit,
 * an estimate until delivery), its cylinder lines become the customer's; audited before/after.
 */
async function link(tx: Tx, ctx: Ctx, order: OrderRow, store: StoreRow, customer: CustomerRow, action: string): Promise<OrderDetail> {
  const { gasWeightG, residualGasG, propaneWeightG, propaneResidualG, gasStatus } = order;
  const priced = await repriceSale(
    tx,
    order,
    store,
    customer,
    { gasWeightG, residualGasG, propaneWeightG, propaneResidualG, gasStatus },
    await gasCreditBalance(tx, customer.id),
  );
  const [after] = await tx
    .update(orders)
    .set({ ...priced, customerId: customer.id, customerType: customer.type, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.update(cylinderOperations).set({ customerId: customer.id }).where(eq(cylinderOperations.orderId, order.id));
  const snapshot = (o: OrderRow) => ({ customerId: o.customerId, customerType: o.customerType, totalAmount: o.totalAmount });
  await recordAction(tx, ctx, {
    entity: 'orders',
    entityId: order.id,
    action,
    groupId: order.groupId,
    before: snapshot(order),
    after: snapshot(after!),
  });
  return getOrder(tx, ctx, order.id);
}

/**
 * Creates the customer of an order without one, in the order's store (the form prefilled from the
 * order's contact), and links it: one transaction, both audited. Needs the right to add customers.
 */
export async function createOrderCustomer(
  db: Db,
  ctx: Ctx,
  orderId: number,
  body: z.infer<typeof orderCustomerBody>,
): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await orderWithoutCustomer(tx, ctx, orderId, true);
    const store = await storeOf(tx, ctx, order.storeId);
    const customer = await insertCustomer(tx, ctx, { ...body, storeId: store.id });
    return link(tx, ctx, order, store, customer, 'createCustomer');
  });
}

/** Links a customer of the order's store (e.g. the one with the order's phone) to an order without one. */
export async function attachOrderCustomer(db: Db, ctx: Ctx, orderId: number, customerId: number): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await orderWithoutCustomer(tx, ctx, orderId);
    const store = await storeOf(tx, ctx, order.storeId);
    const customer = (await customerForOrder(tx, store.id, customerId))!;
    return link(tx, ctx, order, store, customer, 'linkCustomer');
  });
}
