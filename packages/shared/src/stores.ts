import { z } from 'zod';
import { V, blankAsMissing, optionalText, optionalUbnSchema, pageQuery, requiredText, whenValid } from './validation.js';

/**
 * Store groups and stores: their currency and time zone rules, and the request schemas of their
 * administration (groups, group staff, stores, store users, back-office users). The server validates
 * with these schemas and the web forms validate with the very same ones. The id, phone and money
 * fields the administration forms share (system.ts and products.ts import them) are declared here.
 */

/** An id inside a JSON body (no string coercion: bodies carry numbers). */
export const refId = z.number({ error: V.required }).int({ error: V.integer }).min(1, { error: V.min }).max(2147483647, { error: V.max });
export const optionalRefId = refId.nullish().transform((v) => v ?? null);
/** An id in a query string (coerced from text). */
export const queryId = blankAsMissing(
  z.coerce.number({ error: V.integer }).int({ error: V.integer }).min(1, { error: V.min }).max(2147483647, { error: V.max }),
);
/** A body that names one record (deletes that carry their id in the body). */
export const systemIdBody = z.object({ id: refId });

/** A price in integer minor units (cents of the store group's currency), never negative. */
export const priceSchema = z
  .number({ error: V.number })
  .int({ error: V.integer })
  .min(0, { error: V.min })
  .max(1_000_000_000, { error: V.max });

/** An optional phone number: digits and + ( ) # - and spaces; empty becomes null. */
export const optionalPhoneSchema = z
  .string({ error: V.invalid })
  .trim()
  .max(30, { error: V.tooLong })
  .regex(/^[0-9+()#\-\s]*$/, { error: V.invalid })
  .nullish()
  .transform((v) => (v ? v : null));

/* ------------------------------------------------------ currency and time zone */

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

export * from './money.js';

/* ----------------------------------------------------------- store groups */

const groupFields = {
  name: requiredText(100),
  responsiblePerson: optionalText(50),
  address: optionalText(200),
  phone: optionalPhoneSchema,
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

/** GET /store/group: one group with `id`, else the list. */
export const groupQuery = pageQuery.extend({ id: queryId.optional() });

export const groupUserQuery = pageQuery.extend({ groupId: queryId.optional() });
/** PUT /store/groupuser: which users of the group are group-level staff (all stores). */
export const groupUserBody = z.object({ groupId: optionalRefId, userIds: z.array(refId).max(2000, { error: V.max }) });

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
  phone: optionalPhoneSchema,
  unifiedNumber: optionalUbnSchema,
  customerGasPrice: priceSchema,
  storeGasPrice: priceSchema,
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

export const storeUserQuery = z.object({ storeId: queryId });
/** PUT /store/storeuser: the users explicitly assigned to a store (group-level staff are always in). */
export const storeUserBody = z.object({ storeId: refId, userIds: z.array(refId).max(2000, { error: V.max }) });

export const backgroundUserQuery = z.object({
  groupId: queryId.optional(),
  keyword: z.string().trim().max(100, { error: V.tooLong }).optional(),
});
