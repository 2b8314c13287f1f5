import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderListPage, orderListQuery } from '@gasops/shared';
import { dayRange, isoOfText, isoOfTextOrNull } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import { prepared, type Db, type Executor } from '../../platform/db.js';
import { RIDE_ALONG_TOTAL, countUpTo, pageOf, rideAlongLimit, rideAlongTotalUpTo, splitRideAlongTotalBy } from '../../platform/paging.js';
import { ilikeAny, keywordPattern } from '../../platform/search.js';
import { StatementCache, UNNAMED, flatRows, type StatementValues } from '../../platform/statements.js';
import { storeFilterOf, storeFilterShape, type StoreFilterShape } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { orderNames, withOrderNames } from './order-names.js';
import { orders } from './orders.schema.js';

const listColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  orderDate: orders.orderDate,
  storeId: orders.storeId,
  customerId: orders.customerId,
  ...orderNames,
  customerPhone: sql<string | null>`coalesce(${customers.phone}, ${orders.contactPhone})`,
  customerType: orders.customerType,
  source: orders.source,
  status: orders.status,
  totalAmount: orders.totalAmount,
  deliveryPersonId: orders.deliveryPersonId,
  // As PostgreSQL's text, made ISO 8601 by listOrders without a Date each (platform/columns.ts isoOfText).
  deliveryAt: sql<string | null>`${orders.deliveryAt}`,
  preferredTime: orders.preferredTime,
  deliveryAddress: orders.deliveryAddress,
  gasWeightG: orders.gasWeightG,
  residualGasG: orders.residualGasG,
  gasRefundAmount: orders.gasRefundAmount,
  gasStatus: orders.gasStatus,
  monthlyBillId: orders.monthlyBillId,
  cancelReason: orders.cancelReason,
  remark: orders.remark,
  createdAt: sql<string>`${orders.createdAt}`,
};

/** Which of the list's filters a request has (a statement is built once per such shape). */
type ListShape = {
  store: StoreFilterShape['shape'];
  group: boolean;
  status: boolean;
  customer: boolean;
  deliveryPerson: boolean;
  unassigned: boolean;
  dateFrom: boolean;
  dateTo: boolean;
  keyword: boolean;
  /** Past the first page: a query built with the values says OFFSET only then. */
  offset: boolean;
};

/** A request's filter shape and the values of its statement's placeholders. */
function shapeOf(ctx: Ctx, q: z.infer<typeof orderListQuery>): { shape: ListShape; values: StatementValues } {
  const store = storeFilterShape(ctx, q.storeId);
  // A group-level user's stores are all in their group: the group lets the list walk
  // orders_group_date_id_idx (group, date desc, id desc) in the list's order instead of the whole table.
  const groupId = q.storeId == null && ctx.user.storeIds !== null ? ctx.user.groupId : null;
  const pattern = keywordPattern(q.keyword);
  const { limit, offset } = pageOf(q);
  return {
    shape: {
      store: store.shape,
      group: groupId != null,
      status: !!q.status,
      customer: !!q.customerId,
      deliveryPerson: !!q.deliveryPersonId,
      unassigned: q.unassigned === 'true',
      dateFrom: !!q.dateFrom,
      dateTo: !!q.dateTo,
      keyword: pattern !== undefined,
      offset: offset > 0,
    },
    values: {
      store: store.value,
      group: groupId,
      status: q.status,
      customer: q.customerId,
      deliveryPerson: q.deliveryPersonId,
      dateFrom: q.dateFrom,
      dateTo: q.dateTo,
      keyword: pattern,
      limit,
      offset,
      countLimit: rideAlongLimit(q),
    },
  };
}

/** The page (with its ride-along total) and the count past the end, of one filter shape, over placeholders. */
function buildStatements(db: Executor, f: ListShape) {
  const p = sql.placeholder;
  const filters = (group: boolean) =>
    and(
      storeFilterOf(orders.storeId, f.store, p('store')),
      group ? eq(orders.groupId, p('group')) : undefined,
      f.status ? eq(orders.status, p('status')) : undefined,
      f.customer ? eq(orders.customerId, p('customer')) : undefined,
      f.deliveryPerson ? eq(orders.deliveryPersonId, p('deliveryPerson')) : undefined,
      f.unassigned ? isNull(orders.deliveryPersonId) : undefined,
      dayRange(orders.orderDate, f.dateFrom ? p('dateFrom') : undefined, f.dateTo ? p('dateTo') : undefined),
      f.keyword
        ? ilikeAny(p('keyword'), [
            orders.orderNo,
            customers.name,
            customers.phone,
            orders.contactName,
            orders.contactPhone,
            orders.deliveryAddress,
          ])
        : undefined,
    );
  const where = filters(f.group);
  // The group, there for the page's walk in order (see shapeOf), is implied by the user's stores: the
  // count leaves it out, so it may read an index of store_id alone without visiting the table (the whole
  // group's capped count: a scan of 1,001 table rows 0.28 ms, index-only 0.10–0.14 ms).
  const countWhere = filters(false);
  // The total is counted up to LIST_COUNT_CAP rows, not the millions of a large group on every
  // request, and rides along with the page (one round trip). The customer is joined to the count
  // only when the keyword needs it: even a join PostgreSQL removes keeps orders.customer_id "needed"
  // and so rules out an index-only count (4.6 ms → 0.7 ms per page).
  const matching = () => {
    const base = db
      .select({ one: sql`1` })
      .from(orders)
      .$dynamic();
    return (f.keyword ? base.leftJoin(customers, eq(customers.id, orders.customerId)) : base).where(countWhere);
  };
  const page = withOrderNames(
    db
      .select({ ...listColumns, [RIDE_ALONG_TOTAL]: rideAlongTotalUpTo(matching(), p('countLimit')) })
      .from(orders)
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(p('limit'));
  return {
    page: flatRows((f.offset ? page.offset(p('offset')) : page).prepare(UNNAMED)),
    count: countUpTo(db, matching(), p('countLimit')).prepare(UNNAMED),
  };
}

/** The list's statements by filter shape, per database handle (platform/statements.ts). */
const statements = new StatementCache<ReturnType<typeof buildStatements>>();

/** The shapes of the list kept for `db`, least recently used first (tests). */
export const listOrderShapes = (db: Db) => statements.shapes(db);

/**
 * The dispatch board's order list: filtered and paged in SQL, newest order date first. Its statements
 * are built once per filter shape (see `StatementCache`), with the same text as built for each request.
 */
export async function listOrders(db: Executor, ctx: Ctx, q: z.infer<typeof orderListQuery>): Promise<OrderListPage> {
  const { shape, values } = shapeOf(ctx, q);
  const { page, count } = statements.get(db, shapeKey(shape), () => buildStatements(db, shape));
  // Prepared (PostgreSQL's generic plan, no planning per request): 15–25 % less database CPU per
  // page in bench/business.ts. Not with a keyword: a generic plan cannot see the LIKE pattern, and
  // that made the prepared customer search 2–3 times costlier.
  const rows = shape.keyword ? await page.execute(values) : await prepared(() => page.execute(values));
  const { items, ...total } = await splitRideAlongTotalBy(rows, q, () => count.execute(values));
  for (const item of items) {
    item.deliveryAt = isoOfTextOrNull(item.deliveryAt);
    item.createdAt = isoOfText(item.createdAt);
  }
  return { items, ...total, page: q.page, pageSize: q.pageSize };
}

/** A shape's cache key: the store condition, then one character per other filter ('1' present). */
function shapeKey({ store, ...present }: ListShape): string {
  return `${store}:${Object.values(present)
    .map((on) => (on ? '1' : '0'))
    .join('')}`;
}
