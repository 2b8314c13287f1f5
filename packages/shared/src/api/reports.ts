import { z } from 'zod';
import { CUSTOMER_TYPES } from '../customers-vocabulary.js';
import { ORDER_STATUSES } from '../orders.js';
import { int, isoDate } from './answers.js';

// Response contracts of the reports and dashboard modules' routes.

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
  orderDate: isoDate,
  storeName: z.string(),
  customerName: z.string().nullable(),
  customerType: z.enum(CUSTOMER_TYPES).nullable(),
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
export const dailyPointSchema = z.object({ date: isoDate, orderCount: int, weightG: int, amount: int });

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
      orderDate: isoDate,
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
/**
 * Gas status (seed §4) of the period's orders: residual gas refunded (return gas: grams and the
 * refund) against residual gas kept as customers' gas credit (store gas), and credit used.
 */
export const gasCreditSummarySchema = z.object({ refundedG: int, refundAmount: int, storedG: int, usedG: int, usedAmount: int });
export type GasCreditSummary = z.infer<typeof gasCreditSummarySchema>;

export const dailyReportSchema = z.object({
  date: isoDate,
  currency: z.string(),
  totals: orderTotalsSchema,
  received: moneyIn,
  expenses: int,
  gas: gasCreditSummarySchema,
  byDeliveryPerson: z.array(breakdownRow),
  byCustomerType: z.array(breakdownRow),
  byStore: z.array(breakdownRow),
  byStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), orderCount: int, totalAmount: int })),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

export const monthlyReportSchema = z.object({
  month: z.string(),
  currency: z.string(),
  totals: orderTotalsSchema,
  received: moneyIn,
  expenses: int,
  gas: gasCreditSummarySchema,
  days: z.array(orderTotalsSchema.extend({ date: isoDate, received: int, expenses: int })),
  byStore: z.array(breakdownRow),
  byDeliveryPerson: z.array(breakdownRow),
  byCustomerType: z.array(breakdownRow),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

export const deliveryPersonOptionSchema = z.object({ id: int, name: z.string(), storeIds: z.array(int) });
export type DeliveryPersonOption = z.infer<typeof deliveryPersonOptionSchema>;
export const deliveryPersonOptionList = z.array(deliveryPersonOptionSchema);

export const dashboardSchema = z.object({
  today: z.string(),
  currency: z.string(),
  todayByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: int, amount: int })),
  pendingByDeliveryPerson: z.array(
    z.object({ deliveryPersonId: int.nullable(), name: z.string().nullable(), notDelivered: int, delivering: int, placed: int }),
  ),
  revenue: z.array(z.object({ date: isoDate, orderCount: int, amount: int })),
  inactiveCustomers: z.object({
    months: int,
    total: int,
    items: z.array(
      z.object({ id: int, name: z.string(), phone: z.string().nullable(), storeName: z.string(), lastOrderDate: isoDate.nullable() }),
    ),
  }),
  recentOrders: z.array(
    z.object({
      id: int,
      orderNo: z.string(),
      orderDate: isoDate,
      storeName: z.string(),
      customerName: z.string().nullable(),
      status: z.enum(ORDER_STATUSES),
      totalAmount: int,
      deliveryPersonName: z.string().nullable(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
