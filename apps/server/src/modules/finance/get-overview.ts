import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { ExpenseType, Overview, OverviewQuery } from '@gasops/shared';
import { daysOf, EXPENSE_TYPES, SALE_STATUSES } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { countAll } from '../../platform/paging.js';
import { groupSettingsOf, storeFilter } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { monthlyBills, orders, payments } from '../orders/orders.schema.js';
import { expenses } from './finance.schema.js';

/**
 * Financial overview of the caller's stores (or one store) over a period: income received by
 * payment type, sales, expenses by type, receivables, net = income − expenses, and a daily series.
 */
export async function getOverview(db: Db, ctx: Ctx, q: OverviewQuery): Promise<Overview> {
  const { currency } = await groupSettingsOf(db, ctx, q.storeId);
  const where = and(storeFilter(ctx, expenses.storeId, q.storeId), gte(expenses.expenseDate, q.from), lte(expenses.expenseDate, q.to));
  const [byType, expDaily] = await Promise.all([
    db
      .select({
        type: expenses.type,
        amount: sql<number>`sum(${expenses.amount})::bigint`,
        count: countAll,
      })
      .from(expenses)
      .where(where)
      .groupBy(expenses.type),
    db
      .select({
        date: expenses.expenseDate,
        amount: sql<number>`sum(${expenses.amount})::bigint`,
      })
      .from(expenses)
      .where(where)
      .groupBy(expenses.expenseDate),
  ]);
  const typeMap = new Map(byType.map((r) => [r.type, r]));
  const expenseByType = EXPENSE_TYPES.map((type: ExpenseType) => ({
    type,
    amount: Number(typeMap.get(type)?.amount ?? 0),
    count: typeMap.get(type)?.count ?? 0,
  }));
  const expenseTotal = expenseByType.reduce((s, r) => s + r.amount, 0);
  const expDay = new Map(expDaily.map((r) => [r.date, Number(r.amount)]));

  const payWhere = and(storeFilter(ctx, payments.storeId, q.storeId), gte(payments.postingDate, q.from), lte(payments.postingDate, q.to));
  const [paidDaily, [salesRow], [unpaid], [unposted], [arrears]] = await Promise.all([
    db
      .select({
        date: payments.postingDate,
        cash: sql<number>`sum(${payments.cashAmount})::bigint`,
        bill: sql<number>`sum(${payments.billAmount})::bigint`,
        n: countAll,
      })
      .from(payments)
      .where(payWhere)
      .groupBy(payments.postingDate),
    db
      .select({ n: countAll, amount: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint` })
      .from(orders)
      .where(
        and(
          storeFilter(ctx, orders.storeId, q.storeId),
          inArray(orders.status, [...SALE_STATUSES]),
          gte(orders.orderDate, q.from),
          lte(orders.orderDate, q.to),
        ),
      ),
    // Receivables are balances as of now: delivered orders not yet paid (outside a monthly bill) ...
    db
      .select({ n: countAll, amount: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint` })
      .from(orders)
      .where(and(storeFilter(ctx, orders.storeId, q.storeId), eq(orders.status, 'completed'), isNull(orders.monthlyBillId))),
    // ... and monthly bills issued but not posted.
    db
      .select({ n: countAll, amount: sql<number>`coalesce(sum(${monthlyBills.amount}), 0)::bigint` })
      .from(monthlyBills)
      .where(and(storeFilter(ctx, monthlyBills.storeId, q.storeId), eq(monthlyBills.status, 'billed'))),
    db
      .select({ n: countAll })
      .from(customers)
      .where(and(storeFilter(ctx, customers.storeId, q.storeId), eq(customers.inArrears, true))),
  ]);
  const incomeDay = new Map(paidDaily.map((r) => [r.date, Number(r.cash) + Number(r.bill)]));
  const cash = paidDaily.reduce((s, r) => s + Number(r.cash), 0);
  const bill = paidDaily.reduce((s, r) => s + Number(r.bill), 0);
  const income = { cash, bill, total: cash + bill, paymentCount: paidDaily.reduce((s, r) => s + r.n, 0) };
  const sales = { orderCount: salesRow?.n ?? 0, amount: Number(salesRow?.amount ?? 0) };
  const unpaidOrders = { count: unpaid?.n ?? 0, amount: Number(unpaid?.amount ?? 0) };
  const unpostedBills = { count: unposted?.n ?? 0, amount: Number(unposted?.amount ?? 0) };
  const receivables = { unpaidOrders, unpostedBills, arrearsCustomers: arrears?.n ?? 0, total: unpaidOrders.amount + unpostedBills.amount };

  return {
    from: q.from,
    to: q.to,
    currency,
    income,
    sales,
    expenses: { total: expenseTotal, byType: expenseByType },
    receivables,
    net: income.total - expenseTotal,
    daily: daysOf(q.from, q.to, 400).map((date) => ({
      date,
      income: incomeDay.get(date) ?? 0,
      expense: expDay.get(date) ?? 0,
    })),
  };
}
