import { z } from 'zod';
import { CUSTOMER_TYPES } from './customers.js';
import { reportDateSchema, reportMonthSchema } from './finance.js';
import { REPORT_SCOPES } from './reports-vocabulary.js';
import { idSchema, pageQuery, V } from './validation.js';

// The reports vocabulary (scopes, the longest period) is in reports-vocabulary.ts, without zod.
export * from './reports-vocabulary.js';

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());

const filters = {
  storeId: optionalId,
  deliveryPersonId: optionalId,
  customerType: z.enum(CUSTOMER_TYPES, { error: V.invalid }).optional(),
  scope: z.enum(REPORT_SCOPES, { error: V.invalid }).default('sales'),
};

/** Filters of the order reports: store, period, delivery person, customer type, which orders. */
export const reportQuery = pageQuery
  .extend({ ...filters, from: reportDateSchema, to: reportDateSchema })
  .refine((q) => q.from <= q.to, { error: V.dateOrder, path: ['to'] });
export type ReportQuery = z.infer<typeof reportQuery>;

export const dailyReportQuery = z.object({ ...filters, date: reportDateSchema });
export type DailyReportQuery = z.infer<typeof dailyReportQuery>;
export const monthlyReportQuery = z.object({ ...filters, month: reportMonthSchema });
export type MonthlyReportQuery = z.infer<typeof monthlyReportQuery>;

/** The delivery person filter of the report screens: those of one store, or of every store of the caller. */
export const deliveryPersonOptionQuery = z.object({ storeId: optionalId });

// ---- Home dashboard ----
export const dashboardQuery = z.object({ storeId: optionalId });
export type DashboardQuery = z.infer<typeof dashboardQuery>;
