import { z } from 'zod';
import { EXPENSE_TYPES } from '../finance-vocabulary.js';
import { paged } from '../validation.js';
import { int, isoDate, timestamp } from './answers.js';

// Response contracts of the finance module's routes (expense items, expenses, the financial overview).

export const expenseItemSchema = z.object({
  id: int,
  storeId: int,
  storeName: z.string(),
  name: z.string(),
  type: z.enum(EXPENSE_TYPES),
  remark: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ExpenseItem = z.infer<typeof expenseItemSchema>;
export const expenseItemPage = paged(expenseItemSchema);
/** A created or edited item with the server's success message. */
export const expenseItemSaved = expenseItemSchema.extend({ detail: z.string() });

export const expenseSchema = z.object({
  id: int,
  storeId: int,
  storeName: z.string(),
  date: isoDate,
  itemId: int,
  itemName: z.string(),
  type: z.enum(EXPENSE_TYPES),
  amount: int,
  remark: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Expense = z.infer<typeof expenseSchema>;
export const expensePage = paged(expenseSchema).extend({ totalAmount: int });
export type ExpensePage = z.infer<typeof expensePage>;
/** A created or edited expense with the server's success message. */
export const expenseSaved = expenseSchema.extend({ detail: z.string() });
/** The answer of a delete: the server's success message. */
export const financeDone = z.object({ detail: z.string() });

export const overviewSchema = z.object({
  from: isoDate,
  to: isoDate,
  currency: z.string(),
  income: z.object({ cash: int, bill: int, total: int, paymentCount: int }),
  sales: z.object({ orderCount: int, amount: int }),
  expenses: z.object({
    total: int,
    byType: z.array(z.object({ type: z.enum(EXPENSE_TYPES), amount: int, count: int })),
  }),
  receivables: z.object({
    unpaidOrders: z.object({ count: int, amount: int }),
    unpostedBills: z.object({ count: int, amount: int }),
    arrearsCustomers: int,
    total: int,
  }),
  net: int,
  daily: z.array(z.object({ date: isoDate, income: int, expense: int })),
});
export type Overview = z.infer<typeof overviewSchema>;
