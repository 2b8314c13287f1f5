import { bigint, bigserial, boolean, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import type { AlertKind } from '@gasops/shared';
import { calendarDate, grams, timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/04xx_iot*.sql (the SQL files are the source of truth). */

export const devices = pgTable('devices', {
  id: serial('id').primaryKey(),
  serial: text('serial').notNull(),
  groupId: integer('group_id'),
  storeId: integer('store_id'),
  transferred: boolean('transferred').notNull().default(false),
  transferDate: calendarDate('transfer_date'),
  recycleDate: calendarDate('recycle_date'),
  secretHash: text('secret_hash').notNull(),
  secretRotatedAt: timestampTz('secret_rotated_at').notNull().defaultNow(),
  simulated: boolean('simulated').notNull().default(false),
  remark: text('remark'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const deviceTransfers = pgTable('device_transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deviceId: integer('device_id').notNull(),
  kind: text('kind').$type<'transfer' | 'recycle'>().notNull(),
  groupId: integer('group_id'),
  storeId: integer('store_id'),
  date: calendarDate('date').notNull(),
  userId: integer('user_id'),
  account: text('account'),
  remark: text('remark'),
  at: timestampTz('at').notNull().defaultNow(),
});

export const storeDevices = pgTable('store_devices', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  deviceId: integer('device_id').notNull(),
  customerId: integer('customer_id').notNull(),
  installDate: calendarDate('install_date').notNull(),
  uninstallDate: calendarDate('uninstall_date'),
  capacityGrams: grams('capacity_grams').notNull(),
  tareGrams: grams('tare_grams').notNull(),
  residualGrams: grams('residual_grams'),
  usageGrams: grams('usage_grams'),
  /** Readings taken from then on (and received while installed) are this installation's. */
  installedFrom: timestampTz('installed_from').notNull().defaultNow(),
  uninstalledAt: timestampTz('uninstalled_at'),
  remark: text('remark'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const deviceReadings = pgTable(
  'device_readings',
  {
    deviceId: integer('device_id').notNull(),
    ts: timestampTz('ts').notNull(),
    seq: bigint('seq', { mode: 'number' }),
    grossGrams: grams('gross_grams').notNull(),
    battery: smallint('battery'),
    signal: smallint('signal'),
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
    /** The installation in force when the reading was received; null: the device was installed nowhere. */
    storeDeviceId: integer('store_device_id'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] })],
);

export const deviceState = pgTable('device_state', {
  deviceId: integer('device_id').primaryKey(),
  lastTs: timestampTz('last_ts').notNull(),
  lastSeq: bigint('last_seq', { mode: 'number' }),
  grossGrams: grams('gross_grams').notNull(),
  battery: smallint('battery'),
  signal: smallint('signal'),
  lastSeenAt: timestampTz('last_seen_at').notNull(),
  anchorTs: timestampTz('anchor_ts').notNull(),
  anchorGross: grams('anchor_gross').notNull(),
  dropGramsPerHour: integer('drop_grams_per_hour'),
  readingCount: bigint('reading_count', { mode: 'number' }).notNull().default(0),
  /** The installation of the latest reading (null: installed nowhere); shown to that installation only. */
  storeDeviceId: integer('store_device_id'),
});

export const deviceUsageDaily = pgTable(
  'device_usage_daily',
  {
    storeDeviceId: integer('store_device_id').notNull(),
    day: calendarDate('day').notNull(),
    usedGrams: grams('used_grams').notNull().default(0),
    refills: integer('refills').notNull().default(0),
    firstTs: timestampTz('first_ts').notNull(),
    lastTs: timestampTz('last_ts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeDeviceId, t.day] })],
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
  openedAt: timestampTz('opened_at').notNull().defaultNow(),
  closedAt: timestampTz('closed_at'),
  orderId: integer('order_id'),
});
