import { z } from 'zod';
import { idSchema, optionalText, pageQuery, paged, requiredText, V, blankAsMissing } from './validation.js';

/** Miscellaneous expense types of seed §4, in the seed's order. */
export const EXPENSE_TYPES = ['salary', 'bonus', 'commission', 'operating', 'vendor', 'misc'] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];

/** Largest amount accepted in one expense, in minor units (100 million in major units of a 2-decimal currency). */
export const MAX_EXPENSE_AMOUNT = 10_000_000_000;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A calendar date `YYYY-MM-DD` (no time, no zone). */
export const reportDateSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .refine(isRealDate, { error: V.invalid });
/** A calendar month `YYYY-MM`. */
export const reportMonthSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .refine((v) => /^\d{4}-\d{2}$/.test(v) && isRealDate(`${v}-01`), { error: V.invalid });

const optionalDate = reportDateSchema.optional();
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());
const expenseTypeSchema = z.enum(EXPENSE_TYPES, { error: V.required });

const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

// ---- Miscellaneous expense items (incidentals) ----
export const expenseItemBody = z.object({
  storeId: idSchema,
  name: requiredText(100),
  type: expenseTypeSchema,
  remark: optionalText(500),
});
export type ExpenseItemBody = z.infer<typeof expenseItemBody>;

export const expenseItemQuery = pageQuery.extend({ storeId: optionalId, type: expenseTypeSchema.optional() });
export type ExpenseItemQuery = z.infer<typeof expenseItemQuery>;

export const expenseItemSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  name: z.string(),
  type: z.enum(EXPENSE_TYPES),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExpenseItem = z.infer<typeof expenseItemSchema>;
export const expenseItemPage = paged(expenseItemSchema);
/** A created or edited item with the server's success message. */
export const expenseItemSaved = expenseItemSchema.extend({ detail: z.string() });

// ---- Expenses ----
export const expenseBody = z.object({
  storeId: idSchema,
  date: reportDateSchema,
  itemId: blankAsMissing(
    z.coerce.number({ error: V.required }).int({ error: V.required }).min(1, { error: V.required }).max(2147483647, { error: V.max }),
  ),
  type: expenseTypeSchema,
  amount: z.number({ error: V.amount }).int({ error: V.integer }).min(1, { error: V.min }).max(MAX_EXPENSE_AMOUNT, { error: V.max }),
  remark: optionalText(500),
});
export type ExpenseBody = z.infer<typeof expenseBody>;

export const expenseQuery = pageQuery
  .extend({ storeId: optionalId, itemId: optionalId, type: expenseTypeSchema.optional(), from: optionalDate, to: optionalDate })
  .refine(rangeInOrder, { error: V.dateOrder, path: ['to'] });
export type ExpenseQuery = z.infer<typeof expenseQuery>;

export const expenseSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  date: z.string(),
  itemId: z.number().int(),
  itemName: z.string(),
  type: z.enum(EXPENSE_TYPES),
  amount: z.number().int(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expensePage = paged(expenseSchema).extend({ totalAmount: z.number().int() });
export type ExpensePage = z.infer<typeof expensePage>;
/** A created or edited expense with the server's success message. */
export const expenseSaved = expenseSchema.extend({ detail: z.string() });
/** The answer of a delete: the server's success message. */
export const financeDone = z.object({ detail: z.string() });

// ---- Financial overview ----
export const overviewQuery = z
  .object({ storeId: optionalId, from: reportDateSchema, to: reportDateSchema })
  .refine(rangeInOrder, { error: V.dateOrder, path: ['to'] });
export type OverviewQuery = z.infer<typeof overviewQuery>;

export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  income: z.object({ cash: z.number().int(), bill: z.number().int(), total: z.number().int(), paymentCount: z.number().int() }),
  sales: z.object({ orderCount: z.number().int(), amount: z.number().int() }),
  expenses: z.object({
    total: z.number().int(),
    byType: z.array(z.object({ type: z.enum(EXPENSE_TYPES), amount: z.number().int(), count: z.number().int() })),
  }),
  receivables: z.object({
    unpaidOrders: z.object({ count: z.number().int(), amount: z.number().int() }),
    unpostedBills: z.object({ count: z.number().int(), amount: z.number().int() }),
    arrearsCustomers: z.number().int(),
    total: z.number().int(),
  }),
  net: z.number().int(),
  daily: z.array(z.object({ date: z.string(), income: z.number().int(), expense: z.number().int() })),
});
export type Overview = z.infer<typeof overviewSchema>;
