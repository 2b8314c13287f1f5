import { and, asc, desc, eq, gt, gte, lte, or, sql } from 'drizzle-orm';
import {
  daysBetween,
  daysOf,
  MAX_REPORT_DAYS,
  type GasReport,
  type ProductReport,
  type ReportQuery,
  type ServiceReport,
} from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';
import { groupSettingsOf } from '../../platform/tenancy.js';
import { orderNames, withOrderNames } from '../orders/index.js';
import { orderProductLines, orders, orderServiceLines } from '../orders/orders.schema.js';
import { orderConditions, toTotals, totalsColumns } from './report-sql.js';

/**
 * What every order report starts from: the period checked (a period longer than the limit is refused
 * with a message under the end date), the currency, and the conditions on its orders.
 */
async function reportBase(db: Db, ctx: Ctx, q: ReportQuery) {
  if (daysBetween(q.from, q.to) >= MAX_REPORT_DAYS)
    throw new AppError(400, 'reports.periodTooLong', undefined, { to: 'reports.periodTooLong' });
  const { currency } = await groupSettingsOf(db, ctx, q.storeId);
  return { currency, conds: [...orderConditions(ctx, q), gte(orders.orderDate, q.from), lte(orders.orderDate, q.to)] };
}

/** One point per day of the period for the chart (zero on days without orders). */
function dailySeries(q: ReportQuery, rows: { date: string; orderCount: number; weightG: number; amount: number }[]) {
  const byDay = new Map(rows.map((s) => [s.date, s]));
  return daysOf(q.from, q.to).map((date) => {
    const s = byDay.get(date);
    return { date, orderCount: s?.orderCount ?? 0, weightG: Number(s?.weightG ?? 0), amount: Number(s?.amount ?? 0) };
  });
}

/**
 * Gas order report: orders that delivered gas or propane in the period, with their totals, a daily
 * series for the chart and the paged order rows.
 */
export async function getGasReport(db: Db, ctx: Ctx, q: ReportQuery): Promise<GasReport> {
  const { currency, conds } = await reportBase(db, ctx, q);
  const where = and(...conds, or(gt(orders.gasWeightG, 0), gt(orders.propaneWeightG, 0)));
  const { limit, offset } = pageOf(q);
  const [[totals], series, rows] = await Promise.all([
    db.select(totalsColumns).from(orders).where(where),
    db
      .select({
        date: orders.orderDate,
        orderCount: countAll,
        weightG: sql<number>`sum(${orders.gasWeightG} + ${orders.propaneWeightG})::bigint`,
        amount: sql<number>`sum(${orders.gasAmount} + ${orders.propaneAmount} - ${orders.gasRefundAmount} - ${orders.propaneRefundAmount})::bigint`,
      })
      .from(orders)
      .where(where)
      .groupBy(orders.orderDate),
    withOrderNames(
      db
        .select({
          id: orders.id,
          orderNo: orders.orderNo,
          orderDate: orders.orderDate,
          ...orderNames,
          customerType: orders.customerType,
          status: orders.status,
          gasWeightG: orders.gasWeightG,
          gasAmount: orders.gasAmount,
          propaneWeightG: orders.propaneWeightG,
          propaneAmount: orders.propaneAmount,
          residualG: sql<number>`(${orders.residualGasG} + ${orders.propaneResidualG})::int`,
          refundAmount: sql<number>`(${orders.gasRefundAmount} + ${orders.propaneRefundAmount})::int`,
          totalAmount: orders.totalAmount,
        })
        .from(orders)
        .$dynamic(),
    )
      .where(where)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(limit)
      .offset(offset),
  ]);
  const t = toTotals(totals);
  return {
    currency,
    totals: t,
    series: dailySeries(q, series),
    items: rows,
    total: t.orderCount,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Product order report: quantities and amounts per product name in the period (SQL GROUP BY). */
export async function getProductReport(db: Db, ctx: Ctx, q: ReportQuery): Promise<ProductReport> {
  const { currency, conds } = await reportBase(db, ctx, q);
  const where = and(...conds, keywordFilter(q.keyword, [orderProductLines.productName]));
  const [items, [totals], series] = await Promise.all([
    db
      .select({
        productName: orderProductLines.productName,
        orderCount: sql<number>`count(distinct ${orders.id})::int`,
        quantity: sql<number>`sum(${orderProductLines.quantity})::bigint`,
        amount: sql<number>`sum(${orderProductLines.amount})::bigint`,
      })
      .from(orderProductLines)
      .innerJoin(orders, eq(orders.id, orderProductLines.orderId))
      .where(where)
      .groupBy(orderProductLines.productName)
      .orderBy(desc(sql`sum(${orderProductLines.amount})`), asc(orderProductLines.productName))
      .limit(500),
    db
      .select({
        orderCount: sql<number>`count(distinct ${orders.id})::int`,
        quantity: sql<number>`coalesce(sum(${orderProductLines.quantity}), 0)::bigint`,
        amount: sql<number>`coalesce(sum(${orderProductLines.amount}), 0)::bigint`,
      })
      .from(orderProductLines)
      .innerJoin(orders, eq(orders.id, orderProductLines.orderId))
      .where(where),
    db
      .select({
        date: orders.orderDate,
        orderCount: sql<number>`count(distinct ${orders.id})::int`,
        weightG: sql<number>`sum(${orderProductLines.quantity})::bigint`,
        amount: sql<number>`sum(${orderProductLines.amount})::bigint`,
      })
      .from(orderProductLines)
      .innerJoin(orders, eq(orders.id, orderProductLines.orderId))
      .where(where)
      .groupBy(orders.orderDate),
  ]);
  return {
    currency,
    totals: { orderCount: Number(totals?.orderCount ?? 0), quantity: Number(totals?.quantity ?? 0), amount: Number(totals?.amount ?? 0) },
    items: items.map((i) => {
      const quantity = Number(i.quantity);
      const amount = Number(i.amount);
      return {
        productName: i.productName,
        orderCount: i.orderCount,
        quantity,
        amount,
        avgUnitPrice: quantity ? Math.round(amount / quantity) : 0,
      };
    }),
    // For products the series' "weight" is the quantity sold.
    series: dailySeries(q, series),
  };
}

/** Service order report: service lines in the period, totals, amounts per service content, paged lines. */
export async function getServiceReport(db: Db, ctx: Ctx, q: ReportQuery): Promise<ServiceReport> {
  const { currency, conds } = await reportBase(db, ctx, q);
  const where = and(...conds, keywordFilter(q.keyword, [orderServiceLines.content]));
  const { limit, offset } = pageOf(q);
  const [[totals], byContent, items] = await Promise.all([
    db
      .select({
        orderCount: sql<number>`count(distinct ${orders.id})::int`,
        lineCount: countAll,
        amount: sql<number>`coalesce(sum(${orderServiceLines.amount}), 0)::bigint`,
      })
      .from(orderServiceLines)
      .innerJoin(orders, eq(orders.id, orderServiceLines.orderId))
      .where(where),
    db
      .select({
        content: orderServiceLines.content,
        lineCount: countAll,
        amount: sql<number>`sum(${orderServiceLines.amount})::bigint`,
      })
      .from(orderServiceLines)
      .innerJoin(orders, eq(orders.id, orderServiceLines.orderId))
      .where(where)
      .groupBy(orderServiceLines.content)
      .orderBy(desc(sql`sum(${orderServiceLines.amount})`), asc(orderServiceLines.content))
      .limit(20),
    withOrderNames(
      db
        .select({
          id: orderServiceLines.id,
          orderId: orders.id,
          orderNo: orders.orderNo,
          orderDate: orders.orderDate,
          ...orderNames,
          content: orderServiceLines.content,
          amount: orderServiceLines.amount,
        })
        .from(orderServiceLines)
        .innerJoin(orders, eq(orders.id, orderServiceLines.orderId))
        .$dynamic(),
    )
      .where(where)
      .orderBy(desc(orders.orderDate), desc(orders.id), asc(orderServiceLines.id))
      .limit(limit)
      .offset(offset),
  ]);
  return {
    currency,
    totals: { orderCount: Number(totals?.orderCount ?? 0), lineCount: Number(totals?.lineCount ?? 0), amount: Number(totals?.amount ?? 0) },
    byContent: byContent.map((b) => ({ content: b.content, lineCount: b.lineCount, amount: Number(b.amount) })),
    items,
    total: Number(totals?.lineCount ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
