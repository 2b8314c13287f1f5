import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { storeScope } from '../../platform/tenancy.js';
import { monthlyBills, orders } from './orders.schema.js';

// What a monthly bill takes and adds up (the billing list, bill generation, posting and withdrawal).

/** First and last day (YYYY-MM-DD) of a YYYY-MM period. */
export function periodRange(period: string): [string, string] {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${period}-01`, `${period}-${String(last).padStart(2, '0')}`];
}

/** Completed orders of a customer in the period that no bill has taken yet. */
export const unbilledOrders = (customerId: unknown, from: string, to: string) =>
  and(
    eq(orders.customerId, customerId as number),
    eq(orders.status, 'completed'),
    isNull(orders.monthlyBillId),
    gte(orders.orderDate, from),
    lte(orders.orderDate, to),
  );

/**
 * What the period's orders add to a bill: their whole amount for a customer billed by count; for a
 * customer billed by meter, whose gas the meter measures, only the products, services and cylinder
 * operations (their gas and propane lines are not charged twice).
 */
export const linesSum = sql<number>`coalesce(sum(${orders.productsAmount} + ${orders.servicesAmount} + ${orders.cylindersAmount}), 0)::int`;
export const totalSum = sql<number>`coalesce(sum(${orders.totalAmount}), 0)::int`;

/** A bill of the caller's stores, locked for the write that follows. */
export async function loadBill(tx: Executor, ctx: Ctx, id: number) {
  const [bill] = await tx
    .select()
    .from(monthlyBills)
    .where(and(eq(monthlyBills.id, id), storeScope(ctx, monthlyBills.storeId)))
    .for('update');
  if (!bill) throw notFound();
  return bill;
}
