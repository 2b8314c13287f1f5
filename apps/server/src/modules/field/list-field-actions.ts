import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { translate, type FieldActionPage, type fieldActionListQuery } from '@gasops/shared';
import { dateRange, isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { listPage, selectMatching } from '../../platform/paging.js';
import { stores, users } from '../../platform/platform.schema.js';
import { likePattern } from '../../platform/search.js';
import { groupScope, storeFilter } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { orders } from '../orders/orders.schema.js';
import { fieldActions } from './field.schema.js';

/**
 * What phones did (back office): each synced action with who, when (device and server time), the
 * order or customer, the cash collected and how many cylinders wait in pending data; filter by
 * status (`conflict`: the ones for the office), kind, person, store, server date and a keyword (order
 * number or customer name). Newest first. With the order's status and total now, so the office can
 * post the cash a driver hands in (orders' payment screen).
 */
export async function listFieldActions(db: Executor, ctx: Ctx, q: z.output<typeof fieldActionListQuery>): Promise<FieldActionPage> {
  const timeZone = sql`(select time_zone from store_groups g where g.id = ${fieldActions.groupId})`;
  const where = and(
    groupScope(ctx, fieldActions.groupId),
    storeFilter(ctx, fieldActions.storeId, q.storeId),
    q.status ? eq(fieldActions.status, q.status) : undefined,
    q.kind ? eq(fieldActions.kind, q.kind) : undefined,
    q.userId ? eq(fieldActions.userId, q.userId) : undefined,
    dateRange(fieldActions.serverTime, q.from, q.to, timeZone),
    q.keyword
      ? or(sql`${orders.orderNo} ilike ${likePattern(q.keyword)}`, sql`${customers.name} ilike ${likePattern(q.keyword)}`)
      : undefined,
  );
  const rows = db
    .select({
      a: fieldActions,
      userName: users.name,
      storeName: stores.name,
      orderNo: orders.orderNo,
      orderStatus: orders.status,
      orderTotal: orders.totalAmount,
      customerName: customers.name,
    })
    .from(fieldActions)
    .leftJoin(users, eq(users.id, fieldActions.userId))
    .leftJoin(stores, eq(stores.id, fieldActions.storeId))
    .leftJoin(orders, eq(orders.id, fieldActions.orderId))
    .leftJoin(customers, eq(customers.id, fieldActions.customerId))
    .where(where)
    .orderBy(desc(fieldActions.serverTime), desc(fieldActions.id))
    .$dynamic();
  // The keyword's order and customer are joined to the count only when it needs them.
  const base = selectMatching(db, fieldActions);
  const matching = (
    q.keyword
      ? base.leftJoin(orders, eq(orders.id, fieldActions.orderId)).leftJoin(customers, eq(customers.id, fieldActions.customerId))
      : base
  ).where(where);
  return listPage(db, q, rows, matching, ({ a, ...names }) => ({
    id: a.id,
    actionId: a.actionId,
    kind: a.kind,
    status: a.status,
    reasons: a.reasons,
    userId: a.userId,
    userName: names.userName,
    storeId: a.storeId,
    storeName: names.storeName,
    orderId: a.orderId,
    orderNo: names.orderNo,
    orderStatus: names.orderStatus,
    orderTotal: names.orderTotal,
    customerId: a.customerId,
    customerName: names.customerName,
    paymentType: a.paymentType,
    cashAmount: a.cashAmount,
    lineCount: a.lineCount,
    pendingCount: a.pendingCount,
    deviceTime: isoNN(a.deviceTime),
    serverTime: isoNN(a.serverTime),
    message: translate(ctx.locale, a.result.messageKey),
    hasSignature: a.signaturePath !== null,
    hasPhoto: a.photoPath !== null,
  }));
}
