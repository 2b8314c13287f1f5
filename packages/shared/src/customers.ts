import { z } from 'zod';
import { CATEGORY_KINDS, CUSTOMER_TYPES } from './customers-vocabulary.js';
import { idSchema, optionalText, optionalUbnSchema, pageQuery, requiredText, V, blankAsMissing, storeIdSchema } from './validation.js';

/** Customers, categories and the store catalogue: request schemas shared by server and web forms. */

// The customer vocabulary (customer types, category kinds) is in customers-vocabulary.ts, without zod.
export * from './customers-vocabulary.js';

/** Money in minor units (non-negative integer). */
export const moneySchema = blankAsMissing(
  z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(2_000_000_000, { error: V.max }),
);
const optionalMoney = moneySchema.nullish().transform((v) => (v == null ? null : v));
/** The highest gas price per kg (minor units): 10,000.00, so a 1 t order stays within an order's limits. */
export const MAX_GAS_PRICE = 1_000_000;
/** A gas price per kg (minor units). */
export const gasPriceSchema = blankAsMissing(
  z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(MAX_GAS_PRICE, { error: V.max }),
);
/** A customer's own gas price, or null for the store's. */
const optionalGasPrice = gasPriceSchema.nullish().transform((v) => (v == null ? null : v));
/** Weight in grams (non-negative integer, up to 1 t). */
export const gramsSchema = blankAsMissing(
  z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(1_000_000, { error: V.max }),
);
export const dateSchema = z
  .string({ error: V.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: V.invalid });
export const optionalDate = z
  .union([z.literal(''), dateSchema])
  .nullish()
  .transform((v) => (v ? v : null));
export const phoneSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(30, { error: V.tooLong })
  .regex(/^[0-9+()#\-\s]{6,30}$/, { error: V.invalid });
/** Digits of a phone number: "0911-222 333", "0911222333" and "(0911) 222-333" are the same phone. */
export const phoneDigits = (phone: string | null | undefined): string => (phone ?? '').replace(/\D/g, '');
/**
 * The digit strings a phone may be stored as: itself and, for a Taiwanese number, the other of its
 * national ("0912345678") and international ("886912345678", typed "+886 912…") forms.
 */
export function phoneDigitVariants(phone: string): string[] {
  const d = phoneDigits(phone);
  if (d.startsWith('886') && d.length >= 11) return [d, `0${d.slice(3)}`];
  if (d.startsWith('0') && d.length >= 9) return [d, `886${d.slice(1)}`];
  return [d];
}
const optionalPhone = z
  .union([z.literal(''), phoneSchema])
  .nullish()
  .transform((v) => (v ? v : null));
const lat = blankAsMissing(z.coerce.number({ error: V.number }).min(-90, { error: V.min }).max(90, { error: V.max }));
const lng = blankAsMissing(z.coerce.number({ error: V.number }).min(-180, { error: V.min }).max(180, { error: V.max }));
const optionalLat = lat.nullish().transform((v) => (v == null ? null : v));
const optionalLng = lng.nullish().transform((v) => (v == null ? null : v));
const optionalId = idSchema.nullish().transform((v) => (v == null ? null : v));
export const customerBody = z.object({
  storeId: storeIdSchema,
  type: z.enum(CUSTOMER_TYPES, { error: V.required }),
  name: requiredText(100),
  address: optionalText(300),
  latitude: optionalLat,
  longitude: optionalLng,
  unifiedNumber: optionalUbnSchema,
  remark1: optionalText(500),
  remark2: optionalText(500),
  phone: optionalPhone,
  categoryId: optionalId,
  inArrears: z.boolean().default(false),
  gasPrice: optionalGasPrice,
  meterNumber: optionalText(50),
  meterReading: blankAsMissing(
    z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(2_000_000_000, { error: V.max }),
  )
    .nullish()
    .transform((v) => (v == null ? null : v)),
  meterUnitPrice: optionalMoney,
});
export type CustomerBody = z.input<typeof customerBody>;

export const customerListQuery = pageQuery.extend({
  storeId: idSchema.optional(),
  type: z.enum(CUSTOMER_TYPES).optional(),
  categoryId: idSchema.optional(),
  inArrears: z.enum(['true', 'false']).optional(),
});

/** Batch price change: the selected customers or the current list filter, and the new price. */
export const priceChangeBody = z
  .object({
    customerIds: z.array(idSchema).max(5000, { error: V.max }).optional(),
    filter: customerListQuery.omit({ page: true, pageSize: true }).optional(),
    gasPrice: gasPriceSchema.nullable(),
  })
  .refine((b) => (b.customerIds && b.customerIds.length > 0) || b.filter, { error: V.selectCustomer, path: ['customerIds'] });
export type PriceChangeBody = z.input<typeof priceChangeBody>;

export const categoryBody = z.object({ kind: z.enum(CATEGORY_KINDS, { error: V.required }), name: requiredText(60) });

export const storeProductBody = z
  .object({
    storeId: storeIdSchema,
    name: requiredText(100),
    salePrice: moneySchema,
    categoryId: optionalId,
    startDate: dateSchema,
    endDate: optionalDate,
  })
  .refine((b) => !b.endDate || b.endDate >= b.startDate, { error: V.dateOrder, path: ['endDate'] });

export const deliveryPersonsBody = z.object({ storeId: storeIdSchema, userIds: z.array(idSchema).max(500, { error: V.max }) });

export const deliveryRouteBody = z.object({
  storeId: storeIdSchema,
  address: requiredText(300),
  latitude: optionalLat,
  longitude: optionalLng,
  distanceM: blankAsMissing(
    z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(10_000_000, { error: V.max }),
  ),
  durationMin: blankAsMissing(
    z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(100_000, { error: V.max }),
  ),
  amountPerDispatch: moneySchema,
  remarks: optionalText(500),
});

/** Customer import: the file is read in the browser; rows arrive as text cells keyed by field. */
export const IMPORT_FIELDS = [
  'name',
  'type',
  'phone',
  'address',
  'unifiedNumber',
  'remark1',
  'remark2',
  'gasPrice',
  'meterNumber',
  'latitude',
  'longitude',
  'category',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
