import { z } from 'zod';
import { int } from './api/answers.js';
import { CUSTOMER_TYPES, type CustomerType } from './customers.js';
import { reportDateSchema, reportMonthSchema } from './finance.js';
import { ORDER_STATUSES, type OrderStatus } from './orders.js';
import { idSchema, pageQuery, V } from './validation.js';

/** Customer types and order statuses as the reports filter and show them: the customers' and orders' own lists. */
export const REPORT_CUSTOMER_TYPES = CUSTOMER_TYPES;
export type ReportCustomerType = CustomerType;
export const REPORT_ORDER_STATUSES = ORDER_STATUSES;
export type ReportOrderStatus = OrderStatus;
/**
 * Which orders a report counts: `sales` = completed and payment posted (what was actually sold),
 * `open` = placed / not delivered / delivering, `all` = every order except cancelled ones.
 */
export const REPORT_SCOPES = ['sales', 'open', 'all'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];
/** Longest period one report covers (days): a year and a bit, so a manager can compare 12 months. */
export const MAX_REPORT_DAYS = 400;

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());
export const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

const filters = {
  storeId: optionalId,
  deliveryPersonId: optionalId,
  customerType: z.enum(REPORT_CUSTOMER_TYPES, { error: V.invalid }).optional(),
  scope: z.enum(REPORT_SCOPES, { error: V.invalid }).default('sales'),
};

/** Filters of the order reports: store, period, delivery person, customer type, which orders. */
export const reportQuery = pageQuery
  .extend({ ...filters, from: reportDateSchema, to: reportDateSchema })
  .refine((q) => q.from <= q.to, { error: V.dateOrder, path: ['to'] });
export type ReportQuery = z.infer<typeof reportQuery>;

export const dailyReportQuery = z.object({ ...filters, date: reportDateSchema });
export type DailyReportQuery = z.infer<typeof dailyReportQuery>;
export const monthlyReportQuery = z.object({ ...filters, month: reportMonthSchema });
export type MonthlyReportQuery = z.infer<typeof monthlyReportQuery>;

/** Sums of a set of orders (weights in grams, amounts in minor units). */
export const orderTotalsSchema = z.object({
  orderCount: int,
  gasWeightG: int,
  gasAmount: int,
  propaneWeightG: int,
  propaneAmount: int,
  residualG: int,
  refundAmount: int,
  productsAmount: int,
  servicesAmount: int,
  cylindersAmount: int,
  totalAmount: int,
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const gasReportRowSchema = z.object({
  id: int,
  orderNo: z.string(),
  orderDate: z.string(),
  storeName: z.string(),
  customerName: z.string().nullable(),
  customerType: z.string().nullable(),
  deliveryPersonName: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  ...orderTotalsSchema.pick({
    gasWeightG: true,
    gasAmount: true,
    propaneWeightG: true,
    propaneAmount: true,
    residualG: true,
    refundAmount: true,
    totalAmount: true,
  }).shape,
});
export const dailyPointSchema = z.object({ date: z.string(), orderCount: int, weightG: int, amount: int });

export const gasReportSchema = z.object({
  currency: z.string(),
  totals: orderTotalsSchema,
  series: z.array(dailyPointSchema),
  items: z.array(gasReportRowSchema),
  total: int,
  page: int,
  pageSize: int,
});
export type GasReport = z.infer<typeof gasReportSchema>;

export const productReportSchema = z.object({
  currency: z.string(),
  totals: z.object({ orderCount: int, quantity: int, amount: int }),
  items: z.array(z.object({ productName: z.string(), orderCount: int, quantity: int, amount: int, avgUnitPrice: int })),
  series: z.array(dailyPointSchema),
});
export type ProductReport = z.infer<typeof productReportSchema>;

export const serviceReportSchema = z.object({
  currency: z.string(),
  totals: z.object({ orderCount: int, lineCount: int, amount: int }),
  byContent: z.array(z.object({ content: z.string(), lineCount: int, amount: int })),
  items: z.array(
    z.object({
      id: int,
      orderId: int,
      orderNo: z.string(),
      orderDate: z.string(),
      storeName: z.string(),
      customerName: z.string().nullable(),
      deliveryPersonName: z.string().nullable(),
      content: z.string(),
      amount: int,
    }),
  ),
  total: int,
  page: int,
  pageSize: int,
});
export type ServiceReport = z.infer<typeof serviceReportSchema>;

const breakdownRow = orderTotalsSchema.extend({ key: z.string(), label: z.string().nullable() });
export type BreakdownRow = z.infer<typeof breakdownRow>;
const moneyIn = z.object({ cash: int, bill: int, total: int });

export const dailyReportSchema = z.object({
  date: z.string(),
  currency: z.string(),
  totals: orderTotalsSchema,
  received: moneyIn,
  expenses: int,
  byDeliveryPerson: z.array(breakdownRow),
  byCustomerType: z.array(breakdownRow),
  byStore: z.array(breakdownRow),
  byStatus: z.array(z.object({ status: z.enum(REPORT_ORDER_STATUSES), orderCount: int, totalAmount: int })),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

export const monthlyReportSchema = z.object({
  month: z.string(),
  currency: z.string(),
  totals: orderTotalsSchema,
  received: moneyIn,
  expenses: int,
  days: z.array(orderTotalsSchema.extend({ date: z.string(), received: int, expenses: int })),
  byStore: z.array(breakdownRow),
  byDeliveryPerson: z.array(breakdownRow),
  byCustomerType: z.array(breakdownRow),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

export const deliveryPersonOptionSchema = z.object({ id: int, name: z.string(), storeIds: z.array(int) });
export type DeliveryPersonOption = z.infer<typeof deliveryPersonOptionSchema>;
export const deliveryPersonOptionList = z.array(deliveryPersonOptionSchema);
/** The delivery person filter of the report screens: those of one store, or of every store of the caller. */
export const deliveryPersonOptionQuery = z.object({ storeId: optionalId });

// ---- Home dashboard ----
export const dashboardQuery = z.object({ storeId: optionalId });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardSchema = z.object({
  today: z.string(),
  currency: z.string(),
  todayByStatus: z.array(z.object({ status: z.enum(REPORT_ORDER_STATUSES), count: int, amount: int })),
  pendingByDeliveryPerson: z.array(
    z.object({ deliveryPersonId: int.nullable(), name: z.string().nullable(), notDelivered: int, delivering: int, placed: int }),
  ),
  revenue: z.array(z.object({ date: z.string(), orderCount: int, amount: int })),
  inactiveCustomers: z.object({
    months: int,
    total: int,
    items: z.array(
      z.object({ id: int, name: z.string(), phone: z.string().nullable(), storeName: z.string(), lastOrderDate: z.string().nullable() }),
    ),
  }),
  recentOrders: z.array(
    z.object({
      id: int,
      orderNo: z.string(),
      orderDate: z.string(),
      storeName: z.string(),
      customerName: z.string().nullable(),
      status: z.enum(REPORT_ORDER_STATUSES),
      totalAmount: int,
      deliveryPersonName: z.string().nullable(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
