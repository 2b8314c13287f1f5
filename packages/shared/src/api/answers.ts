import { z } from 'zod';

// Building blocks of the response contracts (what the server answers; no user-facing messages needed).
// Timestamps travel as ISO 8601 strings (the services convert their Dates), calendar dates as
// 'YYYY-MM-DD'; money is integer minor units, weights integer grams.

/** An integer: ids, counts, money in minor units, weights in grams. */
export const int = z.number().int();
/** A calendar date `YYYY-MM-DD` (the store group's day). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An instant as ISO 8601. */
export const timestamp = z.string();

/** A priced line's quantity, its unit price and its amount (minor units): spread into the line's schema. */
export const pricedLine = { quantity: int, unitPrice: int, amount: int };

/** The per-row report of an import (dry run or not): rows counted from 1 after the titles. */
export const importReportSchema = z.object({
  rows: z.array(z.object({ row: int, ok: z.boolean(), errors: z.record(z.string(), z.string()) })),
  valid: int,
  invalid: int,
  imported: int,
});
export type ImportReport = z.infer<typeof importReportSchema>;
