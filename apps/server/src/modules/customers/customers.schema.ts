import { boolean, date, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle view of migrations/0200_customers.sql, 0220, 0240 and 0303 (the SQL files are the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type CategoryKind = 'customer' | 'product';
export type CustomerType = 'residential' | 'store' | 'monthly_count' | 'monthly_meter';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  kind: text('kind').$type<CategoryKind>().notNull().default('customer'),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  type: text('type').$type<CustomerType>().notNull().default('residential'),
  name: text('name').notNull(),
  address: text('address'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  unifiedNumber: text('unified_number'),
  remark1: text('remark1'),
  remark2: text('remark2'),
  phone: text('phone'),
  categoryId: integer('category_id'),
  inArrears: boolean('in_arrears').notNull().default(false),
  /** Own gas price per kg in minor units; null = the store's price applies. */
  gasPrice: integer('gas_price'),
  meterNumber: text('meter_number'),
  /** Thousandths of the meter unit. */
  meterReading: integer('meter_reading'),
  meterReadDate: date('meter_read_date', { mode: 'string' }),
  meterUnitPrice: integer('meter_unit_price'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // search_text (migration 0303), generated from the searched fields, is left out of this view so
  // rows and audit entries keep their shape: list-customers.ts names it in SQL.
});

/**
 * Date of each customer's latest order (any status), for customers with orders: kept by the orders
 * triggers (migrations 0220, 0240) in a narrow table, so an order does not rewrite the customer row.
 */
export const customerLastOrders = pgTable('customer_last_orders', {
  customerId: integer('customer_id').primaryKey(),
  /** The customer's store and creation time (copies, kept by the triggers). */
  storeId: integer('store_id').notNull(),
  customerCreatedAt: ts('customer_created_at').notNull(),
  lastOrderDate: date('last_order_date', { mode: 'string' }).notNull(),
});
