import { z } from 'zod';
import { INSPECTION_STATUSES, MOVEMENT_KINDS } from '../cylinders.js';
import {
  CHECK_ITEMS,
  CHECK_RESULTS,
  FIELD_ACTION_KINDS,
  FIELD_CONFLICT_REASONS,
  FIELD_RESULT_STATUSES,
  FIELD_STORED_STATUSES,
  INSPECTION_RESULTS,
  type CheckItem,
} from '../field.js';
import { CYLINDER_OP_KINDS, GAS_STATUSES, ORDER_STATUSES, PAYMENT_TYPES } from '../orders.js';
import { cappedPaged } from '../validation.js';
import { int, isoDate, timestamp } from './answers.js';
import { MOVE_PROBLEMS } from '../cylinders.js';
import { cylinderRowSchema } from './cylinders.js';

// Closed answers of the field app (docs/FIELD.md "Field app API"). Weights are integer grams, money
// integer minor units, calendar dates 'YYYY-MM-DD' on the store group's clock, instants ISO 8601.

// ---- cylinders as the phone checks them ----------------------------------------------------------

/**
 * A cylinder as the phone needs it to check a scan: which one it is, its tare (for the residual gas),
 * where it is and whether it is full, and its inspection status (`handOver` false: overdue or past
 * its end of life, it cannot be handed to a customer or sent for filling).
 */
export const fieldCylinderSchema = cylinderRowSchema
  .pick({
    id: true,
    storeId: true,
    containerNo: true,
    labelNo: true,
    containerSpec: true,
    sizeKg: true,
    tareG: true,
    material: true,
    locationKind: true,
    locationId: true,
    customerId: true,
    holding: true,
    fill: true,
    nextInspectionDeadline: true,
    inspectionStatus: true,
    statusColour: true,
  })
  .extend({ handOver: z.boolean() });
export type FieldCylinder = z.infer<typeof fieldCylinderSchema>;

/** GET /api/field/cylinders?codes=: the codes found (by container or label number) and those matching no cylinder. */
export const fieldCylinderLookupSchema = z.object({
  items: z.array(fieldCylinderSchema),
  /** Codes (normalised) that match no cylinder of the group: seed §5 "no matching field". */
  unknown: z.array(z.string()),
});
export type FieldCylinderLookup = z.infer<typeof fieldCylinderLookupSchema>;

// ---- the person's day --------------------------------------------------------------------------------

export const fieldOrderSchema = z.object({
  id: int,
  orderNo: z.string(),
  storeId: int,
  storeName: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Position in the round (1 = first), by delivery time. */
  routeIndex: int,
  orderDate: isoDate,
  deliveryAt: timestamp.nullable(),
  preferredTime: z.string().nullable(),
  customerId: int.nullable(),
  customerName: z.string().nullable(),
  customerType: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  remark: z.string().nullable(),
  gasStatus: z.enum(GAS_STATUSES),
  gasUnitPrice: int,
  gasWeightG: int,
  residualGasG: int,
  gasAmount: int,
  gasRefundAmount: int,
  productsAmount: int,
  servicesAmount: int,
  cylindersAmount: int,
  totalAmount: int,
  /** The customer's gas credit (grams, "store gas" kept from earlier orders). */
  gasCreditG: int,
  products: z.array(z.object({ name: z.string(), quantity: int, unitPrice: int, amount: int })),
  services: z.array(z.object({ content: z.string(), amount: int })),
  cylinderOps: z.array(z.object({ kind: z.enum(CYLINDER_OP_KINDS), gas: z.string(), quantity: int, unitPrice: int, amount: int })),
  /** Codes of the cylinders at this customer now (what the driver should take back). */
  cylindersAtCustomer: z.array(z.string()),
});
export type FieldOrder = z.infer<typeof fieldOrderSchema>;

/** A customer an inspector should visit: due cylinders there, or no inspection within a year. */
export const fieldInspectionDueSchema = z.object({
  customerId: int,
  customerName: z.string(),
  storeId: int,
  address: z.string().nullable(),
  phone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Cylinders at the customer due or overdue for periodic inspection. */
  dueCylinders: int,
  overdueCylinders: int,
  lastInspectionDate: isoDate.nullable(),
  lastResult: z.enum(INSPECTION_RESULTS).nullable(),
  /** The next inspection date the last inspection set. */
  nextDueDate: isoDate.nullable(),
});
export type FieldInspectionDue = z.infer<typeof fieldInspectionDueSchema>;

/** GET /api/field/today: the signed-in person's day. */
export const fieldTodaySchema = z.object({
  /** The store group's date. */
  today: isoDate,
  timeZone: z.string(),
  /** Server time of the answer (the phone shows it when offline). */
  fetchedAt: timestamp,
  user: z.object({ id: int, name: z.string() }),
  /** Cylinders one action may list (MAX_CYLINDER_ENTRIES): beyond it, "no space available". */
  maxCylinderEntries: int,
  stores: z.array(z.object({ id: int, name: z.string() })),
  defaultStoreId: int.nullable(),
  /** Filling plants (and inspection agencies) for gasPackaging. */
  handlingSites: z.array(z.object({ id: int, code: z.string(), name: z.string(), type: z.enum(['filling', 'inspection', 'both']) })),
  /** Orders dispatched to this person: open ones due today or earlier, and those they delivered today, in route order. */
  orders: z.array(fieldOrderSchema),
  /** For a user with gasExamine: customers to inspect, most urgent first; null otherwise. */
  inspections: z.array(fieldInspectionDueSchema).nullable(),
  /** The cylinders the day needs (at today's customers, and in the person's stores), for checking scans offline. */
  cylinders: z.array(fieldCylinderSchema),
  /** The list above was cut at its limit (the phone asks the server for codes not in it). */
  cylindersTruncated: z.boolean(),
});
export type FieldToday = z.infer<typeof fieldTodaySchema>;

// ---- action results -------------------------------------------------------------------------------

export const fieldLineSchema = z.object({
  code: z.string(),
  movement: z.enum(MOVEMENT_KINDS),
  cylinderId: int.nullable(),
  /** applied; pending (waiting in the cylinders' pending data, see reason); unchanged (already where it should be). */
  result: z.enum(['applied', 'pending', 'unchanged']),
  reason: z.enum(MOVE_PROBLEMS).nullable(),
  pendingId: int.nullable(),
  /** Taken back on delivery: residual gas (gross − tare, ≥ 0), null when not weighed or no tare is known. */
  residualG: int.nullable(),
});
export type FieldLine = z.infer<typeof fieldLineSchema>;

/** The answer to one action (and, with status `duplicate`, to its repeats). */
export const fieldActionResultSchema = z.object({
  id: z.string(),
  kind: z.enum(FIELD_ACTION_KINDS),
  status: z.enum(FIELD_RESULT_STATUSES),
  /** For `duplicate`: what the first answer was. */
  firstStatus: z.enum(FIELD_STORED_STATUSES).nullable(),
  /** The message to show (translated in the request's language), and its key. */
  message: z.string(),
  messageKey: z.string(),
  reasons: z.array(z.enum(FIELD_CONFLICT_REASONS)),
  /** Field messages: why a `rejected` action was refused, or per code why a cylinder waits in pending data. */
  errors: z.record(z.string(), z.string()),
  deviceTime: timestamp,
  /** When the server applied it (the first time). Null when rejected. */
  serverTime: timestamp.nullable(),
  orderId: int.nullable(),
  orderStatus: z.enum(ORDER_STATUSES).nullable(),
  totalAmount: int.nullable(),
  inspectionId: int.nullable(),
  lines: z.array(fieldLineSchema),
});
export type FieldActionResult = z.infer<typeof fieldActionResultSchema>;

/** POST /api/field/actions: one result per action, in the order sent. */
export const fieldActionsResultSchema = z.object({
  serverTime: timestamp,
  results: z.array(fieldActionResultSchema),
});
export type FieldActionsResult = z.infer<typeof fieldActionsResultSchema>;

// ---- back office -------------------------------------------------------------------------------------

/** GET /api/field/actions: what phones did, conflicts for the office to resolve. */
export const fieldActionRowSchema = z.object({
  id: int,
  actionId: z.string(),
  kind: z.enum(FIELD_ACTION_KINDS),
  status: z.enum(FIELD_STORED_STATUSES),
  reasons: z.array(z.enum(FIELD_CONFLICT_REASONS)),
  userId: int.nullable(),
  userName: z.string().nullable(),
  storeId: int.nullable(),
  storeName: z.string().nullable(),
  orderId: int.nullable(),
  orderNo: z.string().nullable(),
  /** The order's status now (e.g. `completed`: the cash may be posted; `payment_posted`: it was). */
  orderStatus: z.enum(ORDER_STATUSES).nullable(),
  /** The order's total now (minor units), to compare with the cash collected. */
  orderTotal: int.nullable(),
  customerId: int.nullable(),
  customerName: z.string().nullable(),
  paymentType: z.enum(PAYMENT_TYPES).nullable(),
  cashAmount: int.nullable(),
  lineCount: int,
  pendingCount: int,
  deviceTime: timestamp,
  serverTime: timestamp,
  message: z.string(),
  /** Proof of delivery kept with the action (GET /api/field/actions/:id/signature|photo). */
  hasSignature: z.boolean(),
  hasPhoto: z.boolean(),
});
export type FieldActionRow = z.infer<typeof fieldActionRowSchema>;
export const fieldActionPage = cappedPaged(fieldActionRowSchema);
export type FieldActionPage = z.infer<typeof fieldActionPage>;

const checkItemAnswer = z.object({ result: z.enum(CHECK_RESULTS), note: z.string().nullable() });

/** A recorded safety inspection (back office list and export). */
export const inspectionRowSchema = z.object({
  id: int,
  storeId: int,
  storeName: z.string(),
  customerId: int,
  customerName: z.string(),
  customerAddress: z.string().nullable(),
  inspectorId: int.nullable(),
  inspectorName: z.string().nullable(),
  inspectionDate: isoDate,
  inspectedAt: timestamp,
  result: z.enum(INSPECTION_RESULTS),
  items: z.object(Object.fromEntries(CHECK_ITEMS.map((k) => [k, checkItemAnswer])) as Record<CheckItem, typeof checkItemAnswer>),
  failedItems: z.array(z.enum(CHECK_ITEMS)),
  /** The failed items in the request's language (for lists and exports). */
  failedItemsText: z.string(),
  cylinders: z.array(z.object({ code: z.string(), cylinderId: int.nullable(), inspectionStatus: z.enum(INSPECTION_STATUSES).nullable() })),
  nextDueDate: isoDate.nullable(),
  hasSignature: z.boolean(),
  hasPhoto: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracyM: z.number().nullable(),
  remark: z.string().nullable(),
});
export type InspectionRow = z.infer<typeof inspectionRowSchema>;
export const inspectionPage = cappedPaged(inspectionRowSchema);
export type InspectionPage = z.infer<typeof inspectionPage>;
