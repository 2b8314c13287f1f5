import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { SiteType } from '@gasops/shared';
import { timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/0100_system.sql (the SQL file is the source of truth). */

export const cylinderHandlingSites = pgTable('cylinder_handling_sites', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  type: text('type').$type<SiteType>().notNull(),
  address: text('address'),
  phone: text('phone'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  deletedAt: timestampTz('deleted_at'),
});
