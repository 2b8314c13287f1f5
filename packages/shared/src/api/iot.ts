import { z } from 'zod';
import { int, isoDate, timestamp } from './answers.js';
import { orderDetailSchema } from './orders.js';
import { idSchema, optionalText, pageQuery, paged, V, blankAsMissing } from '../validation.js';

/**
 * IoT residual gas (module 5): request schemas shared by the server routes and the web forms,
 * the device reading payload (MQTT and HTTP ingestion use the same schema), and the answers of
 * every IoT route (the web infers its types from them).
 */

/** A calendar date `YYYY-MM-DD` (transfer, recycle, install, uninstall dates). */
export const isoDateSchema = (required: string = V.required) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
      error: V.invalid,
    });

/** A device id (serial printed on the scale): also its MQTT username and topic segment. */
const deviceSerialSchema = z
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
    recycleDate: isoDateSchema()
      .nullish()
      .transform((v) => v ?? null),
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
  count: blankAsMissing(
    z.coerce.number({ error: V.integer }).int({ error: V.integer }).min(1, { error: V.min }).max(10000, { error: V.max }),
  ),
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
  customerId: blankAsMissing(
    z.coerce.number({ error: V.selectCustomer }).int({ error: V.selectCustomer }).min(1, { error: V.selectCustomer }),
  ),
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

export const readingsBody = z.union([
  deviceReadingSchema,
  z.array(deviceReadingSchema).min(1, { error: V.required }).max(1000, { error: V.max }),
]);

/* ------------------------------------------------------------------ answers (server rows, web tables) */

/** The success message the server adds to a write's answer. */
const detail = z.string();

/** A device on the Device screen (platform administrator): platform stock or transferred to a store. */
export const deviceRowSchema = z.object({
  id: int,
  serial: z.string(),
  groupId: int.nullable(),
  groupName: z.string().nullable(),
  storeId: int.nullable(),
  storeName: z.string().nullable(),
  transferred: z.boolean(),
  transferDate: isoDate.nullable(),
  recycleDate: isoDate.nullable(),
  simulated: z.boolean(),
  remark: z.string().nullable(),
  secretRotatedAt: timestamp,
  lastSeenAt: timestamp.nullable(),
  /** Installed at a customer now. */
  installed: z.boolean(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;
export const devicePage = paged(deviceRowSchema);

/** What an edit, a transfer or a recycle answers: the device as it is now. */
export const deviceChangedSchema = z.object({ device: deviceRowSchema, detail });

/** What adding a device answers: its row and its secret, shown this once. */
export const createdDeviceSchema = z.object({ device: deviceRowSchema, secret: z.string(), detail });
export type CreatedDevice = z.infer<typeof createdDeviceSchema>;

/** A device's new secret, shown once (its rotation). */
export const deviceSecretSchema = z.object({ serial: z.string(), secret: z.string(), detail });
export type DeviceSecret = z.infer<typeof deviceSecretSchema>;

/** One transfer to a store or recycle back to platform stock of a device. */
export const transferRowSchema = z.object({
  id: int,
  kind: z.enum(['transfer', 'recycle']),
  groupId: int.nullable(),
  groupName: z.string().nullable(),
  storeId: int.nullable(),
  storeName: z.string().nullable(),
  date: isoDate,
  account: z.string().nullable(),
  remark: z.string().nullable(),
  at: timestamp,
});
export type TransferRow = z.infer<typeof transferRowSchema>;
export const deviceTransfersSchema = z.object({ items: z.array(transferRowSchema) });

/** Where a device can be transferred to: every store group with its stores. */
export const transferTargetsSchema = z.object({
  groups: z.array(z.object({ id: int, name: z.string(), stores: z.array(z.object({ id: int, name: z.string(), groupId: int })) })),
});
export type TransferTargets = z.infer<typeof transferTargetsSchema>;

/** Simulated devices with their secrets (the only time they are visible), for the device simulator. */
export const provisionedDevicesSchema = z.object({
  storeId: int,
  groupId: int,
  devices: z.array(z.object({ serial: z.string(), secret: z.string() })),
});
export type ProvisionedDevices = z.infer<typeof provisionedDevicesSchema>;

/**
 * One stored reading of a device, as sent (device clock `ts`, arrival `receivedAt`), with the
 * installation it belongs to: the one in force when it was received, null when the device was
 * installed nowhere (such readings are kept apart and shown to no store group).
 */
export const rawReadingSchema = z.object({
  deviceId: int,
  ts: timestamp,
  seq: int.nullable(),
  grossGrams: int,
  battery: int.nullable(),
  signal: int.nullable(),
  receivedAt: timestamp,
  storeDeviceId: int.nullable(),
});
export const rawReadingsSchema = z.object({ items: z.array(rawReadingSchema) });

/** Ingestion counters of this app instance since it started, and how devices reach it over MQTT. */
export const iotMetricsSchema = z.object({
  mqtt: z.object({ mode: z.enum(['embedded', 'external', 'off']), port: int.nullable() }),
  ingestion: z.object({
    received: int,
    stored: int,
    duplicates: int,
    late: int,
    /** Readings stored without an installation (the device was installed nowhere): kept apart, shown to no store group. */
    notInstalled: int,
    malformed: int,
    unauthorised: int,
    unknownDevice: int,
    overloaded: int,
    batches: int,
    flushErrors: int,
    lastBatchSize: int,
    lastFlushMs: int,
    pending: int,
  }),
});
export type IotMetrics = z.infer<typeof iotMetricsSchema>;

/** A device of the caller's stores on the store device screen, installed or waiting to be installed. */
export const storeDeviceRowSchema = z.object({
  deviceId: int,
  serial: z.string(),
  storeId: int,
  storeName: z.string(),
  transferDate: isoDate.nullable(),
  storeDeviceId: int.nullable(),
  customerId: int.nullable(),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  installDate: isoDate.nullable(),
  uninstallDate: isoDate.nullable(),
  capacityGrams: int.nullable(),
  tareGrams: int.nullable(),
  installed: z.boolean(),
  residualGrams: z.number().nullable(),
  usageGrams: z.number().nullable(),
  lastSeenAt: timestamp.nullable(),
});
export type StoreDeviceRow = z.infer<typeof storeDeviceRowSchema>;
export const storeDevicePage = paged(storeDeviceRowSchema);
export type StoreDevicePage = z.infer<typeof storeDevicePage>;

/** One installation of a device at a customer (weights in grams; residual and usage frozen at uninstall). */
export const installationSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  deviceId: int,
  customerId: int,
  installDate: isoDate,
  uninstallDate: isoDate.nullable(),
  capacityGrams: int,
  tareGrams: int,
  residualGrams: int.nullable(),
  usageGrams: int.nullable(),
  remark: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Installation = z.infer<typeof installationSchema>;
/** What installing or uninstalling answers. */
export const installationChangedSchema = z.object({ storeDevice: installationSchema, detail });

/** A customer of a store for the install form. */
export const iotCustomerSchema = z.object({ id: int, name: z.string(), address: z.string().nullable(), phone: z.string().nullable() });
export type IotCustomer = z.infer<typeof iotCustomerSchema>;
export const iotCustomersSchema = z.object({ items: z.array(iotCustomerSchema) });

/** One installed device on the residual gas list (weights in grams, usage in litres per day). */
export const residualRowSchema = z.object({
  storeDeviceId: int,
  storeId: int,
  storeName: z.string(),
  deviceId: int,
  serial: z.string(),
  customerId: int,
  customerName: z.string(),
  customerAddress: z.string().nullable(),
  customerPhone: z.string().nullable(),
  installDate: isoDate,
  capacityGrams: int,
  tareGrams: int,
  grossGrams: z.number().nullable(),
  remainingGrams: z.number().nullable(),
  percent: z.number().nullable(),
  usageLitresPerDay: z.number().nullable(),
  daysLeft: z.number().nullable(),
  battery: z.number().nullable(),
  signal: z.number().nullable(),
  lastSeenAt: timestamp.nullable(),
  online: z.boolean(),
  lowGas: z.boolean(),
  lowBattery: z.boolean(),
  /** The kinds of its open alerts. */
  alerts: z.array(z.string()),
});
export type ResidualRow = z.infer<typeof residualRowSchema>;
export const residualPage = paged(residualRowSchema);
export type ResidualPage = z.infer<typeof residualPage>;

/** Home: the installed devices below LOW_GAS_PERCENT, lowest first. */
export const lowGasSchema = z.object({ items: z.array(residualRowSchema), total: int });
export type LowGas = z.infer<typeof lowGasSchema>;

/** One installation with its analytics from the raw readings and its store group's thresholds. */
export const residualDetailSchema = residualRowSchema.extend({
  usageGramsPerDay: z.number().nullable(),
  /** USAGE_AVERAGE_DAYS: the window of the average. */
  averageDays: z.number(),
  uninstallDate: isoDate.nullable(),
  thresholds: z.object({ lowGasPercent: z.number(), lowBatteryPercent: z.number(), offlineMinutes: z.number() }),
});
export type ResidualDetail = z.infer<typeof residualDetailSchema>;

/** Weight over time for the detail chart, averaged into buckets of `bucketSeconds`. */
export const readingChartSchema = z.object({
  from: timestamp,
  to: timestamp,
  bucketSeconds: int,
  tareGrams: int,
  capacityGrams: int,
  points: z.array(z.object({ ts: timestamp, grossGrams: z.number(), battery: z.number().nullable(), count: int })),
});
export type ReadingChart = z.infer<typeof readingChartSchema>;

/** An alert episode of an installation (open while its condition holds). */
export const alertRowSchema = z.object({
  id: int,
  kind: z.enum(ALERT_KINDS),
  /** Percent (lowGas, lowBattery), grams per hour (leak) or minutes (offline) when it opened. */
  value: int.nullable(),
  openedAt: timestamp,
  closedAt: timestamp.nullable(),
  /** The suggested gas order made from it. */
  orderId: int.nullable(),
  storeDeviceId: int,
  storeId: int,
  storeName: z.string(),
  customerId: int,
  customerName: z.string(),
  serial: z.string(),
});
export type AlertRow = z.infer<typeof alertRowSchema>;
export const alertPage = paged(alertRowSchema);

/** A customer near a point whose residual gas is under LOW_GAS_PERCENT. */
export const nearbyRowSchema = z.object({
  customerId: int,
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  storeId: int,
  storeDeviceId: int,
  serial: z.string(),
  remainingGrams: z.number(),
  percent: z.number(),
  distanceKm: z.number(),
});
export type NearbyRow = z.infer<typeof nearbyRowSchema>;
export const nearbySchema = z.object({
  center: z.object({ latitude: z.number(), longitude: z.number() }),
  radiusKm: z.number(),
  items: z.array(nearbyRowSchema),
});
export type Nearby = z.infer<typeof nearbySchema>;

/** What device ingestion over HTTP answers once the readings are stored. */
export const readingsAcceptedSchema = z.object({ accepted: int });

/** What making the suggested gas order of an alert answers: the order (its gas lines as suggested) and its id. */
export const alertOrderSchema = z.object({
  orderId: int,
  order: orderDetailSchema,
  detail,
});
