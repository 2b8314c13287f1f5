import { z } from 'zod';
import { int, isoDate, timestamp } from './answers.js';
import { dateSchema, optionalDate } from '../customers.js';
import {
  FILL_STATES,
  HOLDINGS,
  IMAGE_TYPES,
  INSPECTION_STATUSES,
  LOCATION_KINDS,
  LOCATIONS_WITH_ID,
  MATERIALS,
  MOVEMENT_KINDS,
  PENDING_STATUSES,
  LINE_RESULTS,
  MOVEMENT_SOURCES,
  MOVE_PROBLEMS,
  PENDING_RESOLUTIONS,
  READER_KINDS,
  SCAN_RESULTS,
  normaliseCode,
  type LocationKind,
} from '../cylinders.js';
import { blankAsMissing, cappedPaged, idSchema, optionalText, pageQuery, requiredText, storeIdSchema, V } from '../validation.js';

// Contracts of the cylinders module: request bodies (their messages are feedback.validation.* keys,
// translated in five languages) and closed response schemas. Calendar dates travel as
// 'YYYY-MM-DD' (the store group's day), instants as ISO 8601, weights as integer grams.

// The vocabularies of answers (scan results, reader kinds, move problems…) are in ../cylinders.ts, without zod.

// ---- request fields --------------------------------------------------------------------------------

/** A cylinder code (container or label number) as typed or scanned: compared without case and spaces. */
export const cylinderCodeSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(40, { error: V.tooLong })
  .transform(normaliseCode)
  .refine((s) => s.length > 0, { error: V.required });
const optionalCode = z
  .union([z.literal(''), cylinderCodeSchema])
  .nullish()
  .transform((v) => (v ? v : null));
const optionalId = blankAsMissing(idSchema.optional()).transform((v) => v ?? null);
/** Nominal size in kg (2, 4, 10, 16, 18, 20, 50…). */
const sizeKgSchema = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ error: (issue) => (issue.input === undefined ? V.required : V.number) })
    .int({ error: V.integer })
    .min(1, { error: V.min })
    .max(500, { error: V.max }),
);
/** Tare weight in grams, to 0.01 kg as the label prints it. */
const tareSchema = blankAsMissing(
  z.coerce
    .number({ error: V.number })
    .int({ error: V.integer })
    .min(0, { error: V.min })
    .max(500_000, { error: V.max })
    .refine((g) => g % 10 === 0, { error: V.invalid }),
)
  .nullish()
  .transform((v) => (v == null ? null : v));

const cylinderFields = {
  /** The owning store. */
  storeId: storeIdSchema,
  containerNo: cylinderCodeSchema,
  labelNo: optionalCode,
  containerSpec: optionalText(60),
  sizeKg: sizeKgSchema,
  tareG: tareSchema,
  material: z.enum(MATERIALS, { error: V.required }).default('steel'),
  pressureTestDate: optionalDate,
  lastInspectionDate: optionalDate,
  /** The deadline printed on the label; blank: the computed one is stored (marked as suggested). */
  nextInspectionDeadline: optionalDate,
  inspectionAgencyCode: optionalText(20),
  /** The processing station: a cylinder handling site of the system module. */
  handlingSiteId: optionalId,
  remark: optionalText(500),
};
type DateFields = { pressureTestDate: string | null; lastInspectionDate: string | null; nextInspectionDeadline: string | null };
const datesInOrder = <T extends z.ZodType<DateFields>>(schema: T) =>
  schema
    .refine((b) => !b.pressureTestDate || !b.lastInspectionDate || b.lastInspectionDate >= b.pressureTestDate, {
      error: V.dateOrder,
      path: ['lastInspectionDate'],
    })
    .refine((b) => !b.pressureTestDate || !b.nextInspectionDeadline || b.nextInspectionDeadline > b.pressureTestDate, {
      error: V.dateOrder,
      path: ['nextInspectionDeadline'],
    });

/** Edit of a cylinder's registry fields (where it is changes only by movements). */
export const cylinderBody = datesInOrder(z.object(cylinderFields));
export type CylinderBody = z.input<typeof cylinderBody>;

const placeFields = {
  /** Where the cylinder is when it is registered: not yet in stock by default. */
  locationKind: z.enum(LOCATION_KINDS, { error: V.invalid }).default('new'),
  fill: z.enum(FILL_STATES, { error: V.invalid }).default('empty'),
  /** Which customer, filling plant or inspection agency (a cylinder handling site) it is at: required there, ignored elsewhere. */
  locationId: optionalId,
};
/** A place that names who holds the cylinder needs that one's id. */
const placeNamed = <T extends z.ZodType<{ locationKind: LocationKind; locationId: number | null }>>(schema: T) =>
  schema.refine((b) => !LOCATIONS_WITH_ID.includes(b.locationKind) || b.locationId !== null, {
    error: 'cylinders.error.locationRequired',
    path: ['locationId'],
  });
/** A new cylinder (key-in screen): the registry fields and where it is now. */
export const cylinderCreateBody = placeNamed(datesInOrder(z.object({ ...cylinderFields, ...placeFields })));
export type CylinderCreateBody = z.input<typeof cylinderCreateBody>;

const duplicateCodes = (codes: readonly string[], ctx: z.RefinementCtx, path: (i: number) => PropertyKey[]) => {
  const seen = new Set<string>();
  codes.forEach((c, i) => {
    if (!c) return;
    if (seen.has(c)) ctx.addIssue({ code: 'custom', message: V.duplicateCylinder, path: path(i) });
    seen.add(c);
  });
};

/** Key-in of many cylinders at once: all rows are saved, or none (each row's problems by field). */
export const cylinderBulkBody = z
  .object({
    storeId: storeIdSchema,
    rows: z
      .array(placeNamed(datesInOrder(z.object({ ...cylinderFields, storeId: storeIdSchema.optional(), ...placeFields }))))
      .min(1, { error: V.atLeastOneCylinder })
      .max(1000, { error: V.max }),
  })
  .superRefine((b, ctx) => {
    duplicateCodes(
      b.rows.map((r) => r.containerNo),
      ctx,
      (i) => ['rows', i, 'containerNo'],
    );
    duplicateCodes(
      b.rows.map((r) => r.labelNo ?? ''),
      ctx,
      (i) => ['rows', i, 'labelNo'],
    );
  });
export type CylinderBulkBody = z.input<typeof cylinderBulkBody>;

/** Columns an import file's columns may be mapped to. */
export const CYLINDER_IMPORT_FIELDS = [
  'containerNo',
  'labelNo',
  'containerSpec',
  'sizeKg',
  'tareKg',
  'material',
  'pressureTestDate',
  'lastInspectionDate',
  'nextInspectionDeadline',
  'inspectionAgencyCode',
  'remark',
] as const;
export type CylinderImportField = (typeof CYLINDER_IMPORT_FIELDS)[number];

/** A cylinder photo, base64 in JSON (at most 3 MB of image). */
export const cylinderImageBody = z.object({
  contentType: z.enum(IMAGE_TYPES, { error: V.invalid }),
  data: z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .max(4_200_000, { error: V.max })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: V.invalid }),
});
export type CylinderImageBody = z.input<typeof cylinderImageBody>;
/** Which rendering of the photo: as uploaded, or the list thumbnail (WebP, 160 px); `v` only busts caches. */
export const cylinderImageQuery = z.object({
  size: z.enum(['full', 'thumb'], { error: V.invalid }).default('full'),
  v: z.string().max(100, { error: V.tooLong }).optional(),
});

const codesSchema = (max: number) =>
  z
    .array(z.string({ error: V.required }).max(100, { error: V.tooLong }), { error: V.atLeastOneCylinder })
    .max(max, { error: V.noSpace })
    .transform((codes) => codes.map(normaliseCode))
    .refine((codes) => codes.some((c) => c.length > 0), { error: V.atLeastOneCylinder });

/**
 * A stock document: one movement kind for every cylinder listed. Applied in one transaction; a
 * cylinder that is unknown or may not make this movement from where it is becomes pending data.
 * The same cylinder twice is refused (seed §5).
 */
export const stockDocumentBody = z
  .object({
    storeId: storeIdSchema,
    kind: z.enum(MOVEMENT_KINDS, { error: V.required }),
    docDate: dateSchema,
    /** Blank: numbered by the server. */
    docNo: optionalText(40),
    sourceDocNo: optionalText(40),
    /** The customer of movements to a customer (sales out, deposit, loan out). */
    customerId: optionalId,
    /** The filling plant or inspection agency of movements to or from one. */
    handlingSiteId: optionalId,
    codes: codesSchema(1000),
    /** A manager's reason to let overdue or end-of-life cylinders go out anyway. */
    overrideReason: optionalText(200),
    remark: optionalText(500),
  })
  .superRefine((b, ctx) => duplicateCodes(b.codes, ctx, (i) => ['codes', i]));
export type StockDocumentBody = z.input<typeof stockDocumentBody>;

/** Scans of one reader batch (RFID gate pass, handheld session, phone). The same code twice counts once. */
export const scanBatchBody = z.object({
  /** The reader; a signed-in user may leave it out (a phone without a registered reader). */
  readerId: optionalId,
  /** The batch's own id, unique per reader: a resent batch is answered with the first result. */
  batchId: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(100, { error: V.tooLong })
    .regex(/^[\w.:-]+$/, { error: V.invalid }),
  scannedAt: z.iso.datetime({ offset: true, error: V.invalid }),
  /** The movement the scans stand for; without it the reads are only recorded. */
  kind: z.enum(MOVEMENT_KINDS, { error: V.invalid }).nullish(),
  /** The store of a user's batch (a reader's batches are its store's). */
  storeId: optionalId,
  customerId: optionalId,
  handlingSiteId: optionalId,
  codes: codesSchema(5000),
});
export type ScanBatchBody = z.input<typeof scanBatchBody>;

export const scanReaderBody = z.object({
  storeId: storeIdSchema,
  name: requiredText(60),
  kind: z.enum(READER_KINDS, { error: V.required }),
  active: z.boolean().default(true),
});
export type ScanReaderBody = z.input<typeof scanReaderBody>;

export const pendingReasonBody = z.object({ reason: requiredText(200) });
/** Correct a pending item: another cylinder code, another movement kind or customer, then apply it. */
export const pendingCorrectBody = z.object({
  code: optionalCode,
  kind: z.enum(MOVEMENT_KINDS, { error: V.invalid }).nullish(),
  customerId: optionalId,
  reason: optionalText(200),
});
export type PendingCorrectBody = z.input<typeof pendingCorrectBody>;

// ---- queries ---------------------------------------------------------------------------------------

const optionalQueryId = z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional());
const optionalQueryDate = z.preprocess((v) => (v === '' ? undefined : v), dateSchema.optional());

export const cylinderListQuery = pageQuery.extend({
  storeId: optionalQueryId,
  /** Platform administrator (system cylinders): one store group. */
  groupId: optionalQueryId,
  locationKind: z.enum(LOCATION_KINDS, { error: V.invalid }).optional(),
  fill: z.enum(FILL_STATES, { error: V.invalid }).optional(),
  status: z.enum(INSPECTION_STATUSES, { error: V.invalid }).optional(),
  material: z.enum(MATERIALS, { error: V.invalid }).optional(),
  sizeKg: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: V.integer }).int({ error: V.integer }).min(1).optional(),
  ),
  containerSpec: z.string().trim().max(60, { error: V.tooLong }).optional(),
  customerId: optionalQueryId,
  deadlineFrom: optionalQueryDate,
  deadlineTo: optionalQueryDate,
  /** Newest first, or the nearest inspection deadline first. */
  sort: z.enum(['newest', 'deadline'], { error: V.invalid }).default('newest'),
});
export type CylinderListQuery = z.input<typeof cylinderListQuery>;

/** Most labels one sheet request prints (48 A4 pages). */
export const MAX_LABELS = 1000;
/** Labels on one A4 sheet: 3 across, 7 down (63.5 × 38.1 mm, the common 21-up label stock). */
export const LABELS_PER_PAGE = 21;
/**
 * A sheet of labels (PDF): the cylinders listed by id (`ids=1,2,3`, the registry's selected rows),
 * or every cylinder the registry's filters match (at most MAX_LABELS).
 */
export const cylinderLabelQuery = cylinderListQuery.omit({ page: true, pageSize: true, sort: true }).extend({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z
      .array(z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }))
      .max(MAX_LABELS, { error: V.max })
      .optional(),
  ),
});
export type CylinderLabelQuery = z.input<typeof cylinderLabelQuery>;

export const stockDocumentQuery = pageQuery.extend({
  storeId: optionalQueryId,
  kind: z.enum(MOVEMENT_KINDS, { error: V.invalid }).optional(),
  from: optionalQueryDate,
  to: optionalQueryDate,
});
export const pendingQuery = pageQuery.extend({
  storeId: optionalQueryId,
  status: z.enum(PENDING_STATUSES, { error: V.invalid }).optional(),
  kind: z.enum(MOVEMENT_KINDS, { error: V.invalid }).optional(),
  from: optionalQueryDate,
  to: optionalQueryDate,
  /** Document number (prefix). */
  docNo: z.string().trim().max(40, { error: V.tooLong }).optional(),
});
export const scanStatsQuery = z.object({
  from: dateSchema,
  to: dateSchema,
  interval: z.enum(['day', 'hour'], { error: V.invalid }).default('day'),
  readerId: optionalQueryId,
  storeId: optionalQueryId,
});
export const scanReadQuery = pageQuery.extend({
  from: optionalQueryDate,
  to: optionalQueryDate,
  readerId: optionalQueryId,
  storeId: optionalQueryId,
  result: z.enum(SCAN_RESULTS, { error: V.invalid }).optional(),
  kind: z.enum(MOVEMENT_KINDS, { error: V.invalid }).optional(),
});
export const suggestionQuery = z.object({
  storeId: optionalQueryId,
  /** Cylinders listed per delivery person (the count covers all). */
  limit: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(200).default(50)),
});
export const codeParam = z.object({ code: z.string().trim().min(1, { error: V.required }).max(100, { error: V.tooLong }) });

// ---- answers ---------------------------------------------------------------------------------------

const intervalStepsSchema = z.array(z.object({ underYears: int, every: int }));
/** The group's inspection rules (its interval-table parameters, else DOMAIN.md's) and warning window, for the forms' suggestions. */
export const inspectionRulesSchema = z.object({
  steelLifeYears: int,
  compositeLifeYears: int,
  newTableFrom: isoDate,
  steel: intervalStepsSchema,
  steelOld: z.object({ small: intervalStepsSchema, medium: intervalStepsSchema, large: intervalStepsSchema }),
  composite: intervalStepsSchema,
  dueDays: int,
});
export type InspectionRulesAnswer = z.infer<typeof inspectionRulesSchema>;

const inspectionCheckSchema = z.object({
  suggested: isoDate.nullable(),
  disagrees: z.boolean(),
  differenceDays: int.nullable(),
});

/** A cylinder as the lists show it, with its status on the group's today. */
export const cylinderRowSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  storeName: z.string(),
  containerNo: z.string(),
  labelNo: z.string().nullable(),
  containerSpec: z.string().nullable(),
  sizeKg: int,
  tareG: int.nullable(),
  material: z.enum(MATERIALS),
  pressureTestDate: isoDate.nullable(),
  lastInspectionDate: isoDate.nullable(),
  nextInspectionDeadline: isoDate.nullable(),
  /** The deadline was computed, not typed from the label. */
  deadlineSuggested: z.boolean(),
  endOfLifeDate: isoDate.nullable(),
  inspectionAgencyCode: z.string().nullable(),
  handlingSiteId: int.nullable(),
  handlingSiteName: z.string().nullable(),
  locationKind: z.enum(LOCATION_KINDS),
  locationId: int.nullable(),
  /** The store, customer or handling site it is at. */
  locationName: z.string().nullable(),
  fill: z.enum(FILL_STATES),
  customerId: int.nullable(),
  customerName: z.string().nullable(),
  holding: z.enum(HOLDINGS).nullable(),
  lastMovementKind: z.enum(MOVEMENT_KINDS).nullable(),
  lastMovedAt: timestamp.nullable(),
  hasImage: z.boolean(),
  remark: z.string().nullable(),
  inspectionStatus: z.enum(INSPECTION_STATUSES),
  statusColour: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type CylinderRow = z.infer<typeof cylinderRowSchema>;
export const cylinderPage = cappedPaged(cylinderRowSchema);
export type CylinderPage = z.infer<typeof cylinderPage>;

export const cylinderLabelSchema = z.object({
  id: int,
  labelNo: z.string(),
  fromDate: isoDate,
  toDate: isoDate.nullable(),
  createdAt: timestamp,
});
export const movementRowSchema = z.object({
  id: int,
  cylinderId: int,
  kind: z.enum(MOVEMENT_KINDS),
  moveDate: isoDate,
  movedAt: timestamp,
  fromLocationKind: z.enum(LOCATION_KINDS),
  fromFill: z.enum(FILL_STATES),
  toLocationKind: z.enum(LOCATION_KINDS),
  toFill: z.enum(FILL_STATES),
  customerId: int.nullable(),
  customerName: z.string().nullable(),
  source: z.enum(MOVEMENT_SOURCES),
  documentId: int.nullable(),
  docNo: z.string().nullable(),
  overrideReason: z.string().nullable(),
  userName: z.string().nullable(),
});
export type MovementRow = z.infer<typeof movementRowSchema>;

/** A pending item (penddingDataMaintenance): what could not be applied, and what became of it. */
export const pendingRowSchema = z.object({
  id: int,
  storeId: int,
  storeName: z.string(),
  source: z.enum(['document', 'scan']),
  documentId: int.nullable(),
  docDate: isoDate,
  docNo: z.string().nullable(),
  lineNo: int,
  code: z.string(),
  cylinderId: int.nullable(),
  containerNo: z.string().nullable(),
  containerSpec: z.string().nullable(),
  /** The movement (processing status) that was asked for. */
  kind: z.enum(MOVEMENT_KINDS),
  prevLocationKind: z.enum(LOCATION_KINDS).nullable(),
  prevFill: z.enum(FILL_STATES).nullable(),
  sourceDocNo: z.string().nullable(),
  customerId: int.nullable(),
  reason: z.enum(MOVE_PROBLEMS),
  status: z.enum(PENDING_STATUSES),
  resolution: z.enum(PENDING_RESOLUTIONS).nullable(),
  resolutionReason: z.string().nullable(),
  resolvedAt: timestamp.nullable(),
  resolvedByName: z.string().nullable(),
  createdAt: timestamp,
});
export type PendingRow = z.infer<typeof pendingRowSchema>;
export const pendingPage = cappedPaged(pendingRowSchema);

/** A cylinder with its label history, movements and open pending items. */
export const cylinderDetailSchema = cylinderRowSchema.extend({
  /** The container number does not have the standard's shape (a warning). */
  containerNoWarning: z.boolean(),
  deadlineCheck: inspectionCheckSchema,
  allowedMovements: z.array(z.enum(MOVEMENT_KINDS)),
  labels: z.array(cylinderLabelSchema),
  movements: z.array(movementRowSchema),
  pending: z.array(pendingRowSchema),
});
export type CylinderDetail = z.infer<typeof cylinderDetailSchema>;

export const cylinderBulkResultSchema = z.object({ created: int, ids: z.array(int) });
export const cylinderImageSavedSchema = z.object({ hasImage: z.boolean(), contentType: z.enum(IMAGE_TYPES), bytes: int });

export const stockDocumentRowSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  storeName: z.string(),
  docNo: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  docDate: isoDate,
  sourceDocNo: z.string().nullable(),
  customerId: int.nullable(),
  customerName: z.string().nullable(),
  handlingSiteId: int.nullable(),
  remark: z.string().nullable(),
  overrideReason: z.string().nullable(),
  lineCount: int,
  appliedCount: int,
  pendingCount: int,
  createdByName: z.string().nullable(),
  createdAt: timestamp,
});
export type StockDocumentRow = z.infer<typeof stockDocumentRowSchema>;
export const stockDocumentPage = cappedPaged(stockDocumentRowSchema);
export const stockDocumentLineSchema = z.object({
  lineNo: int,
  code: z.string(),
  cylinderId: int.nullable(),
  containerNo: z.string().nullable(),
  containerSpec: z.string().nullable(),
  sizeKg: int.nullable(),
  result: z.enum(LINE_RESULTS),
  reason: z.enum(MOVE_PROBLEMS).nullable(),
  pendingId: int.nullable(),
});
export const stockDocumentDetailSchema = stockDocumentRowSchema.extend({ lines: z.array(stockDocumentLineSchema) });
export type StockDocumentDetail = z.infer<typeof stockDocumentDetailSchema>;

export const scanReadResultSchema = z.object({
  code: z.string(),
  result: z.enum(SCAN_RESULTS),
  reason: z.enum(MOVE_PROBLEMS).nullable(),
  cylinderId: int.nullable(),
  pendingId: int.nullable(),
});
/** The answer to a scan batch (the same on a resend, with `replayed`). */
export const scanBatchResultSchema = z.object({
  id: int,
  batchId: z.string(),
  replayed: z.boolean(),
  total: int,
  success: int,
  failure: int,
  unprocessed: int,
  newToday: int,
  qualified: int,
  reads: z.array(scanReadResultSchema),
});
export type ScanBatchResult = z.infer<typeof scanBatchResultSchema>;

const scanCounts = { total: int, success: int, failure: int, unprocessed: int, newToday: int, qualified: int };
/** Scan result statistics (ScanResultStatistics): per reader and interval. */
export const scanStatsSchema = z.object({
  interval: z.enum(['day', 'hour']),
  items: z.array(
    z.object({
      readerId: int.nullable(),
      readerName: z.string().nullable(),
      /** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:00' on the group's clock. */
      bucket: z.string(),
      ...scanCounts,
    }),
  ),
  totals: z.object(scanCounts),
});
export type ScanStats = z.infer<typeof scanStatsSchema>;

export const scanReadRowSchema = z.object({
  id: int,
  batchId: z.string(),
  readerId: int.nullable(),
  readerName: z.string().nullable(),
  storeId: int,
  readAt: timestamp,
  code: z.string(),
  kind: z.enum(MOVEMENT_KINDS).nullable(),
  cylinderId: int.nullable(),
  containerNo: z.string().nullable(),
  result: z.enum(SCAN_RESULTS),
  reason: z.enum(MOVE_PROBLEMS).nullable(),
  pendingId: int.nullable(),
  newToday: z.boolean(),
  qualified: z.boolean(),
});
export const scanReadPage = cappedPaged(scanReadRowSchema);

export const scanReaderRowSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  storeName: z.string(),
  name: z.string(),
  kind: z.enum(READER_KINDS),
  active: z.boolean(),
  lastSeenAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type ScanReaderRow = z.infer<typeof scanReaderRowSchema>;
/** A reader with its secret: answered once, when created or when the secret is renewed. */
export const scanReaderSecretSchema = scanReaderRowSchema.extend({ secret: z.string() });

/** Inspection suggestions (examinedSuggest): per delivery person, the due cylinders at their customers. */
export const suggestionSchema = z.object({
  today: isoDate,
  dueDays: int,
  items: z.array(
    z.object({
      rank: int,
      deliveryPersonId: int.nullable(),
      deliveryPersonName: z.string().nullable(),
      count: int,
      overdue: int,
      cylinders: z.array(
        z.object({
          id: int,
          containerNo: z.string(),
          labelNo: z.string().nullable(),
          sizeKg: int,
          deadline: isoDate.nullable(),
          inspectionStatus: z.enum(INSPECTION_STATUSES),
          customerId: int.nullable(),
          customerName: z.string().nullable(),
          customerAddress: z.string().nullable(),
          customerPhone: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type Suggestions = z.infer<typeof suggestionSchema>;

/** The public label check (/barcode): never any customer data. */
export const publicCylinderSchema = z.object({
  containerNo: z.string(),
  labelNo: z.string().nullable(),
  containerSpec: z.string().nullable(),
  sizeKg: int,
  material: z.enum(MATERIALS),
  /** A label is on record and the cylinder is in date. */
  labelValid: z.boolean(),
  nextInspectionDeadline: isoDate.nullable(),
  endOfLifeDate: isoDate.nullable(),
  inspectionStatus: z.enum(INSPECTION_STATUSES),
  statusColour: z.string(),
  shop: z.object({ name: z.string(), phone: z.string().nullable() }),
});
export type PublicCylinder = z.infer<typeof publicCylinderSchema>;

export const cylinderDone = z.object({ detail: z.string() });
