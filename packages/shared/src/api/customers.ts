import { z } from 'zod';
import { GAS_CREDIT_KINDS } from '../orders.js';
import { int, isoDate, timestamp } from './answers.js';
import { CATEGORY_KINDS, CUSTOMER_TYPES } from '../customers-vocabulary.js';
import { ORDER_STATUSES, PAYMENT_TYPES } from '../orders.js';
import { cappedPaged, paged } from '../validation.js';
import { monthlyBillSchema } from './orders.js';

// Response contracts of the customers module's routes (docs/CONVENTIONS.md "Contracts").
// Timestamps travel as ISO 8601 strings (the services convert them), dates as 'YYYY-MM-DD'.

/** A saved customer (the answer to a create or an edit). */
export const customerSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  type: z.enum(CUSTOMER_TYPES),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  unifiedNumber: z.string().nullable(),
  remark1: z.string().nullable(),
  remark2: z.string().nullable(),
  phone: z.string().nullable(),
  categoryId: int.nullable(),
  inArrears: z.boolean(),
  /** Own gas price per kg (minor units); null: the store's price applies. */
  gasPrice: int.nullable(),
  meterNumber: z.string().nullable(),
  /** Thousandths of the meter unit. */
  meterReading: int.nullable(),
  meterReadDate: isoDate.nullable(),
  meterUnitPrice: int.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Customer = z.infer<typeof customerSchema>;

/** A customer in the list and on the detail screen: with its store, category and the price it pays. */
export const customerRowSchema = customerSchema.extend({
  storeName: z.string(),
  categoryName: z.string().nullable(),
  /** The price per kg the customer is charged: own price, else the store's for its type. */
  effectiveGasPrice: int,
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

/** The customer list: past LIST_COUNT_CAP (or a keyword search's cap) the total is a lower bound. */
export const customerPage = cappedPaged(customerRowSchema);
export type CustomerPage = z.infer<typeof customerPage>;

/** A customer in the pickers (order form). */
export const customerOptionSchema = z.object({
  id: int,
  name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  type: z.enum(CUSTOMER_TYPES),
  storeId: int,
});
export type CustomerOption = z.infer<typeof customerOptionSchema>;

/** What a batch price change would do: how many customers, and the first of them old → new. */
export const priceChangePreviewSchema = z.object({
  total: int,
  newPrice: int.nullable(),
  sample: z.array(z.object({ id: int, name: z.string(), oldPrice: int.nullable(), oldEffectivePrice: int, storeName: z.string() })),
});
export type PriceChangePreview = z.infer<typeof priceChangePreviewSchema>;

export const priceChangeResultSchema = z.object({ changed: int });
export type PriceChangeResult = z.infer<typeof priceChangeResultSchema>;

/** The check (dry run) or the result of an import: every row's problems, by field. */

/** An order on the customer's detail screen. */
export const customerOrderRowSchema = z.object({
  id: int,
  orderNo: z.string(),
  orderDate: isoDate,
  status: z.enum(ORDER_STATUSES),
  totalAmount: int,
  gasWeightG: int,
  residualGasG: int,
  gasRefundAmount: int,
  deliveryAt: timestamp.nullable(),
  deliveryPersonName: z.string().nullable(),
});
export type CustomerOrderRow = z.infer<typeof customerOrderRowSchema>;
export const customerOrderPage = paged(customerOrderRowSchema);

/** A payment on the customer's detail screen. */
export const customerPaymentRowSchema = z.object({
  id: int,
  postingDate: isoDate,
  invoiceNumber: z.string().nullable(),
  cashAmount: int,
  billAmount: int,
  paymentType: z.enum(PAYMENT_TYPES),
  billNumber: z.string().nullable(),
  orderId: int.nullable(),
  orderNo: z.string().nullable(),
  monthlyBillId: int.nullable(),
  remark: z.string().nullable(),
});
export type CustomerPaymentRow = z.infer<typeof customerPaymentRowSchema>;
export const customerPaymentPage = paged(customerPaymentRowSchema);

/** A monthly bill of the customer: the billing answer as it is (orders' monthlyBillSchema). */
export const customerBillRowSchema = monthlyBillSchema;
export type CustomerBillRow = z.infer<typeof customerBillRowSchema>;

/** Cylinders a customer holds, per gas: on deposit (deposited − returned) and on loan (borrowed − repaid). */
export const customerCylinderRowSchema = z.object({
  gas: z.string(),
  deposit: int,
  return: int,
  borrow: int,
  repay: int,
  depositBalance: int,
  borrowBalance: int,
});
export type CustomerCylinderRow = z.infer<typeof customerCylinderRowSchema>;

/** A movement of the customer's gas credit (grams): stored on an order (+), used on an order (−). */
export const gasCreditRowSchema = z.object({
  id: int,
  kind: z.enum(GAS_CREDIT_KINDS),
  /** Signed grams: positive when stored, negative when used. */
  grams: int,
  /** The balance after this movement. */
  balanceG: int,
  /** The group's date of the delivery that moved it. */
  entryDate: isoDate,
  orderId: int,
  orderNo: z.string(),
  /** The price per kg of that order (what the credit was worth then). */
  pricePerKg: int,
  createdAt: timestamp,
});
export type GasCreditRow = z.infer<typeof gasCreditRowSchema>;
/** The customer's gas credit: the balance and its ledger (paged, newest first). */
export const gasCreditPage = paged(gasCreditRowSchema).extend({ balanceG: int });
export type GasCreditPage = z.infer<typeof gasCreditPage>;

/** A customer or product category. */
export const categoryRowSchema = z.object({
  id: int,
  groupId: int,
  kind: z.enum(CATEGORY_KINDS),
  name: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type CategoryRow = z.infer<typeof categoryRowSchema>;
export const categoryPage = paged(categoryRowSchema);

/** A category in the pickers. */
export const categoryOptionSchema = z.object({ id: int, name: z.string(), kind: z.enum(CATEGORY_KINDS) });
export type CategoryOption = z.infer<typeof categoryOptionSchema>;
