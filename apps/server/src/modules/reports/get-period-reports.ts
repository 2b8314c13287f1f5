import { and, eq, exists, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  daysOf,
  monthEnd,
  type BreakdownRow,
  type DailyReport,
  type DailyReportQuery,
  type GasCreditSummary,
  type MonthlyReport,
  type MonthlyReportQuery,
  type OrderStatus,
} from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { countAll } from '../../platform/paging.js';
import { stores, users } from '../../platform/platform.schema.js';
import { groupSettingsOf, storeFilter } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { expenses } from '../finance/finance.schema.js';
import { customerGasCredits, orders, payments } from '../orders/orders.schema.js';
import { orderConditions, toTotals, totalsColumns, type OrderFilters } from './report-sql.js';

/**
 * Money received in the period (payments by posting date), under the same filters: a delivery
 * person filter keeps payments of that person's orders, a customer type filter those customers' payments.
 */
async function received(db: Db, ctx: Ctx, f: OrderFilters, from: string, to: string) {
  const conds: (SQL | undefined)[] = [
    storeFilter(ctx, payments.storeId, f.storeId),
    gte(payments.postingDate, from),
    lte(payments.postingDate, to),
  ];
  // A payment counts when its order (or customer) matches the filter.
  const matching = (table: typeof orders | typeof customers, cond: SQL | undefined) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(cond),
    );
  if (f.deliveryPersonId)
    conds.push(matching(orders, and(eq(orders.id, payments.orderId), eq(orders.deliveryPersonId, f.deliveryPersonId))));
  if (f.customerType) conds.push(matching(customers, and(eq(customers.id, payments.customerId), eq(customers.type, f.customerType))));
  return db
    .select({
      date: payments.postingDate,
      cash: sql<number>`sum(${payments.cashAmount})::bigint`,
      bill: sql<number>`sum(${payments.billAmount})::bigint`,
    })
    .from(payments)
    .where(and(...conds))
    .groupBy(payments.postingDate);
}

/** Expenses of the period per day (store filter only: expenses belong to no person or customer). */
async function expensesByDay(db: Db, ctx: Ctx, f: OrderFilters, from: string, to: string) {
  return db
    .select({ date: expenses.expenseDate, amount: sql<number>`sum(${expenses.amount})::bigint` })
    .from(expenses)
    .where(and(storeFilter(ctx, expenses.storeId, f.storeId), gte(expenses.expenseDate, from), lte(expenses.expenseDate, to)))
    .groupBy(expenses.expenseDate);
}

/**
 * One pass over the period's orders (GROUPING SETS): the totals, per day, and the
 * breakdowns by delivery person, customer type and store. `grouping()` tells the sets apart:
 * bit 8 = order date, 4 = delivery person, 2 = customer type, 1 = store (1 = not grouped).
 */
async function groupedTotals(db: Db, where: SQL | undefined) {
  // grouping() needs every argument in some set, so the per-day set is always there (one row for a day).
  // Names are looked up after aggregating: joining them per order row would cost more than the sums.
  const sets = sql`grouping sets ((), (${orders.orderDate}), (${orders.deliveryPersonId}), (${orders.customerType}), (${orders.storeId}))`;
  const rows = await db
    .select({
      set: sql<number>`grouping(${orders.orderDate}, ${orders.deliveryPersonId}, ${orders.customerType}, ${orders.storeId})::int`,
      date: orders.orderDate,
      personId: orders.deliveryPersonId,
      customerType: orders.customerType,
      storeId: orders.storeId,
      ...totalsColumns,
      // residual gas refunded (return gas and at least the refund minimum): indexed columns only
      refundedG: sql<number>`coalesce(sum(case when ${orders.gasRefundAmount} > 0 then ${orders.residualGasG} else 0 end
        + case when ${orders.propaneRefundAmount} > 0 then ${orders.propaneResidualG} else 0 end), 0)::bigint`,
    })
    .from(orders)
    .where(where)
    .groupBy(sets);
  const of = (mask: number) => rows.filter((r) => r.set === mask);
  const personIds = of(11).flatMap((r) => (r.personId == null ? [] : [r.personId]));
  const storeIds = of(14).map((r) => r.storeId);
  const [personNames, storeNames] = await Promise.all([
    personIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, personIds)) : [],
    storeIds.length ? db.select({ id: stores.id, name: stores.name }).from(stores).where(inArray(stores.id, storeIds)) : [],
  ]);
  const personName = new Map(personNames.map((p) => [p.id, p.name]));
  const storeName = new Map(storeNames.map((p) => [p.id, p.name]));
  const row = (key: string, label: string | null, r: (typeof rows)[number]): BreakdownRow => ({ key, label, ...toTotals(r) });
  const byName = (a: BreakdownRow, b: BreakdownRow) => (a.label ?? '').localeCompare(b.label ?? '') || a.key.localeCompare(b.key);
  return {
    totals: toTotals(of(15)[0]),
    refundedG: Number(of(15)[0]?.refundedG ?? 0),
    days: new Map(of(7).map((r) => [r.date, toTotals(r)])),
    byDeliveryPerson: of(11)
      .map((r) => row(r.personId == null ? '' : String(r.personId), r.personId == null ? null : (personName.get(r.personId) ?? null), r))
      .sort(byName),
    byCustomerType: of(13)
      .map((r) => row(r.customerType ?? '', null, r))
      .sort((a, b) => a.key.localeCompare(b.key)),
    byStore: of(14)
      .map((r) => row(String(r.storeId), storeName.get(r.storeId) ?? null, r))
      .sort(byName),
  };
}

/**
 * The gas credit the period's orders (under `where`) moved: residual gas stored as customers'
 * credit, credit used and what it took off. From the ledger (store-gas orders only), joined to the orders.
 */
async function gasCreditMoves(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({
      storedG: sql<number>`coalesce(sum(case when ${customerGasCredits.kind} = 'stored' then ${customerGasCredits.grams} else 0 end), 0)::bigint`,
      usedG: sql<number>`coalesce(sum(case when ${customerGasCredits.kind} = 'used' then -${customerGasCredits.grams} else 0 end), 0)::bigint`,
      usedAmount: sql<number>`coalesce(sum(case when ${customerGasCredits.kind} = 'used' then ${orders.creditAmount} else 0 end), 0)::bigint`,
    })
    .from(customerGasCredits)
    .innerJoin(orders, eq(orders.id, customerGasCredits.orderId))
    .where(where);
  return { storedG: Number(row?.storedG ?? 0), usedG: Number(row?.usedG ?? 0), usedAmount: Number(row?.usedAmount ?? 0) };
}

/**
 * What the daily and the monthly report both tell about their period: the orders' totals and breakdowns
 * (orders under `where`), money received and expenses, each of them per day too.
 */
async function periodFigures(db: Db, ctx: Ctx, f: OrderFilters, where: SQL | undefined, from: string, to: string) {
  const [grouped, paid, spent, credit] = await Promise.all([
    groupedTotals(db, where),
    received(db, ctx, f, from, to),
    expensesByDay(db, ctx, f, from, to),
    gasCreditMoves(db, where),
  ]);
  const gas: GasCreditSummary = { refundedG: grouped.refundedG, refundAmount: grouped.totals.refundAmount, ...credit };
  const cash = paid.reduce((s, r) => s + Number(r.cash), 0);
  const bill = paid.reduce((s, r) => s + Number(r.bill), 0);
  return {
    summary: {
      totals: grouped.totals,
      received: { cash, bill, total: cash + bill },
      expenses: spent.reduce((s, r) => s + Number(r.amount), 0),
      gas,
      byDeliveryPerson: grouped.byDeliveryPerson,
      byCustomerType: grouped.byCustomerType,
      byStore: grouped.byStore,
    },
    days: grouped.days,
    receivedByDay: new Map(paid.map((p) => [p.date, Number(p.cash) + Number(p.bill)])),
    spentByDay: new Map(spent.map((s) => [s.date, Number(s.amount)])),
  };
}

/** Daily report: one day's orders (by order date) with totals, breakdowns, money received and expenses. */
export async function getDailyReport(db: Db, ctx: Ctx, q: DailyReportQuery): Promise<DailyReport> {
  const { currency } = await groupSettingsOf(db, ctx, q.storeId);
  const where = and(...orderConditions(ctx, q), eq(orders.orderDate, q.date));
  // Status counts ignore the scope so the manager sees what is still open (or cancelled) that day.
  const statusWhere = and(...orderConditions(ctx, q, { anyStatus: true }), eq(orders.orderDate, q.date));
  const [figures, byStatus] = await Promise.all([
    periodFigures(db, ctx, q, where, q.date, q.date),
    db
      .select({ status: orders.status, orderCount: countAll, totalAmount: sql<number>`sum(${orders.totalAmount})::bigint` })
      .from(orders)
      .where(statusWhere)
      .groupBy(orders.status),
  ]);
  return {
    date: q.date,
    currency,
    ...figures.summary,
    byStatus: byStatus.map((s) => ({
      status: s.status as OrderStatus,
      orderCount: s.orderCount,
      totalAmount: Number(s.totalAmount),
    })),
  };
}

/** Monthly report: the month's orders per day (one GROUPING SETS pass) and per store / person / customer type. */
export async function getMonthlyReport(db: Db, ctx: Ctx, q: MonthlyReportQuery): Promise<MonthlyReport> {
  const { currency } = await groupSettingsOf(db, ctx, q.storeId);
  const from = `${q.month}-01`;
  const to = monthEnd(q.month);
  const where = and(...orderConditions(ctx, q), gte(orders.orderDate, from), lte(orders.orderDate, to));
  const figures = await periodFigures(db, ctx, q, where, from, to);
  const days = daysOf(from, to).map((date) => ({
    date,
    ...(figures.days.get(date) ?? toTotals(undefined)),
    received: figures.receivedByDay.get(date) ?? 0,
    expenses: figures.spentByDay.get(date) ?? 0,
  }));
  return { month: q.month, currency, ...figures.summary, days };
}
