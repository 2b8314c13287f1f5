import { bigint, date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ExpenseType } from '@gasops/shared';

/** Drizzle view of migrations/0300_finance.sql (the SQL file is the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const expenseItems = pgTable('expense_items', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  name: text('name').notNull(),
  type: text('type').$type<ExpenseType>().notNull(),
  remark: text('remark'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const expenses = pgTable('expenses', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  expenseDate: date('expense_date', { mode: 'string' }).notNull(),
  itemId: integer('item_id').notNull(),
  type: text('type').$type<ExpenseType>().notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  remark: text('remark'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
