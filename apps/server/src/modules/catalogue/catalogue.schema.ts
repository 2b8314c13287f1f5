import { date, doublePrecision, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle view of the catalogue tables of migrations/0200_customers.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const storeProducts = pgTable('store_products', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  name: text('name').notNull(),
  salePrice: integer('sale_price').notNull(),
  categoryId: integer('category_id'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const deliveryPersons = pgTable('delivery_persons', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  userId: integer('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
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
  amountPerDispatch: integer('amount_per_dispatch').notNull().default(0),
  remarks: text('remarks'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
