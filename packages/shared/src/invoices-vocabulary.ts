/**
 * The invoice vocabulary (invoices.ts has the request schemas and the rest of the rules): ROC years and periods,
 * the number as printed, the statuses, the carrier, delivery and printer choices, and why a proof is not
 * printed. No zod here, so a list screen that labels or filters invoices loads neither the schemas nor zod (issue 16).
 */

// ---- ROC calendar and periods ----

/** ROC (民國) year = Gregorian year − 1911. */
export const ROC_OFFSET = 1911;
export const toRocYear = (gregorianYear: number) => gregorianYear - ROC_OFFSET;
export const fromRocYear = (rocYear: number) => rocYear + ROC_OFFSET;

/** The six two-month periods of a year: 1 = Jan–Feb, 2 = Mar–Apr … 6 = Nov–Dec. */
export const INVOICE_PERIODS = [1, 2, 3, 4, 5, 6] as const;
export type InvoicePeriod = (typeof INVOICE_PERIODS)[number];

export type RocPeriod = { rocYear: number; period: InvoicePeriod };

/** The period of a calendar date `YYYY-MM-DD`. */
export function invoicePeriodOf(date: string): RocPeriod {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return { rocYear: toRocYear(y), period: Math.ceil(m / 2) as InvoicePeriod };
}

// ---- Numbers, statuses ----

/** The number as the proof prints it: `AB-12345678`. */
export const displayInvoiceNumber = (number: string) => `${number.slice(0, 2)}-${number.slice(2)}`;

/** `allowance`: issued, with one allowance (折讓) or more; it can no longer be voided. */
export const INVOICE_STATUSES = ['issued', 'voided', 'allowance'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Upload state on the e-invoice platform (Turnkey P/G/E); nothing uploads yet, so every invoice is `pending`. */
export const INVOICE_UPLOAD_STATUSES = ['pending', 'processing', 'good', 'error'] as const;
export type InvoiceUploadStatus = (typeof INVOICE_UPLOAD_STATUSES)[number];

// ---- Buyer, carrier, donation, print ----

export const CARRIER_TYPES = ['3J0002', 'CQ0001'] as const;
export type CarrierType = (typeof CARRIER_TYPES)[number];

/** The store's e-invoice settings: default delivery and buyer kind, the receipt printer's paper width. */
export const INVOICE_DELIVERIES = ['print', 'carrier', 'donation'] as const;
export const INVOICE_BUYER_KINDS = ['consumer', 'business'] as const;
export const PRINTER_WIDTHS_MM = [57, 58, 80] as const;

// ---- The printed proof (證明聯) ----

/**
 * Why an invoice has no proof to print, or null when it has one: a donated invoice and a carried one
 * that was not asked to print never get a proof (DOMAIN.md print matrix), and a voided one no longer.
 */
export type ProofRefusal = 'donated' | 'carrier' | 'voided';
export function proofRefusal(i: { print: boolean; npoban: string | null; status: InvoiceStatus }): ProofRefusal | null {
  if (i.npoban) return 'donated';
  if (!i.print) return 'carrier';
  if (i.status === 'voided') return 'voided';
  return null;
}
