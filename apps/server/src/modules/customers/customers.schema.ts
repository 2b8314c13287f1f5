import { boolean, doublePrecision, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { CategoryKind, CustomerType } from '@gasops/shared';
import { calendarDate, money, timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/0200_customers.sql, 0220, 0240 and 0303 (the SQL files are the source of truth). */

// orders.schema.ts types its customer_type column with this name; the one definition is in shared.
export type { CustomerType };

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  kind: text('kind').$type<CategoryKind>().notNull().default('customer'),
  name: text('name').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
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
  gasPrice: money('gas_price'),
  meterNumber: text('meter_number'),
  /** Thousandths of the meter unit. */
  meterReading: integer('meter_reading'),
  meterReadDate: calendarDate('meter_read_date'),
  meterUnitPrice: money('meter_unit_price'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
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
  customerCreatedAt: timestampTz('customer_created_at').notNull(),
  lastOrderDate: calendarDate('last_order_date').notNull(),
});
