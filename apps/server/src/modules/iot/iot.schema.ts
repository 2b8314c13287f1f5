import { bigint, bigserial, boolean, date, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { AlertKind } from '@gasops/shared';

/** Drizzle view of migrations/0400_iot.sql (the SQL file is the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const devices = pgTable('devices', {
  id: serial('id').primaryKey(),
  serial: text('serial').notNull(),
  groupId: integer('group_id'),
  storeId: integer('store_id'),
  transferred: boolean('transferred').notNull().default(false),
  transferDate: date('transfer_date', { mode: 'string' }),
  recycleDate: date('recycle_date', { mode: 'string' }),
  secretHash: text('secret_hash').notNull(),
  secretRotatedAt: ts('secret_rotated_at').notNull().defaultNow(),
  simulated: boolean('simulated').notNull().default(false),
  remark: text('remark'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const deviceTransfers = pgTable('device_transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deviceId: integer('device_id').notNull(),
  kind: text('kind').$type<'transfer' | 'recycle'>().notNull(),
  groupId: integer('group_id'),
  storeId: integer('store_id'),
  date: date('date', { mode: 'string' }).notNull(),
  userId: integer('user_id'),
  account: text('account'),
  remark: text('remark'),
  at: ts('at').notNull().defaultNow(),
});

export const storeDevices = pgTable('store_devices', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  deviceId: integer('device_id').notNull(),
  customerId: integer('customer_id').notNull(),
  installDate: date('install_date', { mode: 'string' }).notNull(),
  uninstallDate: date('uninstall_date', { mode: 'string' }),
  capacityGrams: integer('capacity_grams').notNull(),
  tareGrams: integer('tare_grams').notNull(),
  residualGrams: integer('residual_grams'),
  usageGrams: integer('usage_grams'),
  remark: text('remark'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const deviceReadings = pgTable(
  'device_readings',
  {
    deviceId: integer('device_id').notNull(),
    ts: ts('ts').notNull(),
    seq: bigint('seq', { mode: 'number' }),
    grossGrams: integer('gross_grams').notNull(),
    battery: smallint('battery'),
    signal: smallint('signal'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] })],
);

export const deviceState = pgTable('device_state', {
  deviceId: integer('device_id').primaryKey(),
  lastTs: ts('last_ts').notNull(),
  lastSeq: bigint('last_seq', { mode: 'number' }),
  grossGrams: integer('gross_grams').notNull(),
  battery: smallint('battery'),
  signal: smallint('signal'),
  lastSeenAt: ts('last_seen_at').notNull(),
  anchorTs: ts('anchor_ts').notNull(),
  anchorGross: integer('anchor_gross').notNull(),
  dropGramsPerHour: integer('drop_grams_per_hour'),
  readingCount: bigint('reading_count', { mode: 'number' }).notNull().default(0),
});

export const deviceUsageDaily = pgTable(
  'device_usage_daily',
  {
    deviceId: integer('device_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    usedGrams: integer('used_grams').notNull().default(0),
    refills: integer('refills').notNull().default(0),
    firstTs: ts('first_ts').notNull(),
    lastTs: ts('last_ts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

export const iotAlerts = pgTable('iot_alerts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  deviceId: integer('device_id').notNull(),
  storeDeviceId: integer('store_device_id').notNull(),
  customerId: integer('customer_id').notNull(),
  kind: text('kind').$type<AlertKind>().notNull(),
  value: integer('value'),
  openedAt: ts('opened_at').notNull().defaultNow(),
  closedAt: ts('closed_at'),
  orderId: integer('order_id'),
});
