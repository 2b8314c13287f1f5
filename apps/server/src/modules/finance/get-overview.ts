import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { ExpenseType, Overview, OverviewQuery } from "@gasops/shared";
import { EXPENSE_TYPES } from "@gasops/shared";
import type { Ctx } from "../../platform/context.js";
import type { Db } from "../../platform/db.js";
import { storeGroups } from "../../platform/platform.schema.js";
import { storeFilter } from "../../platform/tenancy.js";
import { expenses } from "./finance.schema.js";
import { storeOf } from "./store-access.js";

/** The currency of the store (or of the caller's group). */
async function currencyOf(db: Db, ctx: Ctx, storeId?: number): Promise<string> {
  const groupId = storeId
    ? (await storeOf(db, ctx, storeId)).groupId
    : ctx.user.groupId;
  if (!groupId) return "TWD";
  const [g] = await db
    .select({ currency: storeGroups.currency })
    .from(storeGroups)
    .where(eq(storeGroups.id, groupId));
  return g?.currency ?? "TWD";
}

/** Days from `from` to `to` inclusive, as YYYY-MM-DD. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= to && out.length < 400;
    d.setUTCDate(d.getUTCDate() + 1)
  )
    out.push(d.toISOString().slice(0, 10));
  return out;
}

/**
 * Financial overview of the caller's stores (or one store) over a period: income received by
 * payment type, sales, expenses by type, receivables, net = income − expenses, and a daily series.
 */
export async function getOverview(
  db: Db,
  ctx: Ctx,
  q: OverviewQuery,
): Promise<Overview> {
  const currency = await currencyOf(db, ctx, q.storeId);
  const where = and(
    storeFilter(ctx, expenses.storeId, q.storeId),
    gte(expenses.expenseDate, q.from),
    lte(expenses.expenseDate, q.to),
  );
  const [byType, expDaily] = await Promise.all([
    db
      .select({
        type: expenses.type,
        amount: sql<number>`sum(${expenses.amount})::bigint`,
        count: sql<number>`count(*)::int`,
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

  const income = { cash: 0, bill: 0, total: 0, paymentCount: 0 };
  const incomeDay = new Map<string, number>();
  const sales = { orderCount: 0, amount: 0 };
  const receivables = {
    unpaidOrders: { count: 0, amount: 0 },
    unpostedBills: { count: 0, amount: 0 },
    arrearsCustomers: 0,
    total: 0,
  };

  return {
    from: q.from,
    to: q.to,
    currency,
    income,
    sales,
    expenses: { total: expenseTotal, byType: expenseByType },
    receivables,
    net: income.total - expenseTotal,
    daily: daysOf(q.from, q.to).map((date) => ({
      date,
      income: incomeDay.get(date) ?? 0,
      expense: expDay.get(date) ?? 0,
    })),
  };
}
