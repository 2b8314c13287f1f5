import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { money, timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/0100_system.sql (product catalogue; the SQL file is the source of truth). */

export const productTypes = pgTable('product_types', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  deletedAt: timestampTz('deleted_at'),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  typeId: integer('type_id').notNull(),
  name: text('name').notNull(),
  code: text('code'),
  unit: text('unit').notNull(),
  /** Integer minor units of the group's currency. */
  price: money('price').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  deletedAt: timestampTz('deleted_at'),
});
