import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  dateIn,
  daysOf,
  OPEN_STATUSES,
  SALE_STATUSES,
  shiftDate,
  type Dashboard,
  type DashboardQuery,
  type OrderStatus,
} from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { countAll } from '../../platform/paging.js';
import { getParamNumber } from '../../platform/params.js';
import { stores } from '../../platform/platform.schema.js';
import { groupSettingsOf, storeFilter } from '../../platform/tenancy.js';
import { customerLastOrders, customers } from '../customers/customers.schema.js';
import { deliveryPerson, orderNames, withOrderNames } from '../orders/index.js';
import { orderHeadline, orders } from '../orders/orders.schema.js';

const person = deliveryPerson;
/** How many inactive customers the card lists (the total is counted in full). */
const INACTIVE_LIST_SIZE = 10;

/**
 * The Home dashboard of the caller's stores (or one of them): today's orders by status, pending
 * deliveries per delivery person, sales of the last 30 days, customers without an order for over
 * INACTIVE_CUSTOMER_MONTHS months and the latest RECENT_ORDER_COUNT orders. "Today" is the store
 * group's calendar day in its time zone.
 */
export async function getDashboard(db: Db, ctx: Ctx, q: DashboardQuery, now = new Date()): Promise<Dashboard> {
  const { currency, timeZone } = await groupSettingsOf(db, ctx, q.storeId);
  const groupId = ctx.user.groupId;
  const [months, recentCount] = await Promise.all([
    getParamNumber(db, groupId, 'INACTIVE_CUSTOMER_MONTHS'),
    getParamNumber(db, groupId, 'RECENT_ORDER_COUNT'),
  ]);
  const today = dateIn(timeZone, now);
  const from30 = shiftDate(today, { days: -29 });
  const cutoff = shiftDate(today, { months: -months });
  const scope = storeFilter(ctx, orders.storeId, q.storeId);
  const customerScope = storeFilter(ctx, customers.storeId, q.storeId);

  // Customers created before the cut-off with no order on or after it. customer_last_orders holds
  // each customer's latest order date with its store and creation time (kept by the orders triggers,
  // migrations 0220 and 0240), so the count is two index-only counts: the customers created before
  // the cut-off, less those of them who ordered since.
  const createdBefore = (col: typeof customers.createdAt | typeof customerLastOrders.customerCreatedAt) =>
    sql`${col} < (${cutoff}::date)::timestamp at time zone ${timeZone}`;
  const countOf = async (rows: Promise<{ n: number }[]>) => Number((await rows)[0]?.n ?? 0);
  const inactiveTotal = Promise.all([
    countOf(
      db
        .select({ n: countAll })
        .from(customers)
        .where(and(customerScope, createdBefore(customers.createdAt))),
    ),
    countOf(
      db
        .select({ n: countAll })
        .from(customerLastOrders)
        .where(
          and(
            storeFilter(ctx, customerLastOrders.storeId, q.storeId),
            gte(customerLastOrders.lastOrderDate, cutoff),
            createdBefore(customerLastOrders.customerCreatedAt),
          ),
        ),
    ),
  ]).then(([created, active]) => created - active);

  const [byStatus, pending, revenue, inactiveRows, inactiveCount, recent] = await Promise.all([
    db
      .select({
        status: orders.status,
        count: countAll,
        amount: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint`,
      })
      .from(orders)
      .where(and(scope, eq(orders.orderDate, today)))
      .groupBy(orders.status),
    db
      .select({
        deliveryPersonId: orders.deliveryPersonId,
        name: person.name,
        placed: sql<number>`count(*) filter (where ${orders.status} = 'placed')::int`,
        notDelivered: sql<number>`count(*) filter (where ${orders.status} = 'not_delivered')::int`,
        delivering: sql<number>`count(*) filter (where ${orders.status} = 'delivering')::int`,
      })
      .from(orders)
      .leftJoin(person, eq(person.id, orders.deliveryPersonId))
      .where(and(scope, inArray(orders.status, [...OPEN_STATUSES])))
      .groupBy(orders.deliveryPersonId, person.name)
      .orderBy(sql`${person.name} nulls first`),
    db
      .select({ date: orders.orderDate, orderCount: countAll, amount: sql<number>`sum(${orders.totalAmount})::bigint` })
      .from(orders)
      .where(and(scope, inArray(orders.status, [...SALE_STATUSES]), gte(orders.orderDate, from30), sql`${orders.orderDate} <= ${today}`))
      .groupBy(orders.orderDate),
    db
      .select({
        id: customers.id,
        name: customers.name,
        phone: customers.phone,
        storeName: stores.name,
        lastOrderDate: customerLastOrders.lastOrderDate,
      })
      .from(customers)
      .innerJoin(stores, eq(stores.id, customers.storeId))
      .leftJoin(customerLastOrders, eq(customerLastOrders.customerId, customers.id))
      .where(
        and(
          customerScope,
          createdBefore(customers.createdAt),
          or(isNull(customerLastOrders.lastOrderDate), lt(customerLastOrders.lastOrderDate, cutoff)),
        ),
      )
      .orderBy(customers.id)
      .limit(INACTIVE_LIST_SIZE),
    inactiveTotal,
    withOrderNames(
      db
        .select({
          ...orderHeadline,
          ...orderNames,
        })
        .from(orders)
        .$dynamic(),
    )
      .where(scope)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(recentCount),
  ]);

  const revenueByDay = new Map(revenue.map((r) => [r.date, r]));
  return {
    today,
    currency,
    todayByStatus: byStatus.map((s) => ({ status: s.status as OrderStatus, count: s.count, amount: Number(s.amount) })),
    pendingByDeliveryPerson: pending,
    revenue: daysOf(from30, today).map((date) => ({
      date,
      orderCount: revenueByDay.get(date)?.orderCount ?? 0,
      amount: Number(revenueByDay.get(date)?.amount ?? 0),
    })),
    inactiveCustomers: { months, total: inactiveCount, items: inactiveRows },
    recentOrders: recent.map((r) => ({ ...r, status: r.status as OrderStatus })),
  };
}
