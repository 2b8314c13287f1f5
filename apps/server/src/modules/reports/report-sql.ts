import { eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { OPEN_STATUSES, SALE_STATUSES, type CustomerType, type OrderStatus, type OrderTotals, type ReportScope } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { countAll } from '../../platform/paging.js';
import { storeFilter } from '../../platform/tenancy.js';
import { orders } from '../orders/orders.schema.js';

/** Statuses each report scope counts. */
const SCOPE_STATUSES: Record<ReportScope, readonly OrderStatus[] | null> = {
  sales: SALE_STATUSES,
  open: OPEN_STATUSES,
  all: null,
};

export type OrderFilters = {
  storeId?: number | undefined;
  deliveryPersonId?: number | undefined;
  customerType?: CustomerType | undefined;
  scope: ReportScope;
};

/** WHERE conditions on `orders` shared by every report: tenancy, store, person, customer type, scope. */
export function orderConditions(ctx: Ctx, f: OrderFilters, opts: { anyStatus?: boolean } = {}): (SQL | undefined)[] {
  const conds: (SQL | undefined)[] = [storeFilter(ctx, orders.storeId, f.storeId)];
  if (f.deliveryPersonId) conds.push(eq(orders.deliveryPersonId, f.deliveryPersonId));
  if (f.customerType) conds.push(eq(orders.customerType, f.customerType));
  if (opts.anyStatus) return conds;
  const statuses = SCOPE_STATUSES[f.scope];
  conds.push(statuses ? inArray(orders.status, [...statuses]) : ne(orders.status, 'cancelled'));
  return conds;
}

/** Aggregate columns of a set of orders (sums in SQL, bigint so nothing overflows). */
export const totalsColumns = {
  orderCount: countAll,
  gasWeightG: sql<number>`coalesce(sum(${orders.gasWeightG}), 0)::bigint`,
  gasAmount: sql<number>`coalesce(sum(${orders.gasAmount}), 0)::bigint`,
  propaneWeightG: sql<number>`coalesce(sum(${orders.propaneWeightG}), 0)::bigint`,
  propaneAmount: sql<number>`coalesce(sum(${orders.propaneAmount}), 0)::bigint`,
  residualG: sql<number>`coalesce(sum(${orders.residualGasG} + ${orders.propaneResidualG}), 0)::bigint`,
  refundAmount: sql<number>`coalesce(sum(${orders.gasRefundAmount} + ${orders.propaneRefundAmount}), 0)::bigint`,
  productsAmount: sql<number>`coalesce(sum(${orders.productsAmount}), 0)::bigint`,
  servicesAmount: sql<number>`coalesce(sum(${orders.servicesAmount}), 0)::bigint`,
  cylindersAmount: sql<number>`coalesce(sum(${orders.cylindersAmount}), 0)::bigint`,
  totalAmount: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint`,
};

const TOTAL_KEYS = Object.keys(totalsColumns) as (keyof OrderTotals)[];

/** Drivers may hand bigint sums back as strings: make every total a number. */
export function toTotals(row: Partial<Record<keyof OrderTotals, unknown>> | undefined): OrderTotals {
  const out = {} as OrderTotals;
  for (const k of TOTAL_KEYS) out[k] = Number(row?.[k] ?? 0);
  return out;
}
