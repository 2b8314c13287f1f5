import { z } from 'zod';
import {
  CARRIER_TYPES,
  INVOICE_BUYER_KINDS,
  INVOICE_DELIVERIES,
  INVOICE_STATUSES,
  INVOICE_UPLOAD_STATUSES,
  PRINTER_WIDTHS_MM,
} from '../invoices-vocabulary.js';
import { paged } from '../validation.js';
import { int, isoDate, pricedLine, timestamp } from './answers.js';

// Response contracts of the invoices module (tracks, the store's e-invoice settings, issued invoices).

const eightDigits = z.string().regex(/^\d{8}$/);

/** A track (字軌) with its numbers as 8-digit strings and what is left of it. */
export const invoiceTrackSchema = z.object({
  id: int,
  storeId: int,
  storeName: z.string(),
  rocYear: int,
  period: int,
  /** `11504` */
  periodCode: z.string(),
  prefix: z.string(),
  start: eightDigits,
  end: eightDigits,
  size: int,
  used: int,
  remaining: int,
  /** The next number an invoice takes (`AB00000123`), null when the track is used up. */
  next: z.string().nullable(),
  /** The range is not whole booklets of 50 (starts at …00/…50, ends at …49/…99): a warning. */
  notWholeBooklets: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type InvoiceTrack = z.infer<typeof invoiceTrackSchema>;
/** `lowRemaining`: the group's INVOICE_LOW_REMAINING, below which a store's numbers of a period run low. */
export const invoiceTrackPage = paged(invoiceTrackSchema).extend({ lowRemaining: int });
export type InvoiceTrackPage = z.infer<typeof invoiceTrackPage>;
export const invoiceTrackSaved = invoiceTrackSchema.extend({ detail: z.string(), warning: z.string().optional() });
export const invoicesDone = z.object({ detail: z.string() });

/** The store's e-invoice settings; the QR AES key is never answered, only whether one is set. */
export const invoiceSettingsSchema = z.object({
  storeId: int,
  sellerUbn: z.string().nullable(),
  sellerName: z.string().nullable(),
  qrAesKeySet: z.boolean(),
  defaultBuyer: z.enum(INVOICE_BUYER_KINDS),
  defaultDelivery: z.enum(INVOICE_DELIVERIES),
  defaultNpoban: z.string().nullable(),
  printerWidthMm: z.union([z.literal(PRINTER_WIDTHS_MM[0]), z.literal(PRINTER_WIDTHS_MM[1]), z.literal(PRINTER_WIDTHS_MM[2])]),
  /** The store's "uniform invoice issue" flag (Store screen). */
  issuesInvoice: z.boolean(),
  updatedAt: timestamp.nullable(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;
export const invoiceSettingsSaved = invoiceSettingsSchema.extend({ detail: z.string() });

/** An invoice line; its unit price in minor units, a whole dollar. */
export const invoiceItemSchema = z.object({ description: z.string(), ...pricedLine });
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

/** An issued (or voided) invoice; amounts in minor units (whole dollars). */
export const invoiceSchema = z.object({
  id: int,
  storeId: int,
  storeName: z.string(),
  number: z.string(),
  rocYear: int,
  period: int,
  periodCode: z.string(),
  date: isoDate,
  issuedAt: timestamp,
  orderId: int.nullable(),
  orderNo: z.string().nullable(),
  /** The monthly bill it was issued for (null: an order's or a hand-made invoice) and the bill's month, `YYYY-MM`. */
  monthlyBillId: int.nullable(),
  billPeriod: z.string().nullable(),
  sellerUbn: z.string(),
  sellerName: z.string(),
  buyerUbn: z.string().nullable(),
  buyerName: z.string().nullable(),
  carrierType: z.enum(CARRIER_TYPES).nullable(),
  carrierId: z.string().nullable(),
  npoban: z.string().nullable(),
  print: z.boolean(),
  randomCode: z.string(),
  taxType: int,
  salesAmount: int,
  taxAmount: int,
  totalAmount: int,
  items: z.array(invoiceItemSchema),
  status: z.enum(INVOICE_STATUSES),
  voidReason: z.string().nullable(),
  voidedAt: timestamp.nullable(),
  /** The last day it may be voided (the period's filing deadline). */
  voidDeadline: isoDate,
  /** The sum of its allowances (折讓), tax included, minor units (0: none). */
  allowanceAmount: int,
  uploadStatus: z.enum(INVOICE_UPLOAD_STATUSES),
  /** The last day (Taiwan's calendar) its pending upload message (issue, or void) may reach the platform. */
  uploadDeadline: isoDate,
  /** Not accepted by the platform (G) and the deadline day is over. */
  uploadOverdue: z.boolean(),
  /** The platform's (or Turnkey's) error when the upload failed. */
  uploadError: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoicePage = paged(invoiceSchema).extend({ totalIsLowerBound: z.literal(true).optional() });
export type InvoicePage = z.infer<typeof invoicePage>;

/** The answer of an issue: the invoice, whether it was issued before (same order or bill), and the track's remaining numbers. */
export const invoiceIssued = z.object({
  invoice: invoiceSchema,
  /** true: the order (or bill) already had this invoice; nothing was issued. */
  existing: z.boolean(),
  /** Numbers the store has left in the invoice's period after this one; null when nothing was issued (existing). */
  remaining: int.nullable(),
  /** The track is running out (remaining below INVOICE_LOW_REMAINING): the message to show. */
  warning: z.string().optional(),
  detail: z.string(),
});
export type InvoiceIssued = z.infer<typeof invoiceIssued>;
export const invoiceVoided = invoiceSchema.extend({ detail: z.string() });

/** An allowance line: the invoice line it takes from (`sequence`, 1-based), tax included and split, minor units. */
export const invoiceAllowanceItemSchema = z.object({ sequence: int, ...invoiceItemSchema.shape, salesAmount: int, taxAmount: int });
/** An allowance (折讓) of an invoice and the state of its G0401 upload (null: not queued yet). */
export const invoiceAllowanceSchema = z.object({
  id: int,
  invoiceId: int,
  number: z.string(),
  date: isoDate,
  reason: z.string(),
  salesAmount: int,
  taxAmount: int,
  totalAmount: int,
  items: z.array(invoiceAllowanceItemSchema),
  uploadState: z.enum(['queued', 'sent', 'P', 'G', 'E', 'I', 'C']).nullable(),
  /** The last day (Taiwan's calendar) its G0401 may reach the platform. */
  uploadDeadline: isoDate,
  uploadError: z.string().nullable(),
  createdAt: timestamp,
});
export type InvoiceAllowance = z.infer<typeof invoiceAllowanceSchema>;
export const invoiceAllowanceList = z.object({ items: z.array(invoiceAllowanceSchema) });
export type InvoiceAllowanceList = z.infer<typeof invoiceAllowanceList>;
/** The answer of an allowance: it, the invoice as it is now, and the success message. */
export const invoiceAllowanced = z.object({ allowance: invoiceAllowanceSchema, invoice: invoiceSchema, detail: z.string() });
export type InvoiceAllowanced = z.infer<typeof invoiceAllowanced>;

/** The proof's code contents (Code39, left and right QR); null QR texts while the store has no AES key. */
export const invoiceCodesSchema = z.object({
  code39: z.string(),
  qrLeft: z.string().nullable(),
  qrRight: z.string().nullable(),
});
export type InvoiceCodes = z.infer<typeof invoiceCodesSchema>;

/** A problem of the daily track check: a number never issued (gap), issued twice, or outside the track's used range. */
export const invoiceCheckProblemSchema = z.object({
  trackId: int,
  storeId: int,
  prefix: z.string(),
  rocYear: int,
  period: int,
  kind: z.enum(['gap', 'duplicate', 'outside']),
  number: z.string(),
});
/** The latest daily check of the group's tracks (GET /invoices/checks); `checkedAt` null before the first. */
export const invoiceCheckSchema = z.object({ checkedAt: timestamp.nullable(), tracks: int, problems: z.array(invoiceCheckProblemSchema) });
export type InvoiceCheck = z.infer<typeof invoiceCheckSchema>;
