import { z } from 'zod';
import { int, isoDate, pricedLine, timestamp } from './answers.js';
import { CUSTOMER_TYPES } from '../customers-vocabulary.js';
import { BILL_MODES, BILL_STATUSES, CYLINDER_OP_KINDS, GAS_STATUSES, ORDER_SOURCES, ORDER_STATUSES, PAYMENT_TYPES } from '../orders.js';
import { cappedPaged, paged } from '../validation.js';
import { productInForceSchema, type ProductInForce } from './catalogue.js';

// Response contracts of the orders module's routes (docs/CONVENTIONS.md "Contracts").
// Timestamps travel as ISO 8601 strings (the services convert them), dates as 'YYYY-MM-DD'.
// Money is integer minor units, weights integer grams.

/** An order in the dispatch board's list. */
export const orderListRowSchema = z.object({
  id: int,
  orderNo: z.string(),
  orderDate: isoDate,
  storeId: int,
  storeName: z.string(),
  customerId: int.nullable(),
  /** The customer's name, or the contact name of a public order without a customer. */
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  customerType: z.enum(CUSTOMER_TYPES).nullable(),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(ORDER_STATUSES),
  totalAmount: int,
  deliveryPersonId: int.nullable(),
  deliveryPersonName: z.string().nullable(),
  deliveryAt: timestamp.nullable(),
  preferredTime: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  gasWeightG: int,
  residualGasG: int,
  gasRefundAmount: int,
  gasStatus: z.enum(GAS_STATUSES),
  monthlyBillId: int.nullable(),
  cancelReason: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: timestamp,
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

/** The order list: past LIST_COUNT_CAP the total is a lower bound. */
export const orderListPage = cappedPaged(orderListRowSchema);
export type OrderListPage = z.infer<typeof orderListPage>;

export const orderProductLineSchema = z.object({
  id: int,
  orderId: int,
  groupId: int,
  storeId: int,
  /** null once the product is deleted: the line keeps its name and price. */
  productId: int.nullable(),
  productName: z.string(),
  unitPrice: int,
  quantity: int,
  amount: int,
});
export type OrderProductLine = z.infer<typeof orderProductLineSchema>;

export const orderServiceLineSchema = z.object({ id: int, orderId: int, groupId: int, storeId: int, content: z.string(), amount: int });
export type OrderServiceLine = z.infer<typeof orderServiceLineSchema>;

export const cylinderOperationSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  customerId: int.nullable(),
  orderId: int.nullable(),
  kind: z.enum(CYLINDER_OP_KINDS),
  opDate: isoDate,
  /** Cylinder size / gas, e.g. "20kg". */
  gas: z.string(),
  ...pricedLine,
  createdAt: timestamp,
});
export type CylinderOperation = z.infer<typeof cylinderOperationSchema>;

/** A payment of an order or of a monthly bill. */
export const orderPaymentSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  customerId: int.nullable(),
  orderId: int.nullable(),
  monthlyBillId: int.nullable(),
  postingDate: isoDate,
  paymentType: z.enum(PAYMENT_TYPES),
  cashAmount: int,
  billAmount: int,
  billNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  remark: z.string().nullable(),
  createdBy: int.nullable(),
  createdAt: timestamp,
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** One order with every field, its lines, cylinder operations and payments (detail, form, every write's answer). */
export const orderDetailSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  orderNo: z.string(),
  orderDate: isoDate,
  customerId: int.nullable(),
  customerType: z.enum(CUSTOMER_TYPES).nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(ORDER_STATUSES),
  totalAmount: int,
  deliveryPersonId: int.nullable(),
  deliveryAt: timestamp.nullable(),
  preferredTime: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  previousOrderId: int.nullable(),
  previousUsageG: int.nullable(),
  currentUsageG: int.nullable(),
  currentRemainingG: int.nullable(),
  previousRefundAmount: int,
  scaleDeviceId: z.string().nullable(),
  /** Price per kg (minor units) the gas was charged at. */
  gasUnitPrice: int,
  gasWeightG: int,
  gasAmount: int,
  residualGasG: int,
  gasRefundAmount: int,
  propaneUnitPrice: int,
  propaneWeightG: int,
  propaneAmount: int,
  propaneResidualG: int,
  propaneRefundAmount: int,
  /** What happens to the residual gas: refunded on this order (`return`) or kept as gas credit (`store`). */
  gasStatus: z.enum(GAS_STATUSES),
  /** Store gas: the residual gas (grams) credited to the customer on delivery. */
  storedGasG: int,
  /** The customer's gas credit (grams) used on this order, and what it took off the gas charged. */
  creditUsedG: int,
  creditAmount: int,
  productsAmount: int,
  servicesAmount: int,
  cylindersAmount: int,
  remark: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: timestamp.nullable(),
  deliveredAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  paidAt: timestamp.nullable(),
  monthlyBillId: int.nullable(),
  createdBy: int.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  storeName: z.string(),
  /** The customer's name and phone, or the contact's of a public order without a customer. */
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  deliveryPersonName: z.string().nullable(),
  previousOrderNo: z.string().nullable(),
  products: z.array(orderProductLineSchema),
  services: z.array(orderServiceLineSchema),
  cylinders: z.array(cylinderOperationSchema),
  payments: z.array(orderPaymentSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** What the order form needs to preview amounts with the shared pricing functions. */
export const quoteSchema = z.object({
  pricePerKg: int,
  /** A system parameter (RESIDUAL_REFUND_MIN_GRAMS): a number as the group set it. */
  minRefundGrams: z.number(),
  customer: z
    .object({
      id: int,
      name: z.string(),
      type: z.enum(CUSTOMER_TYPES),
      address: z.string().nullable(),
      phone: z.string().nullable(),
      gasPrice: int.nullable(),
    })
    .nullable(),
  /** The customer's gas credit (grams): taken off the gas of the order when it is delivered. */
  creditBalanceG: int,
  /** The customer's previous sold order: what was delivered, the usage and the refund carried forward. */
  previous: z
    .object({ id: int, orderNo: z.string(), orderDate: isoDate, deliveredG: int, usageG: int.nullable(), refundAmount: int })
    .nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** The answer to a dispatch (or reassignment) of several orders. */
export const dispatchResultSchema = z.object({
  dispatched: int,
  orders: z.array(z.object({ id: int, orderNo: z.string(), status: z.enum(ORDER_STATUSES) })),
});
export type DispatchResult = z.infer<typeof dispatchResultSchema>;

/** A delivery person with their orders of a day: the day's load on the dispatch board. */
export const dispatchLoadRowSchema = z.object({
  userId: int,
  name: z.string(),
  account: z.string(),
  count: int,
  /** Orders not delivered yet. */
  open: int,
  orders: z.array(
    z.object({
      id: int,
      orderNo: z.string(),
      deliveryPersonId: int.nullable(),
      deliveryAt: timestamp.nullable(),
      status: z.enum(ORDER_STATUSES),
      customerName: z.string().nullable(),
      deliveryAddress: z.string().nullable(),
      gasWeightG: int,
    }),
  ),
});
export type DispatchLoadRow = z.infer<typeof dispatchLoadRowSchema>;
export const dispatchLoadSchema = z.array(dispatchLoadRowSchema);
export type DispatchLoad = z.infer<typeof dispatchLoadSchema>;

// ---- monthly billing ---------------------------------------------------------------------------

/** A monthly-settlement customer of a period: what is unbilled, and its bill once generated. */
export const billingRowSchema = z.object({
  customerId: int,
  customerName: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  storeId: int,
  storeName: z.string(),
  meterNumber: z.string().nullable(),
  /** Thousandths of the meter unit. */
  meterReading: int.nullable(),
  meterUnitPrice: int.nullable(),
  unbilledCount: int,
  unbilledAmount: int,
  billId: int.nullable(),
  billingDate: isoDate.nullable(),
  mode: z.enum(BILL_MODES).nullable(),
  orderCount: int.nullable(),
  previousReading: int.nullable(),
  currentReading: int.nullable(),
  amount: int.nullable(),
  linesAmount: int.nullable(),
  status: z.enum(BILL_STATUSES).nullable(),
  postedAt: timestamp.nullable(),
  /** The number of the bill's uniform invoice (invoices module), null when it has none. */
  invoiceNumber: z.string().nullable(),
});
export type BillingRow = z.infer<typeof billingRowSchema>;
export const billingPage = paged(billingRowSchema);
export type BillingPage = z.infer<typeof billingPage>;

/** A monthly bill. */
export const monthlyBillSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  customerId: int,
  /** YYYY-MM */
  period: z.string(),
  billingDate: isoDate,
  mode: z.enum(BILL_MODES),
  orderCount: int,
  previousReading: int.nullable(),
  currentReading: int.nullable(),
  meterUnitPrice: int.nullable(),
  amount: int,
  /** Meter bills: products, services and cylinder operations of the period's orders (included in amount). */
  linesAmount: int,
  status: z.enum(BILL_STATUSES),
  postedAt: timestamp.nullable(),
  createdBy: int.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type MonthlyBill = z.infer<typeof monthlyBillSchema>;

/** The period monthly billing opens on: the latest month with something to bill, else the group's current month. */
export const billingPeriodSchema = z.object({ period: z.string() });
export type BillingPeriod = z.infer<typeof billingPeriodSchema>;

export const generatedBillsSchema = z.object({ created: int, bills: z.array(monthlyBillSchema) });
export type GeneratedBills = z.infer<typeof generatedBillsSchema>;

/** A posted bill: its payment, and how many of its orders it settled. */
export const postedBillSchema = z.object({ bill: monthlyBillSchema, payment: orderPaymentSchema, settledOrders: int });
export type PostedBill = z.infer<typeof postedBillSchema>;

// ---- public order page ---------------------------------------------------------------------------

/** A store on the public order page, with the currency its prices are in. */
export const publicStoreSchema = z.object({
  id: int,
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  currency: z.string(),
});
export type PublicStore = z.infer<typeof publicStoreSchema>;
export const publicStoreList = z.array(publicStoreSchema);

/** A product on the public order page: the catalogue's product in force today. */
export const publicProductList = z.array(productInForceSchema);
export type PublicProduct = ProductInForce;

/** The same answer whether the phone is a known customer's or not. */
export const publicOrderAnswerSchema = z.object({ reference: z.string(), detail: z.string() });
export type PublicOrderAnswer = z.infer<typeof publicOrderAnswerSchema>;
