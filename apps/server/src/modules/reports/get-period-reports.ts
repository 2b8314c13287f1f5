import { and, asc, eq, exists, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BreakdownRow, DailyReport, DailyReportQuery, MonthlyReport, MonthlyReportQuery, ReportOrderStatus } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { stores, users } from '../../platform/platform.schema.js';
import { storeFilter } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { expenses } from '../finance/finance.schema.js';
import { groupSettingsOf } from '../finance/store-access.js';
import { orders, payments } from '../orders/orders.schema.js';
import { daysOf, monthEnd, orderConditions, toTotals, totalsColumns, whereAll, type OrderFilters } from './report-sql.js';

const person = alias(users, 'delivery_person');

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
  if (f.deliveryPersonId)
    conds.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.id, payments.orderId), eq(orders.deliveryPersonId, f.deliveryPersonId))),
      ),
    );
  if (f.customerType)
    conds.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(customers)
          .where(and(eq(customers.id, payments.customerId), eq(customers.type, f.customerType))),
      ),
    );
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

/** Totals of the period broken down by delivery person, customer type and store (three GROUP BYs). */
async function breakdowns(db: Db, where: SQL | undefined) {
  const [byPerson, byType, byStore] = await Promise.all([
    db
      .select({ key: sql<string>`coalesce(${orders.deliveryPersonId}::text, '')`, label: person.name, ...totalsColumns })
      .from(orders)
      .leftJoin(person, eq(person.id, orders.deliveryPersonId))
      .where(where)
      .groupBy(orders.deliveryPersonId, person.name)
      .orderBy(asc(person.name)),
    db
      .select({ key: sql<string>`coalesce(${orders.customerType}, '')`, label: sql<string | null>`null`, ...totalsColumns })
      .from(orders)
      .where(where)
      .groupBy(orders.customerType)
      .orderBy(asc(orders.customerType)),
    db
      .select({ key: sql<string>`${orders.storeId}::text`, label: stores.name, ...totalsColumns })
      .from(orders)
      .innerJoin(stores, eq(stores.id, orders.storeId))
      .where(where)
      .groupBy(orders.storeId, stores.name)
      .orderBy(asc(stores.name)),
  ]);
  const rows = (list: { key: string; label: string | null }[]): BreakdownRow[] =>
    list.map((r) => ({ key: r.key, label: r.label, ...toTotals(r as never) }));
  return { byDeliveryPerson: rows(byPerson), byCustomerType: rows(byType), byStore: rows(byStore) };
}

const sumIn = (rows: { cash: number; bill: number }[]) => {
  const cash = rows.reduce((s, r) => s + Number(r.cash), 0);
  const bill = rows.reduce((s, r) => s + Number(r.bill), 0);
  return { cash, bill, total: cash + bill };
};

/** Daily report: one day's orders (by order date) with totals, breakdowns, money received and expenses. */
export async function getDailyReport(db: Db, ctx: Ctx, q: DailyReportQuery): Promise<DailyReport> {
  const { currency } = await groupSettingsOf(db, ctx, q.storeId);
  const where = whereAll([...orderConditions(ctx, q), eq(orders.orderDate, q.date)]);
  // Status counts ignore the scope so the manager sees what is still open (or cancelled) that day.
  const statusWhere = whereAll([...orderConditions(ctx, q, { anyStatus: true }), eq(orders.orderDate, q.date)]);
  const [[totals], parts, paid, spent, byStatus] = await Promise.all([
    db.select(totalsColumns).from(orders).where(where),
    breakdowns(db, where),
    received(db, ctx, q, q.date, q.date),
    expensesByDay(db, ctx, q, q.date, q.date),
    db
      .select({
        status: orders.status,
        orderCount: sql<number>`count(*)::int`,
        totalAmount: sql<number>`sum(${orders.totalAmount})::bigint`,
      })
      .from(orders)
      .where(statusWhere)
      .groupBy(orders.status),
  ]);
  return {
    date: q.date,
    currency,
    totals: toTotals(totals),
    received: sumIn(paid),
    expenses: spent.reduce((s, r) => s + Number(r.amount), 0),
    ...parts,
    byStatus: byStatus.map((s) => ({
      status: s.status as ReportOrderStatus,
      orderCount: s.orderCount,
      totalAmount: Number(s.totalAmount),
    })),
  };
}

/** Monthly report: the month's orders per day (GROUP BY order date) and per store / person / customer type. */
export async function getMonthlyReport(db: Db, ctx: Ctx, q: MonthlyReportQuery): Promise<MonthlyReport> {
  const { currency } = await groupSettingsOf(db, ctx, q.storeId);
  const from = `${q.month}-01`;
  const to = monthEnd(q.month);
  const where = whereAll([...orderConditions(ctx, q), gte(orders.orderDate, from), lte(orders.orderDate, to)]);
  const [perDay, parts, paid, spent] = await Promise.all([
    db
      .select({ date: orders.orderDate, ...totalsColumns })
      .from(orders)
      .where(where)
      .groupBy(orders.orderDate),
    breakdowns(db, where),
    received(db, ctx, q, from, to),
    expensesByDay(db, ctx, q, from, to),
  ]);
  const dayMap = new Map(perDay.map((d) => [d.date, toTotals(d)]));
  const paidMap = new Map(paid.map((p) => [p.date, Number(p.cash) + Number(p.bill)]));
  const spentMap = new Map(spent.map((s) => [s.date, Number(s.amount)]));
  const days = daysOf(from, to).map((date) => ({
    date,
    ...(dayMap.get(date) ?? toTotals(undefined)),
    received: paidMap.get(date) ?? 0,
    expenses: spentMap.get(date) ?? 0,
  }));
  const totals = toTotals(undefined);
  for (const d of dayMap.values()) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += d[k];
  return {
    month: q.month,
    currency,
    totals,
    received: sumIn(paid),
    expenses: spent.reduce((s, r) => s + Number(r.amount), 0),
    days,
    ...parts,
  };
}
