import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { AllowanceItem, CarrierType, InvoiceStatus, InvoiceUploadStatus, MigMessage } from '@gasops/shared';
import { bigMoney, calendarDate, timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/0700_invoices.sql (the SQL file is the source of truth). */

export const invoiceSettings = pgTable('invoice_settings', {
  storeId: integer('store_id').primaryKey(),
  groupId: integer('group_id').notNull(),
  sellerUbn: text('seller_ubn').notNull(),
  sellerName: text('seller_name').notNull(),
  qrAesKeyEnc: text('qr_aes_key_enc'),
  defaultBuyer: text('default_buyer').$type<'consumer' | 'business'>().notNull().default('consumer'),
  defaultDelivery: text('default_delivery').$type<'print' | 'carrier' | 'donation'>().notNull().default('print'),
  defaultNpoban: text('default_npoban'),
  printerWidthMm: integer('printer_width_mm').$type<57 | 58 | 80>().notNull().default(57),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const invoiceTracks = pgTable('invoice_tracks', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  rocYear: integer('roc_year').notNull(),
  period: integer('period').notNull(),
  prefix: text('prefix').notNull(),
  startNo: integer('start_no').notNull(),
  endNo: integer('end_no').notNull(),
  used: integer('used').notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export type StoredInvoiceItem = { description: string; quantity: number; unitPrice: number; amount: number };

export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  trackId: integer('track_id').notNull(),
  number: text('number').notNull(),
  rocYear: integer('roc_year').notNull(),
  period: integer('period').notNull(),
  invoiceDate: calendarDate('invoice_date').notNull(),
  issuedAt: timestampTz('issued_at').notNull().defaultNow(),
  orderId: integer('order_id'),
  sellerUbn: text('seller_ubn').notNull(),
  sellerName: text('seller_name').notNull(),
  buyerUbn: text('buyer_ubn'),
  buyerName: text('buyer_name'),
  carrierType: text('carrier_type').$type<CarrierType>(),
  carrierId: text('carrier_id'),
  npoban: text('npoban'),
  printMark: boolean('print_mark').notNull(),
  randomCode: text('random_code').notNull(),
  taxType: integer('tax_type').notNull().default(1),
  salesAmount: bigMoney('sales_amount').notNull(),
  taxAmount: bigMoney('tax_amount').notNull(),
  totalAmount: bigMoney('total_amount').notNull(),
  items: jsonb('items').$type<StoredInvoiceItem[]>().notNull(),
  status: text('status').$type<InvoiceStatus>().notNull().default('issued'),
  voidReason: text('void_reason'),
  voidedAt: timestampTz('voided_at'),
  voidedBy: integer('voided_by'),
  uploadStatus: text('upload_status').$type<InvoiceUploadStatus>().notNull().default('pending'),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  // migrations/0701_invoice_proof_prints.sql: proof prints (from the second one on, the proof is marked 補印).
  proofPrints: integer('proof_prints').notNull().default(0),
  proofFirstPrintedAt: timestampTz('proof_first_printed_at'),
  proofFirstPrintedBy: integer('proof_first_printed_by'),
  // migrations/0702_einvoice_upload.sql: the summary of the invoice's upload messages (upload-*.ts).
  uploadDeadline: calendarDate('upload_deadline'),
  uploadError: text('upload_error'),
  uploadMessage: text('upload_message').$type<'F0401' | 'F0501'>(),
  // migrations/0703_invoice_allowances.sql: the sum of its allowances, tax included.
  allowanceAmount: bigMoney('allowance_amount').notNull().default(0),
  // migrations/0705_invoice_monthly_bill.sql: the monthly bill it was issued for (never with an order).
  monthlyBillId: integer('monthly_bill_id'),
});

// migrations/0703_invoice_allowances.sql: allowances (折讓), each uploaded as a G0401.
export const invoiceAllowances = pgTable('invoice_allowances', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  invoiceId: integer('invoice_id').notNull(),
  number: text('number').notNull(),
  allowanceDate: calendarDate('allowance_date').notNull(),
  reason: text('reason').notNull(),
  salesAmount: bigMoney('sales_amount').notNull(),
  taxAmount: bigMoney('tax_amount').notNull(),
  totalAmount: bigMoney('total_amount').notNull(),
  items: jsonb('items').$type<AllowanceItem[]>().notNull(),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

/** The state of an upload message: queued, sent (in the channel), then Turnkey's P, G, E, I, C. */
export type UploadState = 'queued' | 'sent' | 'P' | 'G' | 'E' | 'I' | 'C';

// migrations/0702_einvoice_upload.sql: one row per MIG message handed to the upload channel.
export const einvoiceMessages = pgTable('einvoice_messages', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  message: text('message').$type<MigMessage>().notNull(),
  invoiceId: integer('invoice_id'),
  trackId: integer('track_id'),
  allowanceId: integer('allowance_id'),
  ref: text('ref').notNull(),
  deadline: calendarDate('deadline').notNull(),
  state: text('state').$type<UploadState>().notNull().default('queued'),
  fileName: text('file_name'),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  sentAt: timestampTz('sent_at'),
  resultAt: timestampTz('result_at'),
  /** Taken by a process putting it into the channel (migration 0706). */
  puttingSince: timestampTz('putting_since'),
});

export type TrackProblem = {
  trackId: number;
  storeId: number;
  prefix: string;
  rocYear: number;
  period: number;
  kind: 'gap' | 'duplicate' | 'outside';
  number: string;
};

// migrations/0702_einvoice_upload.sql: the daily gap / duplicate check of a group's tracks.
export const invoiceChecks = pgTable('invoice_checks', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  checkedAt: timestampTz('checked_at').notNull().defaultNow(),
  tracks: integer('tracks').notNull(),
  problems: jsonb('problems').$type<TrackProblem[]>().notNull(),
});
