import { doublePrecision, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import type {
  CheckItem,
  CheckResult,
  FieldActionKind,
  FieldActionResult,
  FieldConflictReason,
  InspectionResult,
  InspectionStatus,
  PaymentType,
} from '@gasops/shared';
import { calendarDate, money, timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/0600_field.sql (the SQL file is the source of truth). */

export const fieldActions = pgTable('field_actions', {
  id: serial('id').primaryKey(),
  actionId: uuid('action_id').notNull(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id'),
  userId: integer('user_id'),
  kind: text('kind').$type<FieldActionKind>().notNull(),
  status: text('status').$type<'applied' | 'conflict'>().notNull(),
  reasons: text('reasons').array().$type<FieldConflictReason[]>().notNull().default([]),
  deviceTime: timestampTz('device_time').notNull(),
  serverTime: timestampTz('server_time').notNull().defaultNow(),
  orderId: integer('order_id'),
  customerId: integer('customer_id'),
  paymentType: text('payment_type').$type<PaymentType>(),
  cashAmount: money('cash_amount'),
  lineCount: integer('line_count').notNull().default(0),
  pendingCount: integer('pending_count').notNull().default(0),
  signaturePath: text('signature_path'),
  photoPath: text('photo_path'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  accuracyM: doublePrecision('accuracy_m'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  result: jsonb('result').$type<FieldActionResult>().notNull(),
});

export type InspectionCylinder = { code: string; cylinderId: number | null; inspectionStatus: InspectionStatus | null };

export const inspections = pgTable('inspections', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  customerId: integer('customer_id').notNull(),
  inspectorId: integer('inspector_id'),
  fieldActionId: integer('field_action_id'),
  inspectionDate: calendarDate('inspection_date').notNull(),
  inspectedAt: timestampTz('inspected_at').notNull(),
  result: text('result').$type<InspectionResult>().notNull(),
  items: jsonb('items').$type<Record<CheckItem, { result: CheckResult; note: string | null }>>().notNull(),
  failedItems: text('failed_items').array().$type<CheckItem[]>().notNull().default([]),
  cylinders: jsonb('cylinders').$type<InspectionCylinder[]>().notNull().default([]),
  nextDueDate: calendarDate('next_due_date'),
  signaturePath: text('signature_path'),
  photoPath: text('photo_path'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  accuracyM: doublePrecision('accuracy_m'),
  remark: text('remark'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});
