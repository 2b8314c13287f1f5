import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { getParamNumber } from '../../platform/params.js';
import { users } from '../../platform/platform.schema.js';
import { cylinderOperations, monthlyBills, orders, payments } from '../orders/orders.schema.js';
import { loadCustomer } from './save-customer.js';
import { offsetOf } from './store-of.js';

type Page = { page: number; pageSize: number };

/** CustomerDetail: order history (paged, newest first). */
export async function customerOrders(db: Executor, ctx: Ctx, id: number, q: Page) {
  await loadCustomer(db, ctx, id);
  const where = eq(orders.customerId, id);
  const [{ total }] = (await db.select({ total: count() }).from(orders).where(where)) as [{ total: number }];
  const items = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      orderDate: orders.orderDate,
      status: orders.status,
      totalAmount: orders.totalAmount,
      gasWeightG: orders.gasWeightG,
      residualGasG: orders.residualGasG,
      gasRefundAmount: orders.gasRefundAmount,
      deliveryAt: orders.deliveryAt,
      deliveryPersonName: users.name,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.deliveryPersonId))
    .where(where)
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** The latest RECENT_ORDER_COUNT orders of a customer (seed §9: 5). */
export async function recentOrders(db: Executor, ctx: Ctx, id: number) {
  const customer = await loadCustomer(db, ctx, id);
  const n = await getParamNumber(db, customer.groupId, 'RECENT_ORDER_COUNT');
  return customerOrders(db, ctx, id, { page: 1, pageSize: Math.max(1, Math.floor(n)) }).then((r) => r.items);
}

export async function customerPayments(db: Executor, ctx: Ctx, id: number, q: Page) {
  await loadCustomer(db, ctx, id);
  const where = eq(payments.customerId, id);
  const [{ total }] = (await db.select({ total: count() }).from(payments).where(where)) as [{ total: number }];
  const items = await db
    .select({
      id: payments.id,
      postingDate: payments.postingDate,
      invoiceNumber: payments.invoiceNumber,
      cashAmount: payments.cashAmount,
      billAmount: payments.billAmount,
      paymentType: payments.paymentType,
      billNumber: payments.billNumber,
      orderId: payments.orderId,
      orderNo: orders.orderNo,
      monthlyBillId: payments.monthlyBillId,
      remark: payments.remark,
    })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(where)
    .orderBy(desc(payments.postingDate), desc(payments.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export async function customerBills(db: Executor, ctx: Ctx, id: number) {
  await loadCustomer(db, ctx, id);
  return db.select().from(monthlyBills).where(eq(monthlyBills.customerId, id)).orderBy(desc(monthlyBills.period)).limit(60);
}

/**
 * Cylinders held and owed per size, from the cylinder operations of the customer's orders:
 * deposited − returned (held on deposit) and borrowed − repaid (on loan).
 */
export async function customerCylinders(db: Executor, ctx: Ctx, id: number) {
  await loadCustomer(db, ctx, id);
  const n = (kind: string) => sql<number>`coalesce(sum(case when ${cylinderOperations.kind} = ${kind} then ${cylinderOperations.quantity} else 0 end), 0)::int`;
  const rows = await db
    .select({ gas: cylinderOperations.gas, deposit: n('deposit'), return: n('return'), borrow: n('borrow'), repay: n('repay') })
    .from(cylinderOperations)
    .leftJoin(orders, eq(orders.id, cylinderOperations.orderId))
    .where(and(eq(cylinderOperations.customerId, id), sql`(${orders.status} is null or ${orders.status} <> 'cancelled')`))
    .groupBy(cylinderOperations.gas)
    .orderBy(cylinderOperations.gas);
  return rows.map((r) => ({ ...r, depositBalance: r.deposit - r.return, borrowBalance: r.borrow - r.repay }));
}
