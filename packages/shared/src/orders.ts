import { z } from 'zod';
import { dateSchema, gramsSchema, moneySchema, phoneSchema, storeIdSchema } from './customers.js';
import { idSchema, optionalText, pageQuery, requiredText, V, blankAsMissing } from './validation.js';

/**
 * The orders vocabulary (declared here once: the server's tables, services and demo, the reports
 * and the web use these lists; the CHECK constraints of migration 0210 hold the same values), the
 * order status machine, and the order, dispatch, payment and billing request schemas shared by
 * server and web forms.
 */

// ---- Vocabulary ----------------------------------------------------------------------------------

export const ORDER_STATUSES = ['placed', 'not_delivered', 'delivering', 'completed', 'payment_posted', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Orders that were sold (delivered or picked up): what sales figures, refunds and usage count. */
export const SALE_STATUSES = ['completed', 'payment_posted'] as const satisfies readonly OrderStatus[];
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const isSaleStatus = (status: OrderStatus): status is SaleStatus => (SALE_STATUSES as readonly OrderStatus[]).includes(status);
/** Orders still to be delivered. */
export const OPEN_STATUSES = ['placed', 'not_delivered', 'delivering'] as const satisfies readonly OrderStatus[];
export type OpenStatus = (typeof OPEN_STATUSES)[number];

/** Where an order came from: the staff form, the public order page, the mobile app. */
export const ORDER_SOURCES = ['staff', 'public', 'mobile'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const CYLINDER_OP_KINDS = ['deposit', 'return', 'borrow', 'repay'] as const;
export type CylinderOpKind = (typeof CYLINDER_OP_KINDS)[number];

export const PAYMENT_TYPES = ['cash', 'bill'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** A monthly bill is by order count or by meter reading. */
export const BILL_MODES = ['count', 'meter'] as const;
export type BillMode = (typeof BILL_MODES)[number];
/** A monthly bill is billed (generated), then posted (paid). */
export const BILL_STATUSES = ['billed', 'posted'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
/** Filters of the billing list: whether a customer has a bill for the period, whether it is posted. */
export const BILLED_FILTERS = ['billed', 'unbilled'] as const;
export const POSTED_FILTERS = ['posted', 'unposted'] as const;

// ---- Order status machine (PRODUCT.md) -----------------------------------------------------------

export const ORDER_ACTIONS = ['edit', 'dispatch', 'start', 'delivered', 'complete', 'cancel', 'delete', 'pay', 'bill'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Which action is allowed from which status:
 * - dispatch (assign a delivery person and time, or reassign): placed | not_delivered → not_delivered
 * - start (the driver leaves): not_delivered → delivering
 * - delivered (weights and residual gas recorded): not_delivered | delivering → completed
 * - complete (a counter sale that needs no delivery): placed → completed
 * - pay (payment posted): completed → payment_posted; bill (monthly bill posted) likewise
 * - cancel (with a reason): any state before completed → cancelled
 * - delete: placed | cancelled
 * - edit (order fields and lines): placed | not_delivered | delivering
 */
const ORDER_TRANSITIONS: Record<OrderAction, readonly OrderStatus[]> = {
  edit: OPEN_STATUSES,
  dispatch: ['placed', 'not_delivered'],
  start: ['not_delivered'],
  delivered: ['not_delivered', 'delivering'],
  complete: ['placed'],
  pay: ['completed'],
  bill: ['completed'],
  cancel: OPEN_STATUSES,
  delete: ['placed', 'cancelled'],
};

export function canOrder(action: OrderAction, status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[action].includes(status);
}

// ---- Request schemas -----------------------------------------------------------------------------

const quantity = blankAsMissing(
  z.coerce.number({ error: V.number }).int({ error: V.integer }).min(1, { error: V.min }).max(10_000, { error: V.max }),
);

const productLineBody = z.object({ productId: idSchema, quantity });
const serviceLineBody = z.object({
  content: z.string({ error: V.serviceContent }).trim().min(1, { error: V.serviceContent }).max(200, { error: V.tooLong }),
  amount: blankAsMissing(
    z.coerce.number({ error: V.amount }).int({ error: V.integer }).min(0, { error: V.min }).max(100_000_000, { error: V.max }),
  ),
});
const cylinderOpBody = z.object({
  kind: z.enum(CYLINDER_OP_KINDS, { error: V.required }),
  opDate: dateSchema,
  gas: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(30, { error: V.tooLong }),
  quantity,
  unitPrice: moneySchema,
});

export const orderBody = z.object({
  storeId: storeIdSchema,
  customerId: idSchema.nullish().transform((v) => v ?? null),
  orderDate: dateSchema,
  deliveryAddress: optionalText(300),
  scaleDeviceId: optionalText(64),
  gasWeightG: gramsSchema.default(0),
  residualGasG: gramsSchema.default(0),
  propaneWeightG: gramsSchema.default(0),
  propaneResidualG: gramsSchema.default(0),
  products: z.array(productLineBody).max(50, { error: V.max }).default([]),
  services: z.array(serviceLineBody).max(50, { error: V.max }).default([]),
  cylinders: z.array(cylinderOpBody).max(50, { error: V.max }).default([]),
  remark: optionalText(500),
  preferredTime: optionalText(100),
});
export type OrderBody = z.input<typeof orderBody>;

export const orderListQuery = pageQuery.extend({
  storeId: idSchema.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  customerId: idSchema.optional(),
  deliveryPersonId: idSchema.optional(),
  dateFrom: dateSchema.optional(),
  dateTo: dateSchema.optional(),
  unassigned: z.enum(['true', 'false']).optional(),
});

/** Dispatch: must select customer (checked on the order), delivery person and delivery time (seed §5). */
export const dispatchBody = z.object({
  orderIds: z.array(idSchema).min(1, { error: V.required }).max(200, { error: V.max }),
  deliveryPersonId: blankAsMissing(
    z.coerce.number({ error: V.selectDeliveryPerson }).int({ error: V.selectDeliveryPerson }).min(1, { error: V.selectDeliveryPerson }),
  ),
  deliveryAt: z
    .string({ error: V.selectDeliveryTime })
    .min(1, { error: V.selectDeliveryTime })
    .refine((s) => !Number.isNaN(Date.parse(s)), { error: V.selectDeliveryTime }),
});

export const deliveredBody = z.object({
  gasWeightG: gramsSchema,
  residualGasG: gramsSchema.default(0),
  propaneWeightG: gramsSchema.default(0),
  propaneResidualG: gramsSchema.default(0),
  scaleDeviceId: optionalText(64),
});

export const cancelBody = z.object({ reason: requiredText(300) });

export const paymentBody = z
  .object({
    postingDate: dateSchema,
    paymentType: z.enum(PAYMENT_TYPES, { error: V.required }),
    cashAmount: moneySchema.default(0),
    billAmount: moneySchema.default(0),
    billNumber: optionalText(50),
    invoiceNumber: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .regex(/^[A-Z]{2}-?\d{8}$/, { error: V.invoiceNumber }),
      ])
      .nullish()
      .transform((v) => (v ? v.replace('-', '') : null)),
    remark: optionalText(300),
  })
  .refine((b) => b.paymentType !== 'bill' || !!b.billNumber, { error: V.required, path: ['billNumber'] })
  .refine((b) => b.paymentType !== 'bill' || b.billAmount > 0, { error: V.amount, path: ['billAmount'] });
export type PaymentBody = z.input<typeof paymentBody>;

const periodSchema = z.string({ error: V.required }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: V.invalid });

export const billingQuery = pageQuery.extend({
  period: periodSchema,
  storeId: idSchema.optional(),
  billed: z.enum(BILLED_FILTERS).optional(),
  posted: z.enum(POSTED_FILTERS).optional(),
});

export const generateBillsBody = z.object({
  period: periodSchema,
  billingDate: dateSchema,
  customers: z
    .array(
      z.object({
        customerId: idSchema,
        currentReading: blankAsMissing(
          z.coerce
            .number({ error: V.meterReading })
            .int({ error: V.integer })
            .min(0, { error: V.min })
            .max(2_000_000_000, { error: V.max }),
        ).nullish(),
      }),
    )
    .min(1, { error: V.selectCustomer })
    .max(2000, { error: V.max }),
});

/** The public order page (no account). */
export const publicOrderBody = z
  .object({
    storeId: storeIdSchema,
    phone: phoneSchema,
    name: requiredText(60),
    address: requiredText(300),
    cylinderKg: blankAsMissing(
      z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(50, { error: V.max }),
    ).default(0),
    cylinderCount: blankAsMissing(
      z.coerce.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(20, { error: V.max }),
    ).default(0),
    products: z.array(productLineBody).max(20, { error: V.max }).default([]),
    preferredTime: optionalText(100),
    remark: optionalText(300),
  })
  .refine((b) => (b.cylinderKg > 0 && b.cylinderCount > 0) || b.products.length > 0, { error: V.required, path: ['cylinderCount'] });
