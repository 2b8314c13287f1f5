import { bigserial, boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { MenuSetting } from '@gasops/shared';
import { timestampTz } from './columns.js';

/** Drizzle view of migrations/0001_platform.sql (the SQL file is the source of truth). */

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const storeGroups = pgTable('store_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  responsiblePerson: text('responsible_person'),
  address: text('address'),
  phone: text('phone'),
  unifiedNumber: text('unified_number'),
  issuesInvoice: boolean('issues_invoice').notNull().default(false),
  currency: text('currency').notNull().default('TWD'),
  timeZone: text('time_zone').notNull().default('Asia/Taipei'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  deletedAt: timestampTz('deleted_at'),
});

export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  name: text('name').notNull(),
  responsiblePerson: text('responsible_person'),
  address: text('address'),
  phone: text('phone'),
  unifiedNumber: text('unified_number'),
  customerGasPrice: integer('customer_gas_price').notNull().default(0),
  storeGasPrice: integer('store_gas_price').notNull().default(0),
  issuesInvoice: boolean('issues_invoice').notNull().default(false),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  deletedAt: timestampTz('deleted_at'),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id'),
  name: text('name').notNull(),
  code: text('code').notNull(),
  menu: jsonb('menu').$type<MenuSetting>().notNull().default({}),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id'),
  account: text('account').notNull(),
  name: text('name').notNull(),
  email: text('email'),
  passwordHash: text('password_hash').notNull(),
  roleId: integer('role_id'),
  defaultStoreId: integer('default_store_id'),
  isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
  allStores: boolean('all_stores').notNull().default(false),
  active: boolean('active').notNull().default(true),
  tokenVersion: integer('token_version').notNull().default(0),
  passwordChangedAt: timestampTz('password_changed_at'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  deletedAt: timestampTz('deleted_at'),
});

export const userStores = pgTable('user_stores', { userId: integer('user_id').notNull(), storeId: integer('store_id').notNull() }, (t) => [
  primaryKey({ columns: [t.userId, t.storeId] }),
]);

export const loginHistory = pgTable('login_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestampTz('at').notNull().defaultNow(),
  account: text('account').notNull(),
  userId: integer('user_id'),
  groupId: integer('group_id'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  place: text('place').notNull().default('admin'),
  result: text('result').notNull(),
});

export const actionLog = pgTable('action_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestampTz('at').notNull().defaultNow(),
  userId: integer('user_id'),
  account: text('account'),
  groupId: integer('group_id'),
  screen: text('screen'),
  action: text('action').notNull(),
  entity: text('entity'),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  method: text('method'),
  path: text('path'),
  ip: text('ip'),
});

export const menuHistory = pgTable('menu_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestampTz('at').notNull().defaultNow(),
  userId: integer('user_id'),
  account: text('account'),
  groupId: integer('group_id'),
  screen: text('screen').notNull(),
  path: text('path'),
});

export const params = pgTable('params', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id'),
  code: text('code').notNull(),
  name: text('name').notNull(),
  type: text('type').$type<'number' | 'text'>().notNull(),
  value: text('value').notNull(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
