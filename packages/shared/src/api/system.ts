import { z } from 'zod';
import { timestamp } from './answers.js';
import type { MenuSetting } from '../menu.js';
import { SITE_TYPES, menuSettingSchema } from '../system.js';
import { errorBody, paged } from '../validation.js';

/**
 * Answers of the system administration API: users, roles, parameters, cylinder handling sites and
 * histories, and the two every administration route (stores and products too) shares.
 */

/** The answer of a delete (or a reset) that has nothing more to say. */
export const okAnswer = z.object({ ok: z.literal(true) });
/** What an administration route may refuse with: bad input, no right, not found (or another tenant's), conflict. */
export const adminErrors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/* ------------------------------------------------------------------ users */

export const userRow = z.object({
  id: z.number().int(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  defaultStoreId: z.number().int().nullable(),
  defaultStoreName: z.string().nullable(),
  active: z.boolean(),
  allStores: z.boolean(),
  isPlatformAdmin: z.boolean(),
  storeIds: z.array(z.number().int()),
  createdAt: timestamp,
});
export type UserRow = z.infer<typeof userRow>;
export const userPage = paged(userRow);
export type UserPage = z.infer<typeof userPage>;

export const resetPasswordResponse = z.object({
  detail: z.string(),
  delivery: z.enum(['smtp', 'outbox']),
  /** Where the message was written when no SMTP server is configured. */
  outboxFile: z.string().nullable(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

/* ------------------------------------------------------------------ roles */

export const roleRow = z.object({
  id: z.number().int(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  name: z.string(),
  code: z.string(),
  menu: menuSettingSchema,
  userCount: z.number().int(),
  /** Whether the caller may change it (a group manager cannot touch a role above their own). */
  editable: z.boolean(),
  updatedAt: timestamp,
});
export type RoleRow = Omit<z.infer<typeof roleRow>, 'menu'> & { menu: MenuSetting };
export const rolePage = paged(roleRow);
export const roleDetail = roleRow.extend({ userIds: z.array(z.number().int()) });
export type RoleDetail = RoleRow & { userIds: number[] };

/* ------------------------------------------------------------- parameters */

export const paramRow = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['number', 'text']),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** The code's built-in default (params.ts). */
  defaultValue: z.string(),
  platformValue: z.string(),
  /** The chosen group's override, if any. */
  groupValue: z.string().nullable(),
  effectiveValue: z.string(),
  updatedAt: timestamp.nullable(),
});
export type ParamRow = z.infer<typeof paramRow>;
export const paramList = z.object({ groupId: z.number().int().nullable(), items: z.array(paramRow) });

/* --------------------------------------------------- cylinder handling sites */

export const siteRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(SITE_TYPES),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  updatedAt: timestamp,
});
export type SiteRow = z.infer<typeof siteRow>;
export const sitePage = paged(siteRow);

/* -------------------------------------------------------------- histories */

/** Who did it and when: the first columns of the action log and the menu history. */
const historyEntry = {
  id: z.number().int(),
  at: timestamp,
  userId: z.number().int().nullable(),
  account: z.string().nullable(),
  userName: z.string().nullable(),
  groupName: z.string().nullable(),
};

export const loginHistoryRow = z.object({
  id: z.number().int(),
  at: timestamp,
  account: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  groupName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  place: z.string(),
  result: z.string(),
});
export type LoginHistoryRow = z.infer<typeof loginHistoryRow>;
export const loginHistoryPage = paged(loginHistoryRow);

export const actionLogRow = z.object({
  ...historyEntry,
  screen: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  ip: z.string().nullable(),
  /** Whether before/after values exist (GET /system/action-log/:id returns them). */
  hasDiff: z.boolean(),
});
export type ActionLogRow = z.infer<typeof actionLogRow>;
export const actionLogPage = paged(actionLogRow);
/** An entry with the logged row before and after the write (any JSON the audit stored; null when none). */
export const actionLogDetail = actionLogRow.extend({ before: z.json(), after: z.json() });
export type ActionLogDetail = z.infer<typeof actionLogDetail>;

export const menuHistoryRow = z.object({
  ...historyEntry,
  screen: z.string(),
  path: z.string().nullable(),
});
export type MenuHistoryRow = z.infer<typeof menuHistoryRow>;
export const menuHistoryPage = paged(menuHistoryRow);
