import { z } from 'zod';
import { customerBody, dateSchema, moneySchema, phoneSchema } from './customers.js';
import {
  BILLED_FILTERS,
  CYLINDER_OP_KINDS,
  GAS_STATUSES,
  ORDER_LIMITS,
  ORDER_RULE,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  POSTED_FILTERS,
} from './orders-vocabulary.js';
import { idSchema, optionalText, pageQuery, requiredText, V, blankAsMissing, storeIdSchema, whenValid } from './validation.js';

/**
 * The order, dispatch, payment and billing request schemas shared by server and web forms. The orders
 * vocabulary (declared once: the server's tables, services and demo, the reports and the web use these
 * lists; the CHECK constraints of migration 0210 hold the same values), the order status machine and
 * the limits are in orders-vocabulary.ts, re-exported here.
 */

export * from './orders-vocabulary.js';

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
