import { bigint, bigserial, boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type {
  FillState,
  Holding,
  LocationKind,
  Material,
  MovementKind,
  MovementSource,
  MoveProblem,
  PendingResolution,
  PendingStatus,
  ReaderKind,
  ScanResult,
} from '@gasops/shared';
import { calendarDate, grams, timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/0500_cylinders.sql (the SQL file is the source of truth). */

const lifeYears = sql`make_interval(years => CASE WHEN material = 'composite' THEN 20 ELSE 30 END)`;

export const cylinders = pgTable('cylinders', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  /** The owning store; where the cylinder is now is locationKind/locationId. */
  storeId: integer('store_id').notNull(),
  containerNo: text('container_no').notNull(),
  labelNo: text('label_no'),
  containerSpec: text('container_spec'),
  sizeKg: integer('size_kg').notNull(),
  tareG: grams('tare_g'),
  material: text('material').$type<Material>().notNull().default('steel'),
  pressureTestDate: calendarDate('pressure_test_date'),
  lastInspectionDate: calendarDate('last_inspection_date'),
  nextInspectionDeadline: calendarDate('next_inspection_deadline'),
  deadlineSuggested: boolean('deadline_suggested').notNull().default(false),
  endOfLifeDate: calendarDate('end_of_life_date').generatedAlwaysAs(sql`(pressure_test_date + ${lifeYears})::date`),
  dueDate: calendarDate('due_date').generatedAlwaysAs(sql`least(next_inspection_deadline, (pressure_test_date + ${lifeYears})::date)`),
  inspectionAgencyCode: text('inspection_agency_code'),
  handlingSiteId: integer('handling_site_id'),
  locationKind: text('location_kind').$type<LocationKind>().notNull().default('new'),
  locationId: integer('location_id'),
  fill: text('fill').$type<FillState>().notNull().default('empty'),
  customerId: integer('customer_id'),
  holding: text('holding').$type<Holding>(),
  lastMovementKind: text('last_movement_kind').$type<MovementKind>(),
  lastMovedAt: timestampTz('last_moved_at'),
  imagePath: text('image_path'),
  imageType: text('image_type'),
  remark: text('remark'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  deletedAt: timestampTz('deleted_at'),
});

export const cylinderLabels = pgTable('cylinder_labels', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  cylinderId: integer('cylinder_id').notNull(),
  labelNo: text('label_no').notNull(),
  fromDate: calendarDate('from_date').notNull(),
  toDate: calendarDate('to_date'),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const stockDocuments = pgTable('stock_documents', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  docNo: text('doc_no').notNull(),
  kind: text('kind').$type<MovementKind>().notNull(),
  docDate: calendarDate('doc_date').notNull(),
  sourceDocNo: text('source_doc_no'),
  customerId: integer('customer_id'),
  handlingSiteId: integer('handling_site_id'),
  remark: text('remark'),
  overrideReason: text('override_reason'),
  lineCount: integer('line_count').notNull().default(0),
  appliedCount: integer('applied_count').notNull().default(0),
  pendingCount: integer('pending_count').notNull().default(0),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const stockDocumentLines = pgTable('stock_document_lines', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  documentId: integer('document_id').notNull(),
  lineNo: integer('line_no').notNull(),
  code: text('code').notNull(),
  cylinderId: integer('cylinder_id'),
  result: text('result').$type<'applied' | 'pending'>().notNull(),
  reason: text('reason').$type<MoveProblem>(),
  movementId: bigint('movement_id', { mode: 'number' }),
  pendingId: integer('pending_id'),
});

export const cylinderPending = pgTable('cylinder_pending', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  source: text('source').$type<'document' | 'scan'>().notNull(),
  documentId: integer('document_id'),
  scanReadId: bigint('scan_read_id', { mode: 'number' }),
  docDate: calendarDate('doc_date').notNull(),
  docNo: text('doc_no'),
  lineNo: integer('line_no').notNull().default(1),
  code: text('code').notNull(),
  cylinderId: integer('cylinder_id'),
  kind: text('kind').$type<MovementKind>().notNull(),
  prevLocationKind: text('prev_location_kind').$type<LocationKind>(),
  prevFill: text('prev_fill').$type<FillState>(),
  sourceDocNo: text('source_doc_no'),
  customerId: integer('customer_id'),
  handlingSiteId: integer('handling_site_id'),
  reason: text('reason').$type<MoveProblem>().notNull(),
  status: text('status').$type<PendingStatus>().notNull().default('unprocessed'),
  resolution: text('resolution').$type<PendingResolution>(),
  resolutionReason: text('resolution_reason'),
  resolvedBy: integer('resolved_by'),
  resolvedAt: timestampTz('resolved_at'),
  movementId: bigint('movement_id', { mode: 'number' }),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const cylinderMovements = pgTable('cylinder_movements', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  cylinderId: integer('cylinder_id').notNull(),
  kind: text('kind').$type<MovementKind>().notNull(),
  moveDate: calendarDate('move_date').notNull(),
  movedAt: timestampTz('moved_at').notNull().defaultNow(),
  fromLocationKind: text('from_location_kind').$type<LocationKind>().notNull(),
  fromLocationId: integer('from_location_id'),
  fromFill: text('from_fill').$type<FillState>().notNull(),
  toLocationKind: text('to_location_kind').$type<LocationKind>().notNull(),
  toLocationId: integer('to_location_id'),
  toFill: text('to_fill').$type<FillState>().notNull(),
  customerId: integer('customer_id'),
  source: text('source').$type<MovementSource>().notNull(),
  documentId: integer('document_id'),
  scanReadId: bigint('scan_read_id', { mode: 'number' }),
  pendingId: integer('pending_id'),
  overrideReason: text('override_reason'),
  userId: integer('user_id'),
});

export const scanReaders = pgTable('scan_readers', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<ReaderKind>().notNull(),
  secretHash: text('secret_hash').notNull(),
  active: boolean('active').notNull().default(true),
  lastSeenAt: timestampTz('last_seen_at'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  deletedAt: timestampTz('deleted_at'),
});

export const scanBatches = pgTable('scan_batches', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  readerId: integer('reader_id'),
  userId: integer('user_id'),
  /** `r:<reader id>` or `u:<user id>`: with batchKey, the batch's unique key. */
  sender: text('sender').notNull(),
  batchKey: text('batch_key').notNull(),
  kind: text('kind').$type<MovementKind>(),
  customerId: integer('customer_id'),
  scannedAt: timestampTz('scanned_at').notNull(),
  total: integer('total').notNull().default(0),
  success: integer('success').notNull().default(0),
  failure: integer('failure').notNull().default(0),
  unprocessed: integer('unprocessed').notNull().default(0),
  newToday: integer('new_today').notNull().default(0),
  qualified: integer('qualified').notNull().default(0),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const scanReads = pgTable('scan_reads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  batchId: integer('batch_id').notNull(),
  readerId: integer('reader_id'),
  code: text('code').notNull(),
  readAt: timestampTz('read_at').notNull(),
  readDate: calendarDate('read_date').notNull(),
  kind: text('kind').$type<MovementKind>(),
  cylinderId: integer('cylinder_id'),
  result: text('result').$type<ScanResult>().notNull(),
  reason: text('reason').$type<MoveProblem>(),
  pendingId: integer('pending_id'),
  movementId: bigint('movement_id', { mode: 'number' }),
  newToday: boolean('new_today').notNull().default(false),
  qualified: boolean('qualified').notNull().default(false),
});

/**
 * The scan reads counted per group, store, reader and group date (migration 0503): kept by triggers
 * on scan_reads in the reads' own transaction; the statistics by day read it.
 */
export const scanReadDays = pgTable('scan_read_days', {
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  readerId: integer('reader_id'),
  readDate: calendarDate('read_date').notNull(),
  total: integer('total').notNull(),
  success: integer('success').notNull(),
  failure: integer('failure').notNull(),
  unprocessed: integer('unprocessed').notNull(),
  newToday: integer('new_today').notNull(),
  qualified: integer('qualified').notNull(),
});
