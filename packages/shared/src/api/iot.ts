import { z } from 'zod';
import { idSchema, optionalText, pageQuery, V, blankAsMissing } from '../validation.js';

/**
 * IoT residual gas (module 5): request schemas shared by the server routes and the web forms,
 * plus the device reading payload (MQTT and HTTP ingestion use the same schema).
 */

/** A calendar date `YYYY-MM-DD` (transfer, recycle, install, uninstall dates). */
export const isoDateSchema = (required: string = V.required) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: V.invalid });

/** A device id (serial printed on the scale): also its MQTT username and topic segment. */
export const deviceSerialSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(64, { error: V.tooLong })
  .regex(/^[A-Za-z0-9_.:-]+$/, { error: V.invalid });

export const createDeviceBody = z.object({ serial: deviceSerialSchema, remark: optionalText(200) });
export type CreateDeviceBody = z.infer<typeof createDeviceBody>;

export const updateDeviceBody = z.object({ remark: optionalText(200) });

/** Transfer to a store group / store. Seed §5: the transfer date must not be later than the recycle date. */
export const transferDeviceBody = z
  .object({
    groupId: idSchema,
    storeId: idSchema,
    transferDate: isoDateSchema(),
    /** A planned recycle date (optional). */
    recycleDate: isoDateSchema().nullish().transform((v) => v ?? null),
    remark: optionalText(200),
  })
  .refine((b) => !b.recycleDate || b.transferDate <= b.recycleDate, { error: V.transferAfterRecycle, path: ['transferDate'] });
export type TransferDeviceBody = z.infer<typeof transferDeviceBody>;

/** Recycle back to the platform. Seed §5: not earlier than the transfer or the uninstall date (checked on the server). */
export const recycleDeviceBody = z.object({ recycleDate: isoDateSchema(), remark: optionalText(200) });
export type RecycleDeviceBody = z.infer<typeof recycleDeviceBody>;

export const deviceListQuery = pageQuery.extend({
  transferred: z.enum(['yes', 'no']).optional(),
  groupId: idSchema.optional(),
});

/** Provision N simulated devices (platform administrator; for the device simulator). */
export const provisionDevicesBody = z.object({
  count: blankAsMissing(z.coerce.number({ error: V.integer }).int({ error: V.integer }).min(1, { error: V.min }).max(10000, { error: V.max })),
  prefix: z
    .string()
    .trim()
    .min(1, { error: V.required })
    .max(32, { error: V.tooLong })
    .regex(/^[A-Za-z0-9_-]+$/, { error: V.invalid })
    .default('SIM'),
  storeId: idSchema,
});
export type ProvisionDevicesBody = z.infer<typeof provisionDevicesBody>;

const kg = (required: string, min: number, max: number) =>
  blankAsMissing(
    z.coerce
      .number({ error: required })
      .refine((n) => Number.isFinite(n), { error: V.number })
      .min(min, { error: V.min })
      .max(max, { error: V.max }),
  );

/** Install a transferred device at a customer, under its cylinder. Weights in kg (stored as grams). */
export const installDeviceBody = z.object({
  deviceId: idSchema,
  customerId: blankAsMissing(z.coerce.number({ error: V.selectCustomer }).int({ error: V.selectCustomer }).min(1, { error: V.selectCustomer })),
  installDate: isoDateSchema(),
  capacityKg: kg(V.required, 0.5, 200),
  tareKg: kg(V.required, 0, 200),
  remark: optionalText(200),
});
export type InstallDeviceBody = z.infer<typeof installDeviceBody>;

export const uninstallDeviceBody = z.object({ uninstallDate: isoDateSchema() });
export type UninstallDeviceBody = z.infer<typeof uninstallDeviceBody>;

export const storeDeviceListQuery = pageQuery.extend({
  storeId: idSchema.optional(),
  installed: z.enum(['yes', 'no']).optional(),
});

export const RESIDUAL_SORTS = ['percent', 'remaining', 'daysLeft', 'lastSeen', 'battery', 'customer', 'serial'] as const;
export type ResidualSort = (typeof RESIDUAL_SORTS)[number];

export const residualListQuery = pageQuery.extend({
  storeId: idSchema.optional(),
  lowGas: z.enum(['true', 'false']).optional(),
  offline: z.enum(['true', 'false']).optional(),
  lowBattery: z.enum(['true', 'false']).optional(),
  sort: z.enum(RESIDUAL_SORTS).default('percent'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ResidualListQuery = z.infer<typeof residualListQuery>;

export const readingsQuery = z.object({
  from: z.iso.datetime({ offset: true, error: V.invalid }).optional(),
  to: z.iso.datetime({ offset: true, error: V.invalid }).optional(),
});

export const ALERT_KINDS = ['lowGas', 'leak', 'offline', 'lowBattery'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const alertListQuery = pageQuery.extend({
  storeId: idSchema.optional(),
  status: z.enum(['open', 'closed', 'all']).default('open'),
  kind: z.enum(ALERT_KINDS).optional(),
});

/** Nearby customers under the threshold: around a point, an order's customer or a customer. */
export const nearbyBody = z.union([
  z.object({
    latitude: blankAsMissing(z.coerce.number({ error: V.number }).min(-90, { error: V.min }).max(90, { error: V.max })),
    longitude: blankAsMissing(z.coerce.number({ error: V.number }).min(-180, { error: V.min }).max(180, { error: V.max })),
    storeId: idSchema.optional(),
  }),
  z.object({ customerId: idSchema, storeId: idSchema.optional() }),
  z.object({ orderId: idSchema, storeId: idSchema.optional() }),
]);
export type NearbyBody = z.infer<typeof nearbyBody>;

/**
 * One reading as a device sends it (MQTT payload on `devices/<deviceId>/readings`, or an element
 * of the HTTP body). `ts` is the device's clock (ISO 8601 or epoch milliseconds), `seq` its counter.
 */
export const deviceReadingSchema = z.object({
  grossGrams: z.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(500000, { error: V.max }),
  battery: z.number({ error: V.number }).min(0, { error: V.min }).max(100, { error: V.max }).nullish(),
  signal: z.number({ error: V.number }).min(-200, { error: V.min }).max(0, { error: V.max }).nullish(),
  ts: z.union([z.number().int().min(946684800000).max(4102444800000), z.iso.datetime({ offset: true })], { error: V.invalid }),
  seq: z.number({ error: V.integer }).int({ error: V.integer }).min(0, { error: V.min }).max(Number.MAX_SAFE_INTEGER).nullish(),
});
export type DeviceReading = z.infer<typeof deviceReadingSchema>;

export const readingsBody = z.union([deviceReadingSchema, z.array(deviceReadingSchema).min(1, { error: V.required }).max(1000, { error: V.max })]);

/* ------------------------------------------------------------------ answers (server rows, web tables) */

/** A device of the caller's stores on the store device screen, installed or waiting to be installed. */
export const storeDeviceRow = z.object({
  deviceId: z.number().int(),
  serial: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  transferDate: z.string().nullable(),
  storeDeviceId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  installDate: z.string().nullable(),
  uninstallDate: z.string().nullable(),
  capacityGrams: z.number().int().nullable(),
  tareGrams: z.number().int().nullable(),
  installed: z.boolean(),
  residualGrams: z.number().nullable(),
  usageGrams: z.number().nullable(),
  /** ISO 8601. */
  lastSeenAt: z.string().nullable(),
});
export type StoreDeviceRow = z.infer<typeof storeDeviceRow>;

/** One installed device on the residual gas list (weights in grams, usage in litres per day). */
export const residualRow = z.object({
  storeDeviceId: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  deviceId: z.number().int(),
  serial: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  customerAddress: z.string().nullable(),
  customerPhone: z.string().nullable(),
  installDate: z.string(),
  capacityGrams: z.number().int(),
  tareGrams: z.number().int(),
  grossGrams: z.number().nullable(),
  remainingGrams: z.number().nullable(),
  percent: z.number().nullable(),
  usageLitresPerDay: z.number().nullable(),
  daysLeft: z.number().nullable(),
  battery: z.number().nullable(),
  signal: z.number().nullable(),
  /** ISO 8601. */
  lastSeenAt: z.string().nullable(),
  online: z.boolean(),
  lowGas: z.boolean(),
  lowBattery: z.boolean(),
  alerts: z.array(z.string()),
});
export type ResidualRow = z.infer<typeof residualRow>;
