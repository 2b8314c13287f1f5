import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { CONTROL_CHARS, fieldErrors, translate, V, type Locale } from '@gasops/shared';
import { localeOf } from './i18n.js';

/**
 * A failure the caller can act on. `key` is an i18n key (feedback.error.* / feedback.validation.*);
 * `fields` maps field paths to i18n keys. Translated into the request's language when answered.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params?: Record<string, unknown>,
    readonly fields?: Record<string, string>,
  ) {
    super(key);
  }
}

export const badRequest = (key = 'feedback.error.badRequest', fields?: Record<string, string>) => new AppError(400, key, undefined, fields);
/** A single-field validation failure, e.g. invalid(`storeId`, V.required). */
export const invalidField = (field: string, key: string) => new AppError(400, key, undefined, { [field]: key });
export const unauthorized = (key = 'feedback.error.unauthenticated') => new AppError(401, key);
export const forbidden = (key = 'feedback.error.forbidden') => new AppError(403, key);
export const notFound = (key = 'feedback.error.notFound') => new AppError(404, key);
export const conflict = (key = 'feedback.error.conflict', params?: Record<string, unknown>) => new AppError(409, key, params);
/** A delete refused because other records use the row: 409 with the reason in a shop's words (`REFUSED.*`). */
export const inUse = (key: string = 'feedback.error.inUse') => new AppError(409, key);

/**
 * Why a delete is refused, in a shop's words: one message per kind of record and what uses it. The
 * services check before deleting when the database would not refuse by itself (a store's customers,
 * a category's customers: ON DELETE SET NULL, soft deletes); the error handler maps a foreign-key
 * refusal to the same words through `REFUSED_BY_TABLE`.
 */
export const REFUSED = {
  customerOrders: 'feedback.refused.customerOrders',
  customerBills: 'feedback.refused.customerBills',
  customerGasCredit: 'feedback.refused.customerGasCredit',
  customerDevices: 'feedback.refused.customerDevices',
  customerRecords: 'feedback.refused.customerRecords',
  categoryCustomers: 'feedback.refused.categoryCustomers',
  categoryProducts: 'feedback.refused.categoryProducts',
  storeCustomers: 'feedback.refused.storeCustomers',
  productOrders: 'feedback.refused.productOrders',
  productTypeProducts: 'feedback.refused.productTypeProducts',
  deliveryPersonOrders: 'feedback.refused.deliveryPersonOrders',
  roleUsers: 'feedback.refused.roleUsers',
  expenseItemExpenses: 'feedback.refused.expenseItemExpenses',
  groupStores: 'feedback.refused.groupStores',
} as const;

/** `deleted table` → `referencing table` (or `*`) → the reason, for foreign-key refusals. */
const REFUSED_BY_TABLE: Record<string, Record<string, string>> = {
  customers: {
    orders: REFUSED.customerOrders,
    cylinder_operations: REFUSED.customerOrders,
    monthly_bills: REFUSED.customerBills,
    payments: REFUSED.customerBills,
    customer_gas_credits: REFUSED.customerGasCredit,
    store_devices: REFUSED.customerDevices,
    '*': REFUSED.customerRecords,
  },
  store_products: { '*': REFUSED.productOrders },
  products: { '*': REFUSED.productOrders },
  product_types: { '*': REFUSED.productTypeProducts },
  expense_items: { '*': REFUSED.expenseItemExpenses },
  roles: { '*': REFUSED.roleUsers },
  stores: { customers: REFUSED.storeCustomers },
  store_groups: { '*': REFUSED.groupStores },
};

/**
 * The reason of a foreign-key refusal from PostgreSQL's message, `update or delete on table "customers"
 * violates foreign key constraint "…" on table "orders"`; the generic "in use" when it is not known.
 */
export function refusedDeleteKey(message: string): string {
  const m = /delete on table "([a-z0-9_]+)" violates foreign key constraint "[^"]*" on table "([a-z0-9_]+)"/.exec(message);
  const byChild = m ? REFUSED_BY_TABLE[m[1]!] : undefined;
  return (byChild && (byChild[m![2]!] ?? byChild['*'])) ?? 'feedback.error.inUse';
}
/** A value already taken (an account, a code): 409 with the message on the field. */
export const taken = (field: string, key: string) => new AppError(409, key, undefined, { [field]: key });

type Issue = { code: string; message: string; path: PropertyKey[] } & Record<string, unknown>;

function translateFields(fields: Record<string, string>, locale: Locale) {
  return Object.fromEntries(Object.entries(fields).map(([f, key]) => [f, translate(locale, key)]));
}

/** The PostgreSQL error inside a driver or Drizzle wrapper (Drizzle puts it in `cause`). */
function pgErrorOf(err: unknown): { code: string; detail?: unknown; message?: unknown } | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as { code: string; detail?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Columns that scope a unique key to a tenant; the field a user got wrong is the other one. */
const SCOPE_COLUMNS = new Set(['group_id', 'store_id', 'deleted_at']);
const NOT_COLUMNS = new Set(['lower', 'upper', 'coalesce', 'text', 'int', 'integer']);

/**
 * The field a unique violation is about, from PostgreSQL's detail `Key (group_id, lower(name::text))=(…)`:
 * its columns without the tenant scope, in the API's camelCase (`name`).
 */
export function duplicateFieldOf(detail: string): string {
  const key = /^Key \((.*)\)=\(/.exec(detail)?.[1] ?? '';
  const columns = (key.match(/[a-z_][a-z0-9_]*/g) ?? []).filter((c) => !SCOPE_COLUMNS.has(c) && !NOT_COLUMNS.has(c));
  return columns.map((c) => c.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase())).join(', ');
}

/** PostgreSQL error codes that are the caller's fault, mapped to 4xx instead of 500. */
export function pgClientError(err: unknown): AppError | null {
  const pgErr = pgErrorOf(err);
  if (!pgErr) return null;
  const code = pgErr.code;
  if (code === '23505') return new AppError(409, 'feedback.error.duplicate', { field: duplicateFieldOf(String(pgErr.detail ?? '')) });
  if (code === '23503') return inUse(refusedDeleteKey(String(pgErr.message ?? '')));
  if (BAD_VALUE_CODES.has(code)) return new AppError(400, 'feedback.error.badRequest');
  return null;
}

/**
 * PostgreSQL errors about a value the caller sent: invalid text representation, out of range, bad
 * date/time, too long, check violation, and the last resort for text the shared schemas should have
 * refused (invalid byte sequence: a NUL; untranslatable character; bad LIKE escape or regex).
 */
const BAD_VALUE_CODES = new Set(['22P02', '22003', '22007', '22008', '22001', '23514', '22021', '22P05', '22025', '22019', '2201B']);

/** Where a failed query's driver error keeps values: parameters, the failing row (`detail`), context. */
const VALUE_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'values', 'input', 'raw']);
/** Drizzle's "Failed query: <sql>\nparams: <values>" without the values. */
const withoutParams = (s: string) => {
  const at = s.indexOf('\nparams: ');
  return at < 0 ? s : `${s.slice(0, at)}\nparams: [not logged]`;
};

/**
 * An error as the log may keep it (the logger's `err` serializer): type, message, stack, code, table,
 * constraint… and its causes, but never the values of a failed query, which are customer data.
 */
export function loggableError(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as Error & Record<string, unknown>;
  const message = typeof e.message === 'string' ? e.message : '';
  const safe = withoutParams(message);
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name, message: safe };
  // The stack repeats the message; when it does not hold it verbatim, it is cut at the values instead.
  if (typeof e.stack === 'string')
    out.stack = message && e.stack.includes(message) ? e.stack.replace(message, () => safe) : withoutParams(e.stack);
  for (const [key, value] of Object.entries(e)) {
    if (key in out || key === 'cause' || VALUE_KEYS.has(key)) continue;
    if (typeof value === 'string') out[key] = withoutParams(value);
    else if (value === null || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (e.cause !== undefined && depth < 5) out.cause = loggableError(e.cause, depth + 1);
  return out;
}

/** The logger's `err` serializer (app.ts). */
export const logErr = (err: Error) => loggableError(err) as { type: string; message: string; stack: string; [key: string]: unknown };

/** Paths (`a.b.0`) of the strings, and object keys, in a request part that hold control characters. */
export function controlCharPaths(value: unknown, at = '', out: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (CONTROL_CHARS.test(value)) out.push(at || '_');
  } else if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && depth < 32) {
    for (const [key, v] of Object.entries(value)) {
      const path = at ? `${at}.${key}` : key;
      if (CONTROL_CHARS.test(key)) out.push(path);
      else controlCharPaths(v, path, out, depth + 1);
    }
  }
  return out;
}

/**
 * The net under the shared text schemas (validation.ts `requiredText`, `optionalText`… refuse control
 * characters with a field message): after validation, any string of the path, query or body that
 * still holds one (a field declared as a bare `z.string()`) answers the same 400 on its field.
 */
export function refuseControlChars(app: FastifyInstance) {
  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api')) return;
    const paths = [...controlCharPaths(req.params), ...controlCharPaths(req.query), ...controlCharPaths(req.body)];
    if (paths.length > 0) throw badRequest(V.controlChars, Object.fromEntries(paths.map((p) => [p, V.controlChars])));
  });
}

/** One error handler for the whole API: every failure becomes `{detail, errors?}` in the caller's language. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const locale = localeOf(req);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues: Issue[] = err.validation.map((v) => ({
        ...(v.params as Record<string, unknown>),
        code: v.keyword,
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
      }));
      const errors = fieldErrors(issues, locale);
      const first = Object.values(errors)[0] ?? translate(locale, 'feedback.error.badRequest');
      return reply.status(400).send({ detail: first, errors });
    }
    const appErr = err instanceof AppError ? err : pgClientError(err);
    if (appErr) {
      const body: { detail: string; errors?: Record<string, string>; code: string } = {
        detail: translate(locale, appErr.key, appErr.params),
        // A refused delete keeps the one machine code `inUse`, whatever reason it gives.
        code: appErr.key.startsWith('feedback.refused.') ? 'inUse' : (appErr.key.split('.').pop() ?? 'error'),
      };
      if (appErr.fields) body.errors = translateFields(appErr.fields, locale);
      if (appErr.status >= 500) req.log.error({ err }, 'application error');
      return reply.status(appErr.status).send(body);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ detail: translate(locale, 'feedback.error.e500') });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limit...
      const key =
        status === 415
          ? 'feedback.error.unsupportedMedia'
          : status === 413
            ? 'feedback.error.payloadTooLarge'
            : status === 429
              ? 'feedback.error.rateLimited'
              : status === 404
                ? 'feedback.error.notFound'
                : 'feedback.error.badRequest';
      return reply.status(status).send({ detail: translate(locale, key), code: err.code ?? 'client_error' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: translate(locale, 'feedback.error.e500') });
  });
}
