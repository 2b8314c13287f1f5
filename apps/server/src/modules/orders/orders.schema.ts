import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type {
  BillMode,
  BillStatus,
  CustomerType,
  CylinderOpKind,
  GasCreditKind,
  GasStatus,
  OrderSource,
  OrderStatus,
  PaymentType,
} from '@gasops/shared';
import { calendarDate, grams, money, timestampTz } from '../../platform/columns.js';

/** Drizzle view of migrations/0210_orders.sql, 0230 and 0250 (the SQL files are the source of truth). */

export const monthlyBills = pgTable('monthly_bills', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  customerId: integer('customer_id').notNull(),
  /** YYYY-MM */
  period: text('period').notNull(),
  billingDate: calendarDate('billing_date').notNull(),
  mode: text('mode').$type<BillMode>().notNull(),
  orderCount: integer('order_count').notNull().default(0),
  previousReading: integer('previous_reading'),
  currentReading: integer('current_reading'),
  meterUnitPrice: money('meter_unit_price'),
  amount: money('amount').notNull(),
  /** Meter bills: products, services and cylinder operations of the period's orders (included in amount). */
  linesAmount: money('lines_amount').notNull().default(0),
  status: text('status').$type<BillStatus>().notNull().default('billed'),
  postedAt: timestampTz('posted_at'),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  orderNo: text('order_no').notNull(),
  orderDate: calendarDate('order_date').notNull(),
  customerId: integer('customer_id'),
  customerType: text('customer_type').$type<CustomerType>(),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  source: text('source').$type<OrderSource>().notNull().default('staff'),
  status: text('status').$type<OrderStatus>().notNull().default('placed'),
  totalAmount: money('total_amount').notNull().default(0),
  deliveryPersonId: integer('delivery_person_id'),
  deliveryAt: timestampTz('delivery_at'),
  preferredTime: text('preferred_time'),
  deliveryAddress: text('delivery_address'),
  previousOrderId: integer('previous_order_id'),
  previousUsageG: grams('previous_usage_g'),
  currentUsageG: grams('current_usage_g'),
  currentRemainingG: grams('current_remaining_g'),
  previousRefundAmount: money('previous_refund_amount').notNull().default(0),
  scaleDeviceId: text('scale_device_id'),
  gasUnitPrice: money('gas_unit_price').notNull().default(0),
  gasWeightG: grams('gas_weight_g').notNull().default(0),
  gasAmount: money('gas_amount').notNull().default(0),
  residualGasG: grams('residual_gas_g').notNull().default(0),
  gasRefundAmount: money('gas_refund_amount').notNull().default(0),
  propaneUnitPrice: money('propane_unit_price').notNull().default(0),
  propaneWeightG: grams('propane_weight_g').notNull().default(0),
  propaneAmount: money('propane_amount').notNull().default(0),
  propaneResidualG: grams('propane_residual_g').notNull().default(0),
  propaneRefundAmount: money('propane_refund_amount').notNull().default(0),
  /** Residual gas refunded on this order (`return`) or kept as the customer's gas credit (`store`). */
  gasStatus: text('gas_status').$type<GasStatus>().notNull().default('return'),
  storedGasG: grams('stored_gas_g').notNull().default(0),
  creditUsedG: grams('credit_used_g').notNull().default(0),
  creditAmount: money('credit_amount').notNull().default(0),
  productsAmount: money('products_amount').notNull().default(0),
  servicesAmount: money('services_amount').notNull().default(0),
  cylindersAmount: money('cylinders_amount').notNull().default(0),
  remark: text('remark'),
  cancelReason: text('cancel_reason'),
  cancelledAt: timestampTz('cancelled_at'),
  deliveredAt: timestampTz('delivered_at'),
  completedAt: timestampTz('completed_at'),
  paidAt: timestampTz('paid_at'),
  monthlyBillId: integer('monthly_bill_id'),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const orderProductLines = pgTable('order_product_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  productId: integer('product_id'),
  productName: text('product_name').notNull(),
  unitPrice: money('unit_price').notNull(),
  quantity: integer('quantity').notNull(),
  amount: money('amount').notNull(),
});

export const orderServiceLines = pgTable('order_service_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  content: text('content').notNull(),
  amount: money('amount').notNull(),
});

export const cylinderOperations = pgTable('cylinder_operations', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  customerId: integer('customer_id'),
  orderId: integer('order_id'),
  kind: text('kind').$type<CylinderOpKind>().notNull(),
  opDate: calendarDate('op_date').notNull(),
  /** Cylinder size / gas, e.g. "20kg". */
  gas: text('gas').notNull(),
  quantity: integer('quantity').notNull(),
  unitPrice: money('unit_price').notNull().default(0),
  amount: money('amount').notNull().default(0),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  customerId: integer('customer_id'),
  orderId: integer('order_id'),
  monthlyBillId: integer('monthly_bill_id'),
  postingDate: calendarDate('posting_date').notNull(),
  paymentType: text('payment_type').$type<PaymentType>().notNull(),
  cashAmount: money('cash_amount').notNull().default(0),
  billAmount: money('bill_amount').notNull().default(0),
  billNumber: text('bill_number'),
  invoiceNumber: text('invoice_number'),
  remark: text('remark'),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

/**
 * The customers' gas credit ledger (0250): + grams when an order stores residual gas, − grams when an
 * order uses credit; the balance is the sum. Written on delivery (or a counter sale), with the order.
 */
export const customerGasCredits = pgTable('customer_gas_credits', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  customerId: integer('customer_id').notNull(),
  orderId: integer('order_id').notNull(),
  kind: text('kind').$type<GasCreditKind>().notNull(),
  grams: grams('grams').notNull(),
  pricePerKg: money('price_per_kg').notNull(),
  entryDate: calendarDate('entry_date').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

/** What names an order on a line of a list (a customer's orders, the dashboard's latest orders). */
export const orderHeadline = {
  id: orders.id,
  orderNo: orders.orderNo,
  orderDate: orders.orderDate,
  status: orders.status,
  totalAmount: orders.totalAmount,
};
