import { doublePrecision, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { calendarDate, money, timestampTz } from '../../platform/columns.js';

/** Drizzle view of the catalogue tables of migrations/0200_customers.sql. */

export const storeProducts = pgTable('store_products', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  name: text('name').notNull(),
  salePrice: money('sale_price').notNull(),
  categoryId: integer('category_id'),
  startDate: calendarDate('start_date').notNull(),
  endDate: calendarDate('end_date'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const deliveryPersons = pgTable('delivery_persons', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  userId: integer('user_id').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const deliveryRoutes = pgTable('delivery_routes', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  address: text('address').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** One-way distance in metres. */
  distanceM: integer('distance_m').notNull(),
  durationMin: integer('duration_min').notNull(),
  amountPerDispatch: money('amount_per_dispatch').notNull().default(0),
  remarks: text('remarks'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});
