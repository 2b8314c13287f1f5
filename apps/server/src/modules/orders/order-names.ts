import { eq, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { stores, users } from '../../platform/platform.schema.js';
import { customers } from '../customers/customers.schema.js';
import { orders } from './orders.schema.js';

/** An order's delivery person (a user), under a name of its own so a query may join users again. */
export const deliveryPerson = alias(users, 'delivery_person');

/**
 * The names shown next to an order in lists, reports and the dashboard: its store, its customer (a
 * public order without a customer shows its contact's name) and its delivery person. Select them on a
 * query made with `withOrderNames`.
 */
export const orderNames = {
  storeName: stores.name,
  customerName: sql<string | null>`coalesce(${customers.name}, ${orders.contactName})`,
  deliveryPersonName: deliveryPerson.name,
};

/** Joins an order query (`db.select(…).from(orders)…$dynamic()`) to what `orderNames` reads. */
export function withOrderNames<T extends PgSelect>(query: T) {
  return query
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(deliveryPerson, eq(deliveryPerson.id, orders.deliveryPersonId));
}
