import { z } from 'zod';
import { INSPECTION_RULES, INTERVAL_TABLE_PARAMS, parseIntervalTable } from './cylinders.js';
import { ACTIONS, SCREENS } from './menu.js';
import { PARAM_DEFS, paramDef } from './params.js';
import { isCurrencyCode, isTimeZone, optionalPhoneSchema, optionalRefId, queryId, refId } from './stores.js';
import { SITE_TYPES } from './system-vocabulary.js';
import {
  V,
  accountSchema,
  optionalEmailSchema,
  optionalText,
  pageQuery,
  passwordRuleSchema,
  requiredText,
  whenValid,
} from './validation.js';

/**
 * Vocabulary and request schemas of system administration: users, roles, parameters, cylinder handling
 * sites, histories and menu visits. The server validates with these schemas and the web forms validate
 * with the very same ones; the answers are in api/system.ts.
 */

// The vocabulary (handling-site types, the action log's diff) is in system-vocabulary.ts, without zod.
export * from './system-vocabulary.js';

/* ------------------------------------------------------------------ users */

const userFields = {
  groupId: optionalRefId,
  account: accountSchema,
  name: requiredText(100),
  email: optionalEmailSchema,
  roleId: refId,
  defaultStoreId: optionalRefId,
  active: z.boolean().default(true),
  /** true: works in every store of the group; false: only the stores in storeIds. */
  allStores: z.boolean().default(false),
  storeIds: z.array(refId).max(1000, { error: V.max }).default([]),
};

const storesChosen = (b: { allStores: boolean; storeIds: number[] }) => b.allStores || b.storeIds.length > 0;
const defaultInStores = (b: { allStores: boolean; storeIds: number[]; defaultStoreId: number | null }) =>
  b.allStores || b.defaultStoreId === null || b.storeIds.includes(b.defaultStoreId);

export const userCreateBody = z
  .object({
    ...userFields,
    password: passwordRuleSchema(),
    confirmPassword: z.string({ error: V.confirmRequired }).min(1, { error: V.confirmRequired }),
  })
  .refine((b) => b.password === b.confirmPassword, {
    error: V.passwordMismatch,
    path: ['confirmPassword'],
    ...whenValid('password', 'confirmPassword'),
  })
  .refine(storesChosen, { error: V.required, path: ['storeIds'], ...whenValid('allStores', 'storeIds') })
  .refine(defaultInStores, { error: V.invalid, path: ['defaultStoreId'] });
export type UserCreateBody = z.infer<typeof userCreateBody>;

export const userUpdateBody = z
  .object(userFields)
  .refine(storesChosen, { error: V.required, path: ['storeIds'], ...whenValid('allStores', 'storeIds') })
  .refine(defaultInStores, { error: V.invalid, path: ['defaultStoreId'] });
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const userListQuery = pageQuery.extend({
  groupId: queryId.optional(),
  roleId: queryId.optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/* ------------------------------------------------------------------ roles */

export const menuSettingSchema = z.partialRecord(z.enum(SCREENS as [string, ...string[]]), z.array(z.enum(ACTIONS)));

/** A short code (a role's, a handling site's): letters, digits, `_` and `-`. */
export const roleCodeSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(30, { error: V.tooLong })
  .regex(/^[A-Za-z0-9_-]+$/, { error: V.invalid });

export const roleBody = z.object({
  groupId: optionalRefId,
  name: requiredText(50),
  code: roleCodeSchema,
  menu: menuSettingSchema.optional(),
});
export type RoleBody = z.infer<typeof roleBody>;
export const rolePermissionsBody = z.object({ menu: menuSettingSchema });
export const roleUsersBody = z.object({ userIds: z.array(refId).max(2000, { error: V.max }) });

export const roleListQuery = pageQuery.extend({ groupId: queryId.optional() });

/* ------------------------------------------------------------- parameters */

export const PARAM_CODES = PARAM_DEFS.map((p) => p.code) as [string, ...string[]];

/** One parameter value, checked by its definition: numbers in their min/max, texts non-empty (currency, time zone). */
export const paramValueBody = z
  .object({
    code: z.enum(PARAM_CODES, { error: V.invalid }),
    /** null: the platform default; a group id: that group's override. */
    groupId: optionalRefId,
    value: z.union([z.string(), z.number()], { error: V.required }).transform((v) => String(v).trim()),
  })
  .superRefine((b, ctx) => {
    const def = paramDef(b.code);
    if (!def) return;
    if (b.value === '') {
      ctx.addIssue({ code: 'custom', message: V.required, path: ['value'] });
      return;
    }
    if (def.type === 'number') {
      const n = Number(b.value);
      if (!/^-?\d+(\.\d+)?$/.test(b.value) || !Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: V.number, path: ['value'] });
      else if (def.min !== undefined && n < def.min)
        ctx.addIssue({ code: 'too_small', origin: 'number', minimum: def.min, inclusive: true, input: n, message: V.min, path: ['value'] });
      else if (def.max !== undefined && n > def.max)
        ctx.addIssue({ code: 'too_big', origin: 'number', maximum: def.max, inclusive: true, input: n, message: V.max, path: ['value'] });
    } else if (b.code === 'DEFAULT_CURRENCY' && !isCurrencyCode(b.value)) {
      ctx.addIssue({ code: 'custom', message: V.invalid, path: ['value'] });
    } else if (b.code === 'DEFAULT_TIME_ZONE' && !isTimeZone(b.value)) {
      ctx.addIssue({ code: 'custom', message: V.invalid, path: ['value'] });
    } else if (
      b.code in INTERVAL_TABLE_PARAMS &&
      !parseIntervalTable(
        b.value,
        b.code === 'CYLINDER_INTERVALS_COMPOSITE' ? INSPECTION_RULES.compositeLifeYears : INSPECTION_RULES.steelLifeYears,
      )
    ) {
      ctx.addIssue({ code: 'custom', message: V.invalid, path: ['value'] });
    } else if (b.value.length > 200) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: 200,
        inclusive: true,
        input: b.value,
        message: V.tooLong,
        path: ['value'],
      });
    }
  });
export type ParamValueBody = z.infer<typeof paramValueBody>;
export const paramResetBody = z.object({ code: z.enum(PARAM_CODES, { error: V.invalid }), groupId: refId });

export const paramQuery = z.object({ groupId: queryId.optional(), keyword: z.string().trim().max(100, { error: V.tooLong }).optional() });

/* --------------------------------------------------- cylinder handling sites */

export const siteBody = z.object({
  code: roleCodeSchema,
  name: requiredText(100),
  type: z.enum(SITE_TYPES, { error: V.required }),
  address: optionalText(200),
  phone: optionalPhoneSchema,
});
export type SiteBody = z.infer<typeof siteBody>;
export const siteQuery = pageQuery.extend({ type: z.enum(SITE_TYPES).optional() });

/* -------------------------------------------------------------- histories */

/** A date in a query (from/to filters). */
const queryDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid });

type Period = { from?: string; to?: string };
/** A period is in order unless both days are given and `to` comes before `from`. */
const periodInOrder = ({ from, to }: Period) => !from || !to || from <= to;

/** The query of a history: a page, a period of days (from ≤ to), one user, one group, and the history's own filters. */
const historyListQuery = <T extends z.ZodRawShape>(own: T) =>
  pageQuery
    .extend({
      from: queryDate.optional(),
      to: queryDate.optional(),
      userId: queryId.optional(),
      groupId: queryId.optional(),
      ...own,
    })
    .refine((q) => periodInOrder(q as Period), { error: V.dateOrder, path: ['to'] });

export const historyQuery = historyListQuery({});
export type HistoryQuery = z.infer<typeof historyQuery>;
export const loginHistoryQuery = historyListQuery({ result: z.string().max(30).optional() });
export const actionLogQuery = historyListQuery({ screen: z.string().max(60).optional(), entity: z.string().max(60).optional() });

/** POST /system/menu-history: the web app reports a screen it opened. */
export const menuVisitBody = z.object({ screen: z.enum(SCREENS as [string, ...string[]]), path: z.string().max(500).optional() });
export type MenuVisitBody = z.infer<typeof menuVisitBody>;
