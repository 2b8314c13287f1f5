import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { ExpenseType } from '@gasops/shared';
import { bigMoney, calendarDate, timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/0300_finance.sql (the SQL file is the source of truth). */

export const expenseItems = pgTable('expense_items', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  name: text('name').notNull(),
  type: text('type').$type<ExpenseType>().notNull(),
  remark: text('remark'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const expenses = pgTable('expenses', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  expenseDate: calendarDate('expense_date').notNull(),
  itemId: integer('item_id').notNull(),
  type: text('type').$type<ExpenseType>().notNull(),
  amount: bigMoney('amount').notNull(),
  remark: text('remark'),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});
