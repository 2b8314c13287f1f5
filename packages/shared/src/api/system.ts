import { z } from 'zod';
import { ACTIONS, SCREENS, type MenuSetting } from '../menu.js';
import { PARAM_DEFS, paramDef } from '../params.js';
import {
  V,
  accountSchema,
  blankAsMissing,
  errorBody,
  optionalEmailSchema,
  optionalText,
  optionalUbnSchema,
  pageQuery,
  paged,
  passwordRuleSchema,
  requiredText,
  whenValid,
} from '../validation.js';

/**
 * Request and answer shapes of the system administration and store management API (users, roles,
 * store groups, stores, products, parameters, cylinder handling sites, histories). The server
 * validates with these schemas and the web forms validate with the very same ones.
 */

/** An id inside a JSON body (no string coercion: bodies carry numbers). */
const refId = z.number({ error: V.required }).int({ error: V.integer }).min(1, { error: V.min }).max(2147483647, { error: V.max });
const optionalRefId = refId.nullish().transform((v) => v ?? null);
/** An id in a query string (coerced from text). */
const queryId = blankAsMissing(
  z.coerce.number({ error: V.integer }).int({ error: V.integer }).min(1, { error: V.min }).max(2147483647, { error: V.max }),
);

/** Money in integer minor units (cents of the store group's currency), never negative. */
const moneySchema = z.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(1_000_000_000, { error: V.max });

const phoneSchema = z
  .string({ error: V.invalid })
  .trim()
  .max(30, { error: V.tooLong })
  .regex(/^[0-9+()#\-\s]*$/, { error: V.invalid })
  .nullish()
  .transform((v) => (v ? v : null));

let currencies: Set<string> | null = null;
/** ISO 4217 codes this runtime knows (Intl), so amounts can always be formatted. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (!currencies) {
    try {
      currencies = new Set(Intl.supportedValuesOf('currency'));
    } catch {
      currencies = new Set();
    }
  }
  return currencies.size === 0 ? true : currencies.has(code);
}

/** An IANA time zone the runtime can format dates in. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const groupCurrencySchema = z.string({ error: V.required }).trim().toUpperCase().refine(isCurrencyCode, { error: V.invalid });
export const groupTimeZoneSchema = z.string({ error: V.required }).trim().refine(isTimeZone, { error: V.invalid });

/** How many minor-unit digits a currency has (TWD 2, JPY 0, MYR 2). */
export function currencyMinorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Formats integer minor units as money in the given language, e.g. 3600 TWD → "$36.00" / "NT$36.00". */
export function formatMoneyMinor(minor: number, currency: string, locale: string): string {
  const digits = currencyMinorDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    return major.toFixed(digits);
  }
}

/** Major units typed in a form → integer minor units (rounded half away from zero). */
export function toMinorUnits(major: number, currency: string): number {
  const factor = 10 ** currencyMinorDigits(currency);
  return Math.round(major * factor);
}

export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyMinorDigits(currency);
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid });
const timestamp = z.string();

/** The answer of a delete (or a reset) that has nothing more to say. */
export const okAnswer = z.object({ ok: z.literal(true) });
/** What an administration route may refuse with: bad input, no right, not found (or another tenant's), conflict. */
export const adminErrors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

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

export const menuSettingSchema = z.partialRecord(z.enum(SCREENS as [string, ...string[]]), z.array(z.enum(ACTIONS)));

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

/* ----------------------------------------------------------- store groups */

const groupFields = {
  name: requiredText(100),
  responsiblePerson: optionalText(50),
  address: optionalText(200),
  phone: phoneSchema,
  unifiedNumber: optionalUbnSchema,
  issuesInvoice: z.boolean().default(false),
  currency: groupCurrencySchema.default('TWD'),
  timeZone: groupTimeZoneSchema.default('Asia/Taipei'),
};
// A group or store that issues uniform invoices needs its unified business number on them.
const ubnWhenInvoicing = (b: { issuesInvoice: boolean; unifiedNumber: string | null }) => !b.issuesInvoice || !!b.unifiedNumber;

export const groupCreateBody = z
  .object(groupFields)
  .refine(ubnWhenInvoicing, { error: V.ubnRequired, path: ['unifiedNumber'], ...whenValid('issuesInvoice', 'unifiedNumber') });
export type GroupCreateBody = z.infer<typeof groupCreateBody>;
export const groupUpdateBody = z
  .object({ id: refId, ...groupFields })
  .refine(ubnWhenInvoicing, { error: V.ubnRequired, path: ['unifiedNumber'], ...whenValid('issuesInvoice', 'unifiedNumber') });
export type GroupUpdateBody = z.infer<typeof groupUpdateBody>;
export const systemIdBody = z.object({ id: refId });

/** GET /store/group: one group with `id`, else the list. */
export const groupQuery = pageQuery.extend({ id: queryId.optional() });

export const groupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  responsiblePerson: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  unifiedNumber: z.string().nullable(),
  issuesInvoice: z.boolean(),
  currency: z.string(),
  timeZone: z.string(),
  storeCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: timestamp,
});
export type GroupRow = z.infer<typeof groupRow>;
export const groupPage = paged(groupRow);
/** GET /store/group answers one group when asked by id, else a page of them. */
export const groupOrPage = z.union([groupRow, groupPage]);

export const groupUserQuery = pageQuery.extend({ groupId: queryId.optional() });
export const groupUserRow = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roleName: z.string().nullable(),
  active: z.boolean(),
  /** Group-level staff: works in every store of the group. */
  allStores: z.boolean(),
});
export type GroupUserRow = z.infer<typeof groupUserRow>;
export const groupUserPage = paged(groupUserRow);
/** PUT /store/groupuser: which users of the group are group-level staff (all stores). */
export const groupUserBody = z.object({ groupId: optionalRefId, userIds: z.array(refId).max(2000, { error: V.max }) });
/** The answer to PUT /store/groupuser: the group-level staff afterwards (ascending ids). */
export const groupUserIds = z.object({ userIds: z.array(z.number().int()) });

/* ----------------------------------------------------------------- stores */

const latitude = z
  .number({ error: V.number })
  .min(-90, { error: V.min })
  .max(90, { error: V.max })
  .nullish()
  .transform((v) => v ?? null);
const longitude = z
  .number({ error: V.number })
  .min(-180, { error: V.min })
  .max(180, { error: V.max })
  .nullish()
  .transform((v) => v ?? null);

const storeFields = {
  groupId: optionalRefId,
  name: requiredText(100),
  responsiblePerson: optionalText(50),
  address: optionalText(200),
  phone: phoneSchema,
  unifiedNumber: optionalUbnSchema,
  customerGasPrice: moneySchema,
  storeGasPrice: moneySchema,
  issuesInvoice: z.boolean().default(false),
  latitude,
  longitude,
};
const bothOrNeither = (b: { latitude: number | null; longitude: number | null }) => (b.latitude === null) === (b.longitude === null);

export const storeCreateBody = z
  .object(storeFields)
  .refine(ubnWhenInvoicing, { error: V.ubnRequired, path: ['unifiedNumber'], ...whenValid('issuesInvoice', 'unifiedNumber') })
  .refine(bothOrNeither, { error: V.required, path: ['longitude'], ...whenValid('latitude', 'longitude') });
export type StoreCreateBody = z.infer<typeof storeCreateBody>;
export const storeUpdateBody = z
  .object({ id: refId, ...storeFields })
  .refine(ubnWhenInvoicing, { error: V.ubnRequired, path: ['unifiedNumber'], ...whenValid('issuesInvoice', 'unifiedNumber') })
  .refine(bothOrNeither, { error: V.required, path: ['longitude'], ...whenValid('latitude', 'longitude') });
export type StoreUpdateBody = z.infer<typeof storeUpdateBody>;

export const storeListQuery = pageQuery.extend({
  groupId: queryId.optional(),
  // Without parameters GET /store answers every store the user may see (seed §7), so a larger page.
  pageSize: z.coerce
    .number({ error: V.integer })
    .int({ error: V.integer })
    .min(1, { error: V.min })
    .max(500, { error: V.max })
    .default(500),
});

export const storeRow = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  currency: z.string(),
  name: z.string(),
  responsiblePerson: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  unifiedNumber: z.string().nullable(),
  customerGasPrice: z.number().int(),
  storeGasPrice: z.number().int(),
  issuesInvoice: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  userCount: z.number().int(),
  createdAt: timestamp,
});
export type StoreRow = z.infer<typeof storeRow>;
export const storePage = paged(storeRow);

export const storeUserQuery = z.object({ storeId: queryId });
export const storeUserRow = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roleName: z.string().nullable(),
  active: z.boolean(),
  /** Assigned explicitly (user_stores) or through being group-level staff. */
  via: z.enum(['store', 'group']),
});
export type StoreUserRow = z.infer<typeof storeUserRow>;
export const storeUserList = z.array(storeUserRow);
/** PUT /store/storeuser: the users explicitly assigned to a store (group-level staff are always in). */
export const storeUserBody = z.object({ storeId: refId, userIds: z.array(refId).max(2000, { error: V.max }) });

export const backgroundUserQuery = z.object({
  groupId: queryId.optional(),
  keyword: z.string().trim().max(100, { error: V.tooLong }).optional(),
});
export const backgroundUserRow = z.object({ id: z.number().int(), account: z.string(), name: z.string(), roleName: z.string().nullable() });
export type BackgroundUserRow = z.infer<typeof backgroundUserRow>;
export const backgroundUserList = z.array(backgroundUserRow);

/* --------------------------------------------------------------- products */

export const productTypeBody = z.object({
  groupId: optionalRefId,
  name: requiredText(50),
  sortOrder: z.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(9999, { error: V.max }).default(0),
});
export type ProductTypeBody = z.infer<typeof productTypeBody>;
export const productTypeUpdateBody = productTypeBody.extend({ id: refId });
export const productTypeQuery = pageQuery.extend({ groupId: queryId.optional(), id: queryId.optional() });
export const productTypeRow = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  productCount: z.number().int(),
  updatedAt: timestamp,
});
export type ProductTypeRow = z.infer<typeof productTypeRow>;
export const productTypePage = paged(productTypeRow);

export const productBody = z.object({
  groupId: optionalRefId,
  typeId: refId,
  name: requiredText(100),
  code: optionalText(30),
  unit: requiredText(10),
  price: moneySchema,
  active: z.boolean().default(true),
});
export type ProductBody = z.infer<typeof productBody>;
export const productUpdateBody = productBody.extend({ id: refId });
export const productQuery = pageQuery.extend({
  groupId: queryId.optional(),
  typeId: queryId.optional(),
  active: z.enum(['true', 'false']).optional(),
});
export const productRow = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  currency: z.string(),
  typeId: z.number().int(),
  typeName: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  unit: z.string(),
  price: z.number().int(),
  active: z.boolean(),
  updatedAt: timestamp,
});
export type ProductRow = z.infer<typeof productRow>;
export const productPage = paged(productRow);

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

export const SITE_TYPES = ['filling', 'inspection', 'both'] as const;
export type SiteType = (typeof SITE_TYPES)[number];
export const siteBody = z.object({
  code: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(30, { error: V.tooLong })
    .regex(/^[A-Za-z0-9_-]+$/, { error: V.invalid }),
  name: requiredText(100),
  type: z.enum(SITE_TYPES, { error: V.required }),
  address: optionalText(200),
  phone: phoneSchema,
});
export type SiteBody = z.infer<typeof siteBody>;
export const siteQuery = pageQuery.extend({ type: z.enum(SITE_TYPES).optional() });
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

export const historyQuery = pageQuery
  .extend({
    from: isoDate.optional(),
    to: isoDate.optional(),
    userId: queryId.optional(),
    groupId: queryId.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: V.dateOrder, path: ['to'] });
export type HistoryQuery = z.infer<typeof historyQuery>;

export const loginHistoryQuery = pageQuery
  .extend({
    from: isoDate.optional(),
    to: isoDate.optional(),
    userId: queryId.optional(),
    groupId: queryId.optional(),
    result: z.string().max(30).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: V.dateOrder, path: ['to'] });

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

export const actionLogQuery = pageQuery
  .extend({
    from: isoDate.optional(),
    to: isoDate.optional(),
    userId: queryId.optional(),
    groupId: queryId.optional(),
    screen: z.string().max(60).optional(),
    entity: z.string().max(60).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: V.dateOrder, path: ['to'] });

export const actionLogRow = z.object({
  id: z.number().int(),
  at: timestamp,
  userId: z.number().int().nullable(),
  account: z.string().nullable(),
  userName: z.string().nullable(),
  groupName: z.string().nullable(),
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
  id: z.number().int(),
  at: timestamp,
  userId: z.number().int().nullable(),
  account: z.string().nullable(),
  userName: z.string().nullable(),
  groupName: z.string().nullable(),
  screen: z.string(),
  path: z.string().nullable(),
});
export type MenuHistoryRow = z.infer<typeof menuHistoryRow>;
/** POST /system/menu-history: the web app reports a screen it opened. */
export const menuVisitBody = z.object({ screen: z.enum(SCREENS as [string, ...string[]]), path: z.string().max(500).optional() });
export type MenuVisitBody = z.infer<typeof menuVisitBody>;
export const menuHistoryPage = paged(menuHistoryRow);

/** One changed field of an action-log entry, for the before/after view. */
export type DiffEntry = { field: string; before: unknown; after: unknown };

/** The fields whose values differ between two logged rows (shallow, JSON equality), in a stable order. */
export function diffValues(before: unknown, after: unknown): DiffEntry[] {
  const obj = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const b = obj(before);
  const a = obj(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}
