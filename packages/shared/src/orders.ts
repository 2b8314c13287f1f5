import { z } from 'zod';
import { customerBody, dateSchema, moneySchema, phoneSchema } from './customers.js';
import { COMMON_SIZES_KG } from './cylinders.js';
import { idSchema, optionalText, pageQuery, requiredText, V, blankAsMissing, storeIdSchema, whenValid } from './validation.js';

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

/**
 * Gas status (seed §4) of the residual gas in the returned cylinder, chosen on delivery: `return`
 * gas refunds it on this order (residual × price); `store` gas keeps it as the customer's gas credit
 * (grams, a ledger), used on the customer's next order to reduce the gas charged.
 */
export const GAS_STATUSES = ['return', 'store'] as const;
export type GasStatus = (typeof GAS_STATUSES)[number];
/** Why a customer's gas credit moved: residual gas stored on an order, or credit used on an order. */
export const GAS_CREDIT_KINDS = ['stored', 'used'] as const;
export type GasCreditKind = (typeof GAS_CREDIT_KINDS)[number];

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

// ---- Limits (declared once: the request schemas below, the server's pricing checks, the web forms) --

/** The largest cylinder (grams): residual gas comes back in one returned cylinder at most this full. */
export const LARGEST_CYLINDER_G = Math.max(...COMMON_SIZES_KG) * 1000;

/**
 * Sane bounds of an order. Weights are grams, money minor units; every stored amount stays far
 * inside PostgreSQL's integer (2,147,483,647), which the server checks after pricing.
 */
export const ORDER_LIMITS = {
  /** Gas (or propane) delivered on one order: 1 t, twenty 50 kg cylinders. */
  weightG: 1_000_000,
  /** Residual gas of the returned cylinder, per gas. */
  residualG: LARGEST_CYLINDER_G,
  /** Quantity of a product or cylinder line. */
  quantity: 10_000,
  /** Unit price of a cylinder operation (a deposit, a loan fee). */
  unitPrice: 10_000_000,
  /** One line's amount (a service, a product or cylinder line once priced). */
  lineAmount: 100_000_000,
  /** An order's total (and each of its sums). */
  totalAmount: 1_000_000_000,
  /** Lines of each kind on one order. */
  lines: 50,
} as const;

/** Message keys of the order rules the server and the forms share. */
export const ORDER_RULE = {
  weightTooLarge: 'orders.validation.weightTooLarge',
  residualOverCylinder: 'orders.validation.residualOverCylinder',
  residualOverDelivered: 'orders.validation.residualOverDelivered',
  negativeTotal: 'orders.validation.negativeTotal',
  amountTooLarge: 'orders.validation.amountTooLarge',
} as const;

// ---- Request schemas -----------------------------------------------------------------------------

const wholeNumber = (max: number, maxMessage: string = V.max, min = 0) =>
  blankAsMissing(z.coerce.number({ error: V.number }).int({ error: V.integer }).min(min, { error: V.min }).max(max, { error: maxMessage }));
/** Gas or propane delivered (grams). */
const weightSchema = wholeNumber(ORDER_LIMITS.weightG, ORDER_RULE.weightTooLarge);
/** Residual gas of the returned cylinder (grams): at most a full cylinder (and the gas delivered, below). */
const residualSchema = wholeNumber(ORDER_LIMITS.residualG, ORDER_RULE.residualOverCylinder);
const quantity = wholeNumber(ORDER_LIMITS.quantity, V.max, 1);

/** A product picked in a form: an empty choice reads "required". */
const productId = blankAsMissing(
  z.coerce.number({ error: V.required }).int({ error: V.required }).min(1, { error: V.required }).max(2147483647, { error: V.required }),
);
const productLineBody = z.object({ productId, quantity });
const serviceLineBody = z.object({
  content: z.string({ error: V.serviceContent }).trim().min(1, { error: V.serviceContent }).max(200, { error: V.tooLong }),
  amount: blankAsMissing(
    z.coerce.number({ error: V.amount }).int({ error: V.integer }).min(0, { error: V.min }).max(ORDER_LIMITS.lineAmount, { error: V.max }),
  ),
});
const cylinderOpBody = z.object({
  kind: z.enum(CYLINDER_OP_KINDS, { error: V.required }),
  opDate: dateSchema,
  gas: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(30, { error: V.tooLong }),
  quantity,
  unitPrice: wholeNumber(ORDER_LIMITS.unitPrice),
});

type Weights = { gasWeightG: number; residualGasG: number; propaneWeightG: number; propaneResidualG: number };
/**
 * Residual gas comes out of what was delivered: per gas, the residual may not exceed the weight
 * delivered (a larger refund would make the gas line negative). Runs as soon as both fields are valid.
 */
function residualWithinDelivered<T extends z.ZodType<Weights>>(schema: T) {
  return schema
    .refine((b) => b.residualGasG <= b.gasWeightG, {
      error: ORDER_RULE.residualOverDelivered,
      path: ['residualGasG'],
      ...whenValid('gasWeightG', 'residualGasG'),
    })
    .refine((b) => b.propaneResidualG <= b.propaneWeightG, {
      error: ORDER_RULE.residualOverDelivered,
      path: ['propaneResidualG'],
      ...whenValid('propaneWeightG', 'propaneResidualG'),
    });
}

/** A staff order (create and edit): a customer is required (seed §5 "must select customer"). */
export const orderBody = residualWithinDelivered(
  z.object({
    storeId: storeIdSchema,
    customerId: blankAsMissing(
      z.coerce
        .number({ error: V.selectCustomer })
        .int({ error: V.selectCustomer })
        .min(1, { error: V.selectCustomer })
        .max(2147483647, { error: V.selectCustomer }),
    ),
    orderDate: dateSchema,
    deliveryAddress: optionalText(300),
    scaleDeviceId: optionalText(64),
    gasWeightG: weightSchema.default(0),
    residualGasG: residualSchema.default(0),
    propaneWeightG: weightSchema.default(0),
    propaneResidualG: residualSchema.default(0),
    gasStatus: z.enum(GAS_STATUSES, { error: V.required }).default('return'),
    products: z.array(productLineBody).max(ORDER_LIMITS.lines, { error: V.max }).default([]),
    services: z.array(serviceLineBody).max(ORDER_LIMITS.lines, { error: V.max }).default([]),
    cylinders: z.array(cylinderOpBody).max(ORDER_LIMITS.lines, { error: V.max }).default([]),
    remark: optionalText(500),
    preferredTime: optionalText(100),
  }),
);
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

/**
 * Delivered (the staff screen and the field app): the weighed gas, the residual gas of the returned
 * cylinder and what happens to it (`gasStatus`; without it, the order's own choice stands).
 */
export const deliveredBody = residualWithinDelivered(
  z.object({
    gasWeightG: weightSchema,
    residualGasG: residualSchema.default(0),
    propaneWeightG: weightSchema.default(0),
    propaneResidualG: residualSchema.default(0),
    gasStatus: z.enum(GAS_STATUSES, { error: V.required }).optional(),
    scaleDeviceId: optionalText(64),
  }),
);

export const cancelBody = z.object({ reason: requiredText(300) });

/**
 * A customer made from an order without one (a public order by an unknown phone): the customer form's
 * fields; the store is the order's.
 */
export const orderCustomerBody = customerBody.omit({ storeId: true });
export type OrderCustomerBody = z.input<typeof orderCustomerBody>;
/** Links an existing customer of the order's store (one with the order's phone) to the order. */
export const attachCustomerBody = z.object({
  customerId: blankAsMissing(
    z.coerce.number({ error: V.selectCustomer }).int({ error: V.selectCustomer }).min(1, { error: V.selectCustomer }),
  ),
});

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

/** The period monthly billing opens on: for the caller's stores, or one store. */
export const billingPeriodQuery = z.object({ storeId: idSchema.optional() });

export const billingQuery = pageQuery.extend({
  period: periodSchema,
  storeId: idSchema.optional(),
  billed: z.enum(BILLED_FILTERS).optional(),
  posted: z.enum(POSTED_FILTERS).optional(),
});

export const generateBillsBody = z.object({
  period: periodSchema,
  billingDate: dateSchema,
  /** A bill of 0 is generated only when confirmed (409 `zeroBill` otherwise). */
  confirmZero: z.boolean().default(false),
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
