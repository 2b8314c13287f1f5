import { z } from 'zod';
import { EXPENSE_TYPES, MAX_EXPENSE_AMOUNT } from './finance-vocabulary.js';
import { idSchema, optionalText, pageQuery, requiredText, V, blankAsMissing } from './validation.js';

// The finance vocabulary (expense types, the largest amount) is in finance-vocabulary.ts, without zod.
export * from './finance-vocabulary.js';

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

// ---- Financial overview ----
export const overviewQuery = z
  .object({ storeId: optionalId, from: reportDateSchema, to: reportDateSchema })
  .refine(rangeInOrder, { error: V.dateOrder, path: ['to'] });
export type OverviewQuery = z.infer<typeof overviewQuery>;
