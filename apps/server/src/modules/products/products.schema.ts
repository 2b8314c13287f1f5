import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle view of migrations/0100_system.sql (product catalogue; the SQL file is the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const productTypes = pgTable('product_types', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  typeId: integer('type_id').notNull(),
  name: text('name').notNull(),
  code: text('code'),
  unit: text('unit').notNull(),
  /** Integer minor units of the group's currency. */
  price: integer('price').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});
