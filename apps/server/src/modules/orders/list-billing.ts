import { and, asc, count, eq, inArray, isNotNull, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dateIn, MONTHLY_TYPES, type BillingPage, type BillingPeriod, type billingPeriodQuery, type billingQuery } from '@gasops/shared';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { stores } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { groupSettingsOf, storeFilter } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { invoices } from '../invoices/invoices.schema.js';
import { linesSum, periodRange, totalSum, unbilledOrders } from './bill-rules.js';
import { monthlyBills, orders } from './orders.schema.js';

/**
 * Monthly-settlement customers with their bill of the period (if any) and what is still unbilled:
 * filters billed/unbilled and posted/unposted, paged in SQL.
 */
export async function listBilling(db: Executor, ctx: Ctx, q: z.infer<typeof billingQuery>): Promise<BillingPage> {
  const [from, to] = periodRange(q.period);
  const where = and(
    storeFilter(ctx, customers.storeId, q.storeId),
    inArray(customers.type, [...MONTHLY_TYPES]),
    keywordFilter(q.keyword, [customers.name, customers.phone, customers.meterNumber]),
    q.billed === 'billed' ? isNotNull(monthlyBills.id) : q.billed === 'unbilled' ? isNull(monthlyBills.id) : undefined,
    q.posted === 'posted'
      ? eq(monthlyBills.status, 'posted')
      : q.posted === 'unposted'
        ? or(isNull(monthlyBills.status), ne(monthlyBills.status, 'posted'))
        : undefined,
  );
  const joinBill = and(eq(monthlyBills.customerId, customers.id), eq(monthlyBills.period, q.period));
  const [{ total }] = (await db.select({ total: count() }).from(customers).leftJoin(monthlyBills, joinBill).where(where)) as [
    { total: number },
  ];
  const items = await db
    .select({
      customerId: customers.id,
      customerName: customers.name,
      type: customers.type,
      storeId: customers.storeId,
      storeName: stores.name,
      meterNumber: customers.meterNumber,
      meterReading: customers.meterReading,
      meterUnitPrice: customers.meterUnitPrice,
      unbilledCount: sql<number>`(select count(*)::int from ${orders} where ${unbilledOrders(customers.id, from, to)})`,
      unbilledAmount: sql<number>`(select case when ${customers.type} = 'monthly_meter' then ${linesSum} else ${totalSum} end from ${orders} where ${unbilledOrders(customers.id, from, to)})`,
      billId: monthlyBills.id,
      billingDate: monthlyBills.billingDate,
      mode: monthlyBills.mode,
      orderCount: monthlyBills.orderCount,
      previousReading: monthlyBills.previousReading,
      currentReading: monthlyBills.currentReading,
      amount: monthlyBills.amount,
      linesAmount: monthlyBills.linesAmount,
      status: monthlyBills.status,
      postedAt: monthlyBills.postedAt,
      // The bill's invoice (one at most: invoices_monthly_bill_uq), for the list's invoice action.
      invoiceNumber: sql<string | null>`(select ${invoices.number} from ${invoices} where ${invoices.monthlyBillId} = ${monthlyBills.id})`,
    })
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .leftJoin(monthlyBills, joinBill)
    .where(where)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(q.pageSize)
    .offset(pageOf(q).offset);
  return { items: items.map(isoRow), total, page: q.page, pageSize: q.pageSize };
}

/**
 * The period monthly billing opens on: the month of the latest completed, unbilled order of a
 * monthly-settlement customer in the caller's stores (or the store asked for), else the group's
 * current month.
 */
export async function billingPeriod(db: Executor, ctx: Ctx, q: z.infer<typeof billingPeriodQuery>): Promise<BillingPeriod> {
  const [row] = await db
    .select({ latest: max(orders.orderDate) })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        storeFilter(ctx, orders.storeId, q.storeId),
        eq(orders.status, 'completed'),
        isNull(orders.monthlyBillId),
        inArray(customers.type, [...MONTHLY_TYPES]),
      ),
    );
  if (row?.latest) return { period: row.latest.slice(0, 7) };
  const { timeZone } = await groupSettingsOf(db, ctx, q.storeId);
  return { period: dateIn(timeZone).slice(0, 7) };
}
