import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { meterBillAmount, MONTHLY_TYPES, V, type billingQuery, type generateBillsBody, type paymentBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { storeFilter, storeScope } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { dbRefusals, ilikeAny, offsetOf } from '../customers/store-of.js';
import { monthlyBills, orders, payments } from './orders.schema.js';

/** First and last day (YYYY-MM-DD) of a YYYY-MM period. */
export function periodRange(period: string): [string, string] {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${period}-01`, `${period}-${String(last).padStart(2, '0')}`];
}

/** Completed orders of a customer in the period that no bill has taken yet. */
const unbilledOrders = (customerId: unknown, from: string, to: string) =>
  and(eq(orders.customerId, customerId as number), eq(orders.status, 'completed'), isNull(orders.monthlyBillId), gte(orders.orderDate, from), lte(orders.orderDate, to));

/**
 * What the period's orders add to a bill: their whole amount for a customer billed by count; for a
 * customer billed by meter, whose gas the meter measures, only the products, services and cylinder
 * operations (their gas and propane lines are not charged twice).
 */
const linesSum = sql`coalesce(sum(${orders.productsAmount} + ${orders.servicesAmount} + ${orders.cylindersAmount}), 0)::int`;
const totalSum = sql`coalesce(sum(${orders.totalAmount}), 0)::int`;

/**
 * Monthly-settlement customers with their bill of the period (if any) and what is still unbilled:
 * filters billed/unbilled and posted/unposted, paged in SQL.
 */
export async function listBilling(db: Executor, ctx: Ctx, q: z.infer<typeof billingQuery>) {
  const [from, to] = periodRange(q.period);
  const where = and(
    storeFilter(ctx, customers.storeId, q.storeId),
    inArray(customers.type, [...MONTHLY_TYPES]),
    ilikeAny(q.keyword, customers.name, customers.phone, customers.meterNumber),
    q.billed === 'billed' ? isNotNull(monthlyBills.id) : q.billed === 'unbilled' ? isNull(monthlyBills.id) : undefined,
    q.posted === 'posted' ? eq(monthlyBills.status, 'posted') : q.posted === 'unposted' ? sql`(${monthlyBills.status} is null or ${monthlyBills.status} <> 'posted')` : undefined,
  );
  const joinBill = and(eq(monthlyBills.customerId, customers.id), eq(monthlyBills.period, q.period));
  const [{ total }] = (await db.select({ total: count() }).from(customers).leftJoin(monthlyBills, joinBill).where(where)) as [{ total: number }];
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
    })
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .leftJoin(monthlyBills, joinBill)
    .where(where)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * Generates the period's bills in one transaction. By count: the sum of the period's completed,
 * unbilled orders. By meter: (current − previous reading) × the customer's price per unit, plus the
 * products, services and cylinder operations of those orders (`linesAmount`); the current reading
 * is required (seed §5) and becomes the customer's last reading. Either way the
 * period's completed orders are attached to the bill, so posting the bill settles them.
 */
export async function generateBills(db: Db, ctx: Ctx, body: z.infer<typeof generateBillsBody>) {
  const [from, to] = periodRange(body.period);
  return dbRefusals(() => db.transaction(async (tx) => {
    const created: (typeof monthlyBills.$inferSelect)[] = [];
    for (const [i, entry] of body.customers.entries()) {
      const [c] = await tx.select().from(customers).where(and(eq(customers.id, entry.customerId), storeScope(ctx, customers.storeId))).for('update');
      if (!c) throw notFound();
      if (!MONTHLY_TYPES.includes(c.type)) throw invalidField(`customers.${i}.customerId`, 'orders.validation.notMonthly');
      const [existing] = await tx.select({ id: monthlyBills.id }).from(monthlyBills).where(and(eq(monthlyBills.customerId, c.id), eq(monthlyBills.period, body.period)));
      if (existing) throw conflict('orders.error.alreadyBilled', { name: c.name });
      const [{ n, sum, lines }] = (await tx
        .select({ n: count(), sum: sql<number>`${totalSum}`, lines: sql<number>`${linesSum}` })
        .from(orders)
        .where(unbilledOrders(c.id, from, to))) as [{ n: number; sum: number; lines: number }];

      let values: Partial<typeof monthlyBills.$inferInsert>;
      if (c.type === 'monthly_meter') {
        if (entry.currentReading == null) throw invalidField(`customers.${i}.currentReading`, V.meterReading);
        const previous = c.meterReading ?? 0;
        if (entry.currentReading < previous) throw invalidField(`customers.${i}.currentReading`, 'orders.validation.readingBelowPrevious');
        const unitPrice = c.meterUnitPrice ?? 0;
        values = {
          mode: 'meter',
          previousReading: previous,
          currentReading: entry.currentReading,
          meterUnitPrice: unitPrice,
          linesAmount: lines,
          amount: meterBillAmount(previous, entry.currentReading, unitPrice) + lines,
        };
        await tx.update(customers).set({ meterReading: entry.currentReading, meterReadDate: body.billingDate, updatedAt: new Date() }).where(eq(customers.id, c.id));
      } else {
        values = { mode: 'count', amount: sum };
      }
      const [bill] = await tx
        .insert(monthlyBills)
        .values({ groupId: c.groupId, storeId: c.storeId, customerId: c.id, period: body.period, billingDate: body.billingDate, orderCount: n, createdBy: ctx.user.id, mode: 'count', amount: 0, ...values })
        .returning();
      await tx.update(orders).set({ monthlyBillId: bill!.id, updatedAt: new Date() }).where(unbilledOrders(c.id, from, to));
      await recordAction(tx, ctx, { entity: 'monthly_bills', entityId: bill!.id, action: 'bill', groupId: c.groupId, after: bill });
      created.push(bill!);
    }
    return { created: created.length, bills: created };
  }));
}

async function loadBill(tx: Executor, ctx: Ctx, id: number) {
  const [bill] = await tx.select().from(monthlyBills).where(and(eq(monthlyBills.id, id), storeScope(ctx, monthlyBills.storeId))).for('update');
  if (!bill) throw notFound();
  return bill;
}

/** Posts the payment of a bill: payment record, bill posted, its orders payment_posted — one transaction. */
export async function postBill(db: Db, ctx: Ctx, id: number, body: z.infer<typeof paymentBody>) {
  return db.transaction(async (tx) => {
    const bill = await loadBill(tx, ctx, id);
    if (bill.status === 'posted') throw conflict('orders.error.alreadyPosted');
    if (body.cashAmount + body.billAmount !== Math.max(0, bill.amount)) throw invalidField(body.paymentType === 'bill' ? 'billAmount' : 'cashAmount', 'orders.validation.paymentTotal');
    const [payment] = await tx
      .insert(payments)
      .values({
        groupId: bill.groupId,
        storeId: bill.storeId,
        customerId: bill.customerId,
        monthlyBillId: bill.id,
        postingDate: body.postingDate,
        paymentType: body.paymentType,
        cashAmount: body.cashAmount,
        billAmount: body.billAmount,
        billNumber: body.billNumber,
        invoiceNumber: body.invoiceNumber,
        remark: body.remark,
        createdBy: ctx.user.id,
      })
      .returning();
    const now = new Date();
    const [after] = await tx.update(monthlyBills).set({ status: 'posted', postedAt: now, updatedAt: now }).where(eq(monthlyBills.id, id)).returning();
    const settled = await tx
      .update(orders)
      .set({ status: 'payment_posted', paidAt: now, updatedAt: now })
      .where(and(eq(orders.monthlyBillId, id), eq(orders.status, 'completed')))
      .returning({ id: orders.id });
    await recordAction(tx, ctx, { entity: 'payments', entityId: payment!.id, action: 'create', groupId: bill.groupId, after: payment });
    await recordAction(tx, ctx, { entity: 'monthly_bills', entityId: id, action: 'post', groupId: bill.groupId, before: bill, after: { ...after, orderIds: settled.map((o) => o.id) } });
    return { bill: after, payment, settledOrders: settled.length };
  });
}

/** Withdraws an unposted bill: its orders are unbilled again and a meter reading is restored. */
export async function deleteBill(db: Db, ctx: Ctx, id: number) {
  return dbRefusals(() => db.transaction(async (tx) => {
    const bill = await loadBill(tx, ctx, id);
    if (bill.status === 'posted') throw conflict('orders.error.alreadyPosted');
    await tx.update(orders).set({ monthlyBillId: null, updatedAt: new Date() }).where(eq(orders.monthlyBillId, id));
    if (bill.mode === 'meter') {
      await tx
        .update(customers)
        .set({ meterReading: bill.previousReading, updatedAt: new Date() })
        .where(and(eq(customers.id, bill.customerId), eq(customers.meterReading, bill.currentReading ?? -1)));
    }
    await tx.delete(monthlyBills).where(eq(monthlyBills.id, id));
    await recordAction(tx, ctx, { entity: 'monthly_bills', entityId: id, action: 'delete', groupId: bill.groupId, before: bill });
  }));
}
