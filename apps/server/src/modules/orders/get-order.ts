import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderDetail } from '@gasops/shared';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { storeScope } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { orderNames, withOrderNames } from './order-names.js';
import type { OrderRow } from './order-rules.js';
import { cylinderOperations, orderProductLines, orders, orderServiceLines, payments } from './orders.schema.js';

/** The names an order's detail shows next to its ids. */
type OrderNames = {
  storeName: string;
  customerName: string | null;
  customerPhone: string | null;
  deliveryPersonName: string | null;
  previousOrderNo: string | null;
};
type OrderRows = {
  products: (typeof orderProductLines.$inferSelect)[];
  services: (typeof orderServiceLines.$inferSelect)[];
  cylinders: (typeof cylinderOperations.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
};

/**
 * An order's detail as the API answers it, from its rows: the writes that just stored them build
 * their answer with this instead of reading them back. A public order without a customer shows its
 * contact's name and phone.
 */
export function orderDetail(order: OrderRow, names: OrderNames, rows: OrderRows): OrderDetail {
  return {
    ...isoRow(order),
    storeName: names.storeName,
    customerName: names.customerName ?? order.contactName,
    customerPhone: names.customerPhone ?? order.contactPhone,
    deliveryPersonName: names.deliveryPersonName,
    previousOrderNo: names.previousOrderNo,
    products: rows.products,
    services: rows.services,
    cylinders: rows.cylinders.map(isoRow),
    payments: rows.payments.map(isoRow),
  };
}

/** One order with every field, its lines, cylinder operations and payments; `lock` locks the order row for a write. */
export async function getOrder(db: Executor, ctx: Ctx, id: number, lock = false): Promise<OrderDetail> {
  const prev = alias(orders, 'prev');
  const q = withOrderNames(
    db
      .select({
        order: orders,
        storeName: orderNames.storeName,
        // The detail shows the contact apart: the customer's own name here.
        customerName: customers.name,
        customerPhone: customers.phone,
        deliveryPersonName: orderNames.deliveryPersonName,
        previousOrderNo: prev.orderNo,
      })
      .from(orders)
      .$dynamic(),
  )
    .leftJoin(prev, eq(prev.id, orders.previousOrderId))
    .where(and(eq(orders.id, id), storeScope(ctx, orders.storeId)));
  const [row] = lock ? await q.for('update', { of: orders }) : await q;
  if (!row) throw notFound();
  const [products, services, cylinders, paid] = await Promise.all([
    db.select().from(orderProductLines).where(eq(orderProductLines.orderId, id)).orderBy(asc(orderProductLines.id)),
    db.select().from(orderServiceLines).where(eq(orderServiceLines.orderId, id)).orderBy(asc(orderServiceLines.id)),
    db.select().from(cylinderOperations).where(eq(cylinderOperations.orderId, id)).orderBy(asc(cylinderOperations.id)),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id)),
  ]);
  return orderDetail(row.order, row, { products, services, cylinders, payments: paid });
}
