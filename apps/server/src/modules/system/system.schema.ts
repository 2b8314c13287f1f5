import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { SiteType } from '@gasops/shared';

/** Drizzle view of migrations/0100_system.sql (the SQL file is the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const cylinderHandlingSites = pgTable('cylinder_handling_sites', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  type: text('type').$type<SiteType>().notNull(),
  address: text('address'),
  phone: text('phone'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});
