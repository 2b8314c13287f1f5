import { and, desc, eq, sql } from 'drizzle-orm';
import type { CustomerBillRow, CustomerCylinderRow, CustomerOrderRow, CustomerPaymentRow, GasCreditPage } from '@gasops/shared';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { getParamNumber } from '../../platform/params.js';
import { users } from '../../platform/platform.schema.js';
import { countAll, countedPage, type PageRequest } from '../../platform/paging.js';
import { customerGasCredits, cylinderOperations, monthlyBills, orderHeadline, orders, payments } from '../orders/orders.schema.js';
import { loadCustomer } from './save-customer.js';

// The tabs of the CustomerDetail screen: a customer's orders, payments, bills, cylinders and gas credit.

/** Order history (paged, newest first). */
export async function customerOrders(db: Executor, ctx: Ctx, id: number, q: PageRequest) {
  await loadCustomer(db, ctx, id);
  const where = eq(orders.customerId, id);
  const rows = db
    .select({
      ...orderHeadline,
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
    .$dynamic();
  const counted = db.select({ total: countAll }).from(orders).where(where);
  return countedPage(q, rows, counted, (r): CustomerOrderRow => isoRow(r));
}

/** The latest RECENT_ORDER_COUNT orders of a customer (seed §9: 5). */
export async function recentOrders(db: Executor, ctx: Ctx, id: number): Promise<CustomerOrderRow[]> {
  const customer = await loadCustomer(db, ctx, id);
  const n = await getParamNumber(db, customer.groupId, 'RECENT_ORDER_COUNT');
  return customerOrders(db, ctx, id, { page: 1, pageSize: Math.max(1, Math.floor(n)) }).then((r) => r.items);
}

export async function customerPayments(db: Executor, ctx: Ctx, id: number, q: PageRequest) {
  await loadCustomer(db, ctx, id);
  const where = eq(payments.customerId, id);
  const rows = db
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
    .$dynamic();
  const counted = db.select({ total: countAll }).from(payments).where(where);
  return countedPage(q, rows, counted, (r): CustomerPaymentRow => r);
}

/** The customer's monthly bills, the latest 60 periods. */
export async function customerBills(db: Executor, ctx: Ctx, id: number): Promise<CustomerBillRow[]> {
  await loadCustomer(db, ctx, id);
  const rows = await db.select().from(monthlyBills).where(eq(monthlyBills.customerId, id)).orderBy(desc(monthlyBills.period)).limit(60);
  return rows.map(isoRow);
}

/**
 * Cylinders held and owed per size, from the cylinder operations of the customer's orders:
 * deposited − returned (held on deposit) and borrowed − repaid (on loan).
 */
export async function customerCylinders(db: Executor, ctx: Ctx, id: number): Promise<CustomerCylinderRow[]> {
  await loadCustomer(db, ctx, id);
  const n = (kind: string) =>
    sql<number>`coalesce(sum(case when ${cylinderOperations.kind} = ${kind} then ${cylinderOperations.quantity} else 0 end), 0)::int`;
  const rows = await db
    .select({ gas: cylinderOperations.gas, deposit: n('deposit'), return: n('return'), borrow: n('borrow'), repay: n('repay') })
    .from(cylinderOperations)
    .leftJoin(orders, eq(orders.id, cylinderOperations.orderId))
    .where(and(eq(cylinderOperations.customerId, id), sql`(${orders.status} is null or ${orders.status} <> 'cancelled')`))
    .groupBy(cylinderOperations.gas)
    .orderBy(cylinderOperations.gas);
  return rows.map((r) => ({ ...r, depositBalance: r.deposit - r.return, borrowBalance: r.borrow - r.repay }));
}

/**
 * The customer's gas credit (seed §4 "store gas"): the balance and the ledger, newest first, each
 * movement with its order and the balance after it.
 */
export async function customerGasCredit(db: Executor, ctx: Ctx, id: number, q: PageRequest): Promise<GasCreditPage> {
  await loadCustomer(db, ctx, id);
  const where = eq(customerGasCredits.customerId, id);
  const rows = db
    .select({
      id: customerGasCredits.id,
      kind: customerGasCredits.kind,
      grams: customerGasCredits.grams,
      balanceG: sql<number>`(sum(${customerGasCredits.grams}) over (order by ${customerGasCredits.id}))::int`,
      entryDate: customerGasCredits.entryDate,
      orderId: customerGasCredits.orderId,
      orderNo: orders.orderNo,
      pricePerKg: customerGasCredits.pricePerKg,
      createdAt: customerGasCredits.createdAt,
    })
    .from(customerGasCredits)
    .innerJoin(orders, eq(orders.id, customerGasCredits.orderId))
    .where(where)
    .orderBy(desc(customerGasCredits.id))
    .$dynamic();
  const totals = db
    .select({ total: countAll, balanceG: sql<number>`coalesce(sum(${customerGasCredits.grams}), 0)::int` })
    .from(customerGasCredits)
    .where(where);
  const page = await countedPage(q, rows, totals, (r) => ({ ...isoRow(r), balanceG: Number(r.balanceG) }));
  return { ...page, balanceG: Number(page.balanceG) };
}
