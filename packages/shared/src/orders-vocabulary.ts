import { COMMON_SIZES_KG } from './cylinders.js';

/**
 * The orders vocabulary, the order status machine and the order limits (orders.ts has the request
 * schemas): no zod here, so a page that only prices or labels orders (the field app, issue 13) does
 * not load zod.
 */

// ---- Vocabulary ----------------------------------------------------------------------------------

export const ORDER_STATUSES = ['placed', 'not_delivered', 'delivering', 'completed', 'payment_posted', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The colour each order status shows in, on every screen (antd tag colours). */
export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  placed: 'blue',
  not_delivered: 'gold',
  delivering: 'orange',
  completed: 'green',
  payment_posted: 'cyan',
  cancelled: 'default',
};
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
