import { z } from 'zod';
import { hasKey, translate } from './i18n/index.js';
import type { Locale } from './locales.js';
import { isValidUbn } from './ubn.js';
// Before any schema is used: zod without compiled code in a browser (zod-config.ts).
import './zod-config.js';

/**
 * The validation rules of seed §5, defined once. Messages are i18n keys; the server translates them
 * into the request's language and the web client into the active one, so both show the same words.
 */
const k = (name: string) => `feedback.validation.${name}`;
export const V = {
  required: k('required'),
  invalid: k('invalid'),
  tooLong: k('tooLong'),
  controlChars: k('controlChars'),
  number: k('number'),
  integer: k('integer'),
  min: k('min'),
  max: k('max'),
  accountRequired: k('accountRequired'),
  passwordRequired: k('passwordRequired'),
  oldPasswordRequired: k('oldPasswordRequired'),
  newPasswordRequired: k('newPasswordRequired'),
  confirmRequired: k('confirmRequired'),
  passwordMismatch: k('passwordMismatch'),
  passwordRule: k('passwordRule'),
  email: k('email'),
  ubnRequired: k('ubnRequired'),
  ubnDigits: k('ubnDigits'),
  ubnInvalid: k('ubnInvalid'),
  invoiceStartRequired: k('invoiceStartRequired'),
  invoiceStartDigits: k('invoiceStartDigits'),
  invoiceEndRequired: k('invoiceEndRequired'),
  invoiceNumber: k('invoiceNumber'),
  invoiceEndGreater: k('invoiceEndGreater'),
  selectCustomer: k('selectCustomer'),
  selectStore: k('selectStore'),
  selectDeliveryPerson: k('selectDeliveryPerson'),
  selectDeliveryTime: k('selectDeliveryTime'),
  meterReading: k('meterReading'),
  serviceContent: k('serviceContent'),
  amount: k('amount'),
  recycleBeforeTransfer: k('recycleBeforeTransfer'),
  transferAfterRecycle: k('transferAfterRecycle'),
  duplicateCylinder: k('duplicateCylinder'),
  noSpace: k('noSpace'),
  noMatchingField: k('noMatchingField'),
  atLeastOneCylinder: k('atLeastOneCylinder'),
  dateOrder: k('dateOrder'),
} as const;

/**
 * Control characters no text may hold: C0 (U+0000–U+001F) and DEL (U+007F), except tab, line feed and
 * carriage return, which multi-line text (remarks, addresses pasted from elsewhere) legitimately has.
 * PostgreSQL cannot store a NUL at all; the others are invisible and break exports and searches.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasControlChars = (s: string) => CONTROL_CHARS.test(s);
/** The rule of every free text: `noControlChars(z.string()…)` refuses control characters with V.controlChars. */
export const noControlChars = <T extends z.ZodString>(schema: T): T =>
  schema.refine((s) => !CONTROL_CHARS.test(s), { error: V.controlChars });

/** A required text field: trimmed, non-empty, bounded, no control characters. */
export const requiredText = (max = 200, message: string = V.required) =>
  noControlChars(z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: V.tooLong }));

/** An optional text field: empty strings and null become null; no control characters. */
export const optionalText = (max = 500) =>
  noControlChars(z.string({ error: V.invalid }).trim().max(max, { error: V.tooLong }))
    .nullish()
    .transform((v) => (v ? v : null));

export const accountSchema = z
  .string({ error: V.accountRequired })
  .trim()
  .min(1, { error: V.accountRequired })
  .max(64, { error: V.tooLong })
  .regex(/^[A-Za-z0-9._@-]+$/, { error: V.invalid });

/** Password rule of seed §5/§9: at least 8 characters with a digit. */
export const passwordRuleSchema = (required: string = V.passwordRequired) =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .min(8, { error: V.passwordRule })
    .max(128, { error: V.tooLong })
    .regex(/\d/, { error: V.passwordRule });

export const emailSchema = z
  .string({ error: V.email })
  .trim()
  .max(254, { error: V.tooLong })
  .pipe(z.email({ error: V.email }));
export const optionalEmailSchema = z
  .union([z.literal(''), emailSchema])
  .nullish()
  .transform((v) => (v ? v : null));

/** Unified business number: required, exactly 8 digits, valid checksum (DOMAIN.md). */
export const ubnSchema = z
  .string({ error: V.ubnRequired })
  .trim()
  .min(1, { error: V.ubnRequired })
  .regex(/^\d{8}$/, { error: V.ubnDigits })
  .refine(isValidUbn, { error: V.ubnInvalid });
export const optionalUbnSchema = z
  .union([z.literal(''), ubnSchema])
  .nullish()
  .transform((v) => (v ? v : null));

type IssueLike = { path?: PropertyKey[] | undefined };
/**
 * Options for an object-level rule that compares fields (passwords match, stores chosen…): zod
 * skips such rules while any field of the object is invalid, so a form would show them only on a
 * second save. With `whenValid(...)` the rule runs as soon as the fields it reads are valid.
 */
export const whenValid = (...fields: string[]) => ({
  when: (payload: { issues: readonly IssueLike[] }) =>
    // Not when the value is no object at all (a root issue has an empty path), nor when a compared field failed.
    !payload.issues.some((i) => !i.path?.length || fields.includes(String(i.path[0]))),
});

export const loginBody = z.object({
  account: accountSchema,
  password: z.string({ error: V.passwordRequired }).min(1, { error: V.passwordRequired }).max(128, { error: V.tooLong }),
  place: z.enum(['admin', 'seeker']).default('admin'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const changePasswordBody = z
  .object({
    oldPassword: z.string({ error: V.oldPasswordRequired }).min(1, { error: V.oldPasswordRequired }),
    newPassword: passwordRuleSchema(V.newPasswordRequired),
    confirmPassword: z.string({ error: V.confirmRequired }).min(1, { error: V.confirmRequired }),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    error: V.passwordMismatch,
    path: ['confirmPassword'],
    ...whenValid('newPassword', 'confirmPassword'),
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Query string of every paged list. */
export const pageQuery = z.object({
  page: z.coerce.number({ error: V.integer }).int({ error: V.integer }).min(1, { error: V.min }).default(1),
  pageSize: z.coerce.number({ error: V.integer }).int({ error: V.integer }).min(1, { error: V.min }).max(500, { error: V.max }).default(20),
  /** A pasted line break or tab becomes a space (a keyword is one line); other control characters are refused. */
  keyword: noControlChars(
    z
      .string()
      .overwrite((s) => s.replace(/[\t\n\r]+/g, ' '))
      .trim()
      .max(100, { error: V.tooLong }),
  ).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const idSchema = z.coerce
  .number({ error: V.integer })
  .int({ error: V.integer })
  .min(1, { error: V.min })
  .max(2147483647, { error: V.max });
export const idParam = z.object({ id: idSchema });

/** A paged answer. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/**
 * A paged answer of a list that may stop counting (the platform's capped count on big tables):
 * `totalIsLowerBound` says "at least `total`".
 */
export const cappedPaged = <T extends z.ZodType>(item: T) => paged(item).extend({ totalIsLowerBound: z.literal(true).optional() });

/** The error body every 4xx/5xx answer carries. */
export const errorBody = z.object({ detail: z.string(), errors: z.record(z.string(), z.string()).optional(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;

type Issue = { code: string; message: string; path: PropertyKey[]; input?: unknown; minimum?: unknown; maximum?: unknown; origin?: string };

/** Turns one zod issue into a message in the given language (keys from our schemas, zod's own codes otherwise). */
export function issueMessage(issue: Issue, locale: Locale): string {
  return issueMessageWith(issue, (key, params) => translate(locale, key, params), hasKey);
}

/**
 * `issueMessage` with another translator: the web's i18next, whose catalogues arrive per language (so a
 * page does not carry every language's messages for `translate`).
 */
export function issueMessageWith(
  issue: Issue,
  tr: (key: string, params?: Record<string, unknown>) => string,
  has: (key: string) => boolean,
): string {
  const params = { min: issue.minimum as number, max: issue.maximum as number };
  // A message key: the shared V keys, or a module's rule (e.g. orders.validation.*).
  if (issue.message.startsWith('feedback.') || has(issue.message)) return tr(issue.message, params);
  switch (issue.code) {
    case 'invalid_type':
      return tr(issue.input === undefined || issue.input === null ? V.required : V.invalid);
    case 'too_small':
      return issue.origin === 'string' ? tr('feedback.validation.tooShort', params) : tr(V.min, params);
    case 'too_big':
      return issue.origin === 'string' ? tr(V.tooLong, params) : tr(V.max, params);
    default:
      return tr(V.invalid);
  }
}

/** Field-level messages: path `a.b.0` → message; the first issue of each field wins. */
export function fieldErrors(issues: readonly Issue[], locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = issueMessage(issue, locale);
  }
  return out;
}

/**
 * Numbers from forms and query strings: an empty box ('' or null) is a missing value, so the
 * field's "required" message shows. (`z.coerce.number` alone turns both into 0, which would
 * save an empty amount, tare or meter reading as zero.) Optional fields keep `.nullish()` after it.
 */
export const blankAsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema);

/** A store picked in a form: an empty choice reads "required", not "enter a whole number". */
export const storeIdSchema = blankAsMissing(
  z.coerce.number({ error: V.required }).int({ error: V.required }).min(1, { error: V.required }).max(2147483647, { error: V.max }),
);

/**
 * An import (customers, cylinders): the xlsx/csv file is read in the browser and its rows arrive as
 * text cells keyed by the module's import fields; checked first (dry run), then imported all or
 * nothing (`all`) or only the valid rows (`valid`).
 */
export const importBody = z.object({
  storeId: storeIdSchema,
  rows: z
    .array(z.record(z.string(), z.string().max(500).nullable()))
    .min(1, { error: V.required })
    .max(5000, { error: V.max }),
  mode: z.enum(['all', 'valid']).default('all'),
  dryRun: z.boolean().default(true),
});
export type ImportBody = z.input<typeof importBody>;
