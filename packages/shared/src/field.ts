import { z } from 'zod';
import { cylinderCodeSchema } from './api/cylinders.js';
import { dateSchema, moneySchema } from './customers.js';
import { normaliseCode, type MovementKind } from './cylinders.js';
import type { ScreenKey } from './menu.js';
import { GAS_STATUSES, PAYMENT_TYPES } from './orders.js';
import { blankAsMissing, idSchema, noControlChars, optionalText, pageQuery, storeIdSchema, V } from './validation.js';

/**
 * The field app (seed §2 mobile side: gasRound, gasReturn, gasPackaging, gasExamine): what a phone
 * queues while offline and the server applies exactly once. docs/FIELD.md describes the API.
 *
 * Every action the phone makes is an envelope `{ id, kind, deviceTime, payload }`: `id` is a UUID
 * made on the phone when the action is made and resent unchanged on every retry; the server stores
 * it under a unique constraint in the same transaction as the effect and answers a repeat with the
 * first result (status `duplicate`).
 */

// ---- vocabulary --------------------------------------------------------------------------------

/** What a phone can do: deliver an order, return cylinders to the store, send empties to a filling plant, receive them back full, record a safety inspection. */
export const FIELD_ACTION_KINDS = ['deliver', 'return', 'packaging', 'filling-in', 'examine'] as const;
export type FieldActionKind = (typeof FIELD_ACTION_KINDS)[number];

/** The screen whose `create` right each kind needs (a user without it gets that action `rejected`). */
export const FIELD_ACTION_SCREENS: Record<FieldActionKind, ScreenKey> = {
  deliver: 'gasRound',
  return: 'gasReturn',
  packaging: 'gasPackaging',
  'filling-in': 'gasPackaging',
  examine: 'gasExamine',
};

/** The cylinder movement of each list of an action (cylinders.ts MOVEMENT_RULES decides the rest). */
export const FIELD_MOVEMENTS = {
  /** deliver: full cylinders handed to the customer. */
  handedOver: 'sales_out',
  /** deliver: empties taken back from the customer. */
  takenBack: 'collection_in',
  /** return (default): cylinders brought back to the store at the end of the round. */
  return: 'return_in',
  packaging: 'filling_out',
  'filling-in': 'filling_in',
} as const satisfies Record<string, MovementKind>;
/** The movements a return to the store may be recorded as. */
export const RETURN_MOVEMENTS = ['return_in', 'collection_in'] as const satisfies readonly MovementKind[];

/** The seed's success message of each kind (feedback.success.*). */
export const FIELD_SUCCESS_KEYS: Record<FieldActionKind, string> = {
  deliver: 'feedback.success.deliverySuccessful',
  return: 'feedback.success.returnedToStore',
  packaging: 'feedback.success.refillDispatched',
  'filling-in': 'field.success.refillReceived',
  examine: 'feedback.success.saved',
};

/**
 * How the server answered an action: `applied`; `duplicate` (the same id again: nothing done, the
 * first result repeated, see `firstStatus`); `conflict` (recorded, but something could not be
 * applied as asked — the office finds it in pending data and the field actions list); `rejected`
 * (a bad payload or no right to the screen: nothing stored, `errors` by field; a corrected action
 * may be sent again with the same id). The phone's own state before an answer is `queued`.
 */
export const FIELD_RESULT_STATUSES = ['applied', 'duplicate', 'conflict', 'rejected'] as const;
export type FieldResultStatus = (typeof FIELD_RESULT_STATUSES)[number];
/** What the phone shows per queued action. */
export const FIELD_QUEUE_STATES = ['queued', ...FIELD_RESULT_STATUSES] as const;
export type FieldQueueState = (typeof FIELD_QUEUE_STATES)[number];
/** What is stored for the office (rejected actions are not stored). */
export const FIELD_STORED_STATUSES = ['applied', 'conflict'] as const;

/**
 * Why an action is a conflict: the order was cancelled, was already delivered (by someone else) or
 * is otherwise not open any more; or some cylinders could not be moved (unknown code, moved
 * meanwhile, overdue) and wait in pending data.
 */
export const FIELD_CONFLICT_REASONS = ['orderCancelled', 'orderAlreadyDelivered', 'orderNotOpen', 'cylindersPending'] as const;
export type FieldConflictReason = (typeof FIELD_CONFLICT_REASONS)[number];

/** Gas safety inspection checklist (Fire Services Act §15-1), in the order the inspector walks it. */
export const CHECK_ITEMS = ['hose', 'regulator', 'leakTest', 'ventilation', 'placement', 'cylinderInDate'] as const;
export type CheckItem = (typeof CHECK_ITEMS)[number];
/** One checklist item's outcome (`na`: not applicable, e.g. a piped building without a hose). */
export const CHECK_RESULTS = ['pass', 'fail', 'na'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];
export const INSPECTION_RESULTS = ['pass', 'fail'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];

// ---- limits ------------------------------------------------------------------------------------

export const FIELD_LIMITS = {
  /** Actions in one POST /api/field/actions. */
  batch: 50,
  /** Codes one action may carry at most by schema; the group's MAX_CYLINDER_ENTRIES parameter is the real limit ("no space available"). */
  codes: 200,
  /** A signature: PNG data URL, characters. */
  signatureChars: 300_000,
  /** A photo: JPEG/PNG/WebP data URL, characters (about 2 MB of image). */
  photoChars: 2_800_000,
  /** Gross weight of a weighed cylinder, grams (a 50 kg cylinder full weighs about 90 kg). */
  grossG: 150_000,
} as const;

/** The default of MAX_CYLINDER_ENTRIES (params.ts) when a group has none: cylinders per action. */
export const DEFAULT_MAX_CYLINDER_ENTRIES = 20;

// ---- request pieces ------------------------------------------------------------------------------

/** A PNG signature drawn on the screen, as a data URL. */
export const signatureSchema = z
  .string({ error: V.required })
  .max(FIELD_LIMITS.signatureChars, { error: V.max })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: V.invalid });
/** An optional photo (camera capture), as a data URL. */
export const photoSchema = z
  .string({ error: V.invalid })
  .max(FIELD_LIMITS.photoChars, { error: V.max })
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/, { error: V.invalid })
  .nullish()
  .transform((v) => v ?? null);
/** Where the phone was (Geolocation API): latitude, longitude, accuracy in metres. */
export const positionSchema = z
  .object({
    lat: z.number({ error: V.number }).min(-90, { error: V.min }).max(90, { error: V.max }),
    lng: z.number({ error: V.number }).min(-180, { error: V.min }).max(180, { error: V.max }),
    accuracyM: z.number({ error: V.number }).min(0, { error: V.min }).max(100_000, { error: V.max }).nullish(),
  })
  .nullish()
  .transform((v) => (v ? { lat: v.lat, lng: v.lng, accuracyM: v.accuracyM ?? null } : null));

/** A list of scanned codes: duplicates (also a container and a label of one cylinder, checked by the server) are seed §5's "duplicate number or barcode". */
const codeList = z.array(cylinderCodeSchema).max(FIELD_LIMITS.codes, { error: V.noSpace });
const requiredCodes = z
  .array(cylinderCodeSchema, { error: V.atLeastOneCylinder })
  .min(1, { error: V.atLeastOneCylinder })
  .max(FIELD_LIMITS.codes, { error: V.noSpace });

/** Adds "duplicate number or barcode" on every repeat of a code among the given lists. */
function refuseRepeats(ctx: z.RefinementCtx, lists: { path: string; codes: readonly string[] }[]) {
  const seen = new Set<string>();
  for (const list of lists)
    list.codes.forEach((code, i) => {
      if (seen.has(code)) ctx.addIssue({ code: 'custom', message: V.duplicateCylinder, path: [...list.path.split('.'), i] });
      seen.add(code);
    });
}

const optionalStoreId = blankAsMissing(idSchema.optional()).transform((v) => v ?? null);

// ---- payloads ------------------------------------------------------------------------------------

/** An empty taken back on delivery, weighed: residual gas = gross − the cylinder's tare (registry), never below 0. */
export const takenBackSchema = z.object({
  code: cylinderCodeSchema,
  /** Weighed gross weight, grams; null when not weighed (no residual recorded). */
  grossG: blankAsMissing(
    z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(FIELD_LIMITS.grossG, { error: V.max }),
  ).nullish(),
});

/**
 * deliver (gasRound): the order is delivered (completed, orders' rules), the full cylinders go out
 * as sales to the customer, the empties come back (collection in) with their residual gas, refunded
 * (`return`) or kept as the customer's gas credit (`store`), with the payment and the proof.
 */
export const deliverPayload = z
  .object({
    orderId: idSchema,
    /** Full cylinders handed over (codes). */
    handedOver: codeList.default([]),
    /** Empties taken back, each with its weighed gross weight. */
    takenBack: z.array(takenBackSchema).max(FIELD_LIMITS.codes, { error: V.noSpace }).default([]),
    /** Gas delivered (grams); blank: the nominal size of the cylinders handed over (else the order's). */
    gasWeightG: blankAsMissing(z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min })).nullish(),
    gasStatus: z.enum(GAS_STATUSES, { error: V.required }).default('return'),
    paymentType: z.enum(PAYMENT_TYPES, { error: V.required }).default('cash'),
    /** Cash collected (minor units); 0 when billed. */
    cashAmount: moneySchema.default(0),
    signature: signatureSchema,
    photo: photoSchema,
    position: positionSchema,
    remark: optionalText(300),
  })
  .superRefine((b, ctx) =>
    refuseRepeats(ctx, [
      { path: 'handedOver', codes: b.handedOver },
      { path: 'takenBack', codes: b.takenBack.map((t) => t.code) },
    ]),
  );
export type DeliverPayload = z.input<typeof deliverPayload>;

/** return (gasReturn): cylinders brought back to a store at the end of the round. At least one. */
export const returnPayload = z
  .object({
    storeId: storeIdSchema,
    codes: requiredCodes,
    movement: z.enum(RETURN_MOVEMENTS, { error: V.invalid }).default('return_in'),
    remark: optionalText(300),
  })
  .superRefine((b, ctx) => refuseRepeats(ctx, [{ path: 'codes', codes: b.codes }]));
export type ReturnPayload = z.input<typeof returnPayload>;

/** packaging (gasPackaging): empties sent to a filling plant (a handling site). At least one. */
export const packagingPayload = z
  .object({
    storeId: storeIdSchema,
    handlingSiteId: blankAsMissing(z.coerce.number({ error: V.required }).int({ error: V.required }).min(1, { error: V.required })),
    codes: requiredCodes,
    remark: optionalText(300),
  })
  .superRefine((b, ctx) => refuseRepeats(ctx, [{ path: 'codes', codes: b.codes }]));
export type PackagingPayload = z.input<typeof packagingPayload>;

/** filling-in (gasPackaging): the full cylinders received back from the filling plant. At least one. */
export const fillingInPayload = z
  .object({
    storeId: storeIdSchema,
    handlingSiteId: optionalStoreId,
    codes: requiredCodes,
    remark: optionalText(300),
  })
  .superRefine((b, ctx) => refuseRepeats(ctx, [{ path: 'codes', codes: b.codes }]));
export type FillingInPayload = z.input<typeof fillingInPayload>;

const checkItemSchema = z.object({
  result: z.enum(CHECK_RESULTS, { error: V.required }),
  note: optionalText(300),
});
export type CheckItemInput = z.input<typeof checkItemSchema>;

/**
 * examine (gasExamine): a gas safety inspection at a customer's (Fire Services Act §15-1): every
 * checklist item pass / fail / not applicable with a note, the cylinders there scanned (their
 * inspection status is recorded), the overall result (fail when any item failed), the customer's
 * signature, an optional photo, the position and the next inspection date.
 */
export const examinePayload = z
  .object({
    customerId: idSchema,
    items: z.object(
      {
        hose: checkItemSchema,
        regulator: checkItemSchema,
        leakTest: checkItemSchema,
        ventilation: checkItemSchema,
        placement: checkItemSchema,
        cylinderInDate: checkItemSchema,
      } satisfies Record<CheckItem, typeof checkItemSchema>,
      { error: V.required },
    ),
    codes: codeList.default([]),
    result: z.enum(INSPECTION_RESULTS, { error: V.required }),
    nextDueDate: dateSchema.nullish().transform((v) => v ?? null),
    signature: signatureSchema,
    photo: photoSchema,
    position: positionSchema,
    remark: optionalText(500),
  })
  .superRefine((b, ctx) => {
    refuseRepeats(ctx, [{ path: 'codes', codes: b.codes }]);
    if (b.result === 'pass' && CHECK_ITEMS.some((k) => b.items[k]?.result === 'fail'))
      ctx.addIssue({ code: 'custom', message: 'field.validation.failedItem', path: ['result'] });
  });
export type ExaminePayload = z.input<typeof examinePayload>;

/** The payload schema of each kind (the server parses each action's payload with it). */
export const FIELD_PAYLOADS = {
  deliver: deliverPayload,
  return: returnPayload,
  packaging: packagingPayload,
  'filling-in': fillingInPayload,
  examine: examinePayload,
} as const satisfies Record<FieldActionKind, z.ZodType>;

// ---- the envelope and the batch --------------------------------------------------------------------

/**
 * One queued action. The payload is checked per kind on the server (a bad one makes only this
 * action `rejected`); a malformed envelope (no UUID, unknown kind, bad device time) fails the batch (400).
 */
export const fieldActionEnvelope = z.object({
  id: z.uuid({ error: V.invalid }),
  kind: z.enum(FIELD_ACTION_KINDS, { error: V.invalid }),
  /** When the action was made on the phone (ISO 8601 with offset). */
  deviceTime: z.iso.datetime({ offset: true, error: V.invalid }),
  payload: z.record(z.string(), z.unknown(), { error: V.required }),
});
export type FieldActionEnvelope = z.input<typeof fieldActionEnvelope>;

/** A batch of queued actions, applied in order, each in its own transaction. */
export const fieldActionsBody = z.object({
  actions: z.array(fieldActionEnvelope).min(1, { error: V.required }).max(FIELD_LIMITS.batch, { error: V.max }),
});
export type FieldActionsBody = z.input<typeof fieldActionsBody>;

// ---- queries -------------------------------------------------------------------------------------

const optionalQueryId = z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional());
const optionalQueryDate = z.preprocess((v) => (v === '' ? undefined : v), dateSchema.optional());

/** Codes to check (comma separated), e.g. `?codes=AA0120123456,Q-0001`. */
export const fieldCylinderQuery = z.object({
  codes: noControlChars(z.string({ error: V.required }).max(8000, { error: V.tooLong }))
    .transform((s) => [...new Set(s.split(',').map(normaliseCode).filter(Boolean))])
    .refine((codes) => codes.length > 0, { error: V.atLeastOneCylinder })
    .refine((codes) => codes.length <= FIELD_LIMITS.codes, { error: V.noSpace })
    .refine((codes) => codes.every((c) => c.length <= 40), { error: V.tooLong }),
});
export const fieldCodeParam = z.object({ code: cylinderCodeSchema });

/** Back office: the safety inspections recorded on phones. */
export const inspectionListQuery = pageQuery.extend({
  storeId: optionalQueryId,
  customerId: optionalQueryId,
  inspectorId: optionalQueryId,
  result: z.enum(INSPECTION_RESULTS, { error: V.invalid }).optional(),
  from: optionalQueryDate,
  to: optionalQueryDate,
});
export type InspectionListQuery = z.input<typeof inspectionListQuery>;

/** Back office: field actions (conflicts first to resolve, recent ones). */
export const fieldActionListQuery = pageQuery.extend({
  storeId: optionalQueryId,
  userId: optionalQueryId,
  status: z.enum(FIELD_STORED_STATUSES, { error: V.invalid }).optional(),
  kind: z.enum(FIELD_ACTION_KINDS, { error: V.invalid }).optional(),
  from: optionalQueryDate,
  to: optionalQueryDate,
});
export type FieldActionListQuery = z.input<typeof fieldActionListQuery>;

/** The proof files kept with an inspection or an action: the customer's signature and the photo. */
export const PROOF_FILES = ['signature', 'photo'] as const;
export type ProofFile = (typeof PROOF_FILES)[number];
/** `/api/field/inspections/:id/:file`, `/api/field/actions/:id/:file`. */
export const proofFileParams = z.object({ id: idSchema, file: z.enum(PROOF_FILES, { error: V.invalid }) });
