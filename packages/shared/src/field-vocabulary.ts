import type { MovementKind } from './cylinders.js';
import type { ScreenKey } from './menu.js';

/**
 * The field app's vocabulary and limits (field.ts has the request schemas): no zod here, so the field
 * app's screens, which use only these, do not load zod (issue 13, apps/web/vite.config.ts).
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
