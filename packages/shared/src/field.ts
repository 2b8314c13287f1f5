import { z } from 'zod';
import { cylinderCodeSchema } from './api/cylinders.js';
import { dateSchema, moneySchema } from './customers.js';
import { normaliseCode } from './cylinders.js';
import {
  CHECK_ITEMS,
  CHECK_RESULTS,
  FIELD_ACTION_KINDS,
  FIELD_LIMITS,
  FIELD_STORED_STATUSES,
  INSPECTION_RESULTS,
  RETURN_MOVEMENTS,
  type CheckItem,
  type FieldActionKind,
} from './field-vocabulary.js';
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

export * from './field-vocabulary.js';

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

/** Cylinders of a store going to or coming from a filling plant (a handling site, as `handlingSiteId` takes it). At least one. */
function plantPayload<S extends z.ZodType>(handlingSiteId: S) {
  return z
    .object({ storeId: storeIdSchema, handlingSiteId, codes: requiredCodes, remark: optionalText(300) })
    .superRefine((b, ctx) => refuseRepeats(ctx, [{ path: 'codes', codes: b.codes }]));
}

/** packaging (gasPackaging): empties sent to a filling plant, which it names. */
export const packagingPayload = plantPayload(
  blankAsMissing(z.coerce.number({ error: V.required }).int({ error: V.required }).min(1, { error: V.required })),
);
export type PackagingPayload = z.input<typeof packagingPayload>;

/** filling-in (gasPackaging): the full cylinders received back from the filling plant (named or not). */
export const fillingInPayload = plantPayload(optionalStoreId);
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
/** A list's days, `from` and `to` (each blank: open). */
const dateRange = { from: optionalQueryDate, to: optionalQueryDate };

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
  ...dateRange,
});
export type InspectionListQuery = z.input<typeof inspectionListQuery>;

/** Back office: field actions (conflicts first to resolve, recent ones). */
export const fieldActionListQuery = pageQuery.extend({
  storeId: optionalQueryId,
  userId: optionalQueryId,
  status: z.enum(FIELD_STORED_STATUSES, { error: V.invalid }).optional(),
  kind: z.enum(FIELD_ACTION_KINDS, { error: V.invalid }).optional(),
  ...dateRange,
});
export type FieldActionListQuery = z.input<typeof fieldActionListQuery>;

/** The proof files kept with an inspection or an action: the customer's signature and the photo. */
export const PROOF_FILES = ['signature', 'photo'] as const;
export type ProofFile = (typeof PROOF_FILES)[number];
/** `/api/field/inspections/:id/:file`, `/api/field/actions/:id/:file`. */
export const proofFileParams = z.object({ id: idSchema, file: z.enum(PROOF_FILES, { error: V.invalid }) });
