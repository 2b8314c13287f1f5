import { date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { CustomerType } from '../customers/customers.schema.js';

/** Drizzle view of migrations/0210_orders.sql (the SQL file is the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type OrderStatus = 'placed' | 'not_delivered' | 'delivering' | 'completed' | 'payment_posted' | 'cancelled';
export type OrderSource = 'staff' | 'public' | 'mobile';
export type CylinderOpKind = 'deposit' | 'return' | 'borrow' | 'repay';
export type PaymentType = 'cash' | 'bill';
export type BillMode = 'count' | 'meter';
export type BillStatus = 'billed' | 'posted';

export const monthlyBills = pgTable('monthly_bills', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  customerId: integer('customer_id').notNull(),
  /** YYYY-MM */
  period: text('period').notNull(),
  billingDate: date('billing_date', { mode: 'string' }).notNull(),
  mode: text('mode').$type<BillMode>().notNull(),
  orderCount: integer('order_count').notNull().default(0),
  previousReading: integer('previous_reading'),
  currentReading: integer('current_reading'),
  meterUnitPrice: integer('meter_unit_price'),
  amount: integer('amount').notNull(),
  /** Meter bills: products, services and cylinder operations of the period's orders (included in amount). */
  linesAmount: integer('lines_amount').notNull().default(0),
  status: text('status').$type<BillStatus>().notNull().default('billed'),
  postedAt: ts('posted_at'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  orderNo: text('order_no').notNull(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
  customerId: integer('customer_id'),
  customerType: text('customer_type').$type<CustomerType>(),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  source: text('source').$type<OrderSource>().notNull().default('staff'),
  status: text('status').$type<OrderStatus>().notNull().default('placed'),
  totalAmount: integer('total_amount').notNull().default(0),
  deliveryPersonId: integer('delivery_person_id'),
  deliveryAt: ts('delivery_at'),
  preferredTime: text('preferred_time'),
  deliveryAddress: text('delivery_address'),
  previousOrderId: integer('previous_order_id'),
  previousUsageG: integer('previous_usage_g'),
  currentUsageG: integer('current_usage_g'),
  currentRemainingG: integer('current_remaining_g'),
  previousRefundAmount: integer('previous_refund_amount').notNull().default(0),
  scaleDeviceId: text('scale_device_id'),
  gasUnitPrice: integer('gas_unit_price').notNull().default(0),
  gasWeightG: integer('gas_weight_g').notNull().default(0),
  gasAmount: integer('gas_amount').notNull().default(0),
  residualGasG: integer('residual_gas_g').notNull().default(0),
  gasRefundAmount: integer('gas_refund_amount').notNull().default(0),
  propaneUnitPrice: integer('propane_unit_price').notNull().default(0),
  propaneWeightG: integer('propane_weight_g').notNull().default(0),
  propaneAmount: integer('propane_amount').notNull().default(0),
  propaneResidualG: integer('propane_residual_g').notNull().default(0),
  propaneRefundAmount: integer('propane_refund_amount').notNull().default(0),
  productsAmount: integer('products_amount').notNull().default(0),
  servicesAmount: integer('services_amount').notNull().default(0),
  cylindersAmount: integer('cylinders_amount').notNull().default(0),
  remark: text('remark'),
  cancelReason: text('cancel_reason'),
  cancelledAt: ts('cancelled_at'),
  deliveredAt: ts('delivered_at'),
  completedAt: ts('completed_at'),
  paidAt: ts('paid_at'),
  monthlyBillId: integer('monthly_bill_id'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const orderProductLines = pgTable('order_product_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  productId: integer('product_id'),
  productName: text('product_name').notNull(),
  unitPrice: integer('unit_price').notNull(),
  quantity: integer('quantity').notNull(),
  amount: integer('amount').notNull(),
});

export const orderServiceLines = pgTable('order_service_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  content: text('content').notNull(),
  amount: integer('amount').notNull(),
});

export const cylinderOperations = pgTable('cylinder_operations', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  customerId: integer('customer_id'),
  orderId: integer('order_id'),
  kind: text('kind').$type<CylinderOpKind>().notNull(),
  opDate: date('op_date', { mode: 'string' }).notNull(),
  /** Cylinder size / gas, e.g. "20kg". */
  gas: text('gas').notNull(),
  quantity: integer('quantity').notNull(),
  unitPrice: integer('unit_price').notNull().default(0),
  amount: integer('amount').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  storeId: integer('store_id').notNull(),
  customerId: integer('customer_id'),
  orderId: integer('order_id'),
  monthlyBillId: integer('monthly_bill_id'),
  postingDate: date('posting_date', { mode: 'string' }).notNull(),
  paymentType: text('payment_type').$type<PaymentType>().notNull(),
  cashAmount: integer('cash_amount').notNull().default(0),
  billAmount: integer('bill_amount').notNull().default(0),
  billNumber: text('bill_number'),
  invoiceNumber: text('invoice_number'),
  remark: text('remark'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
