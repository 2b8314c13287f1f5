import { asc, eq, inArray } from 'drizzle-orm';
import {
  gasPriceFor,
  isSaleStatus,
  meterBillAmount,
  MONTHLY_TYPES,
  priceOrder,
  shiftDate,
  usageSince,
  type OrderStatus,
} from '@gasops/shared';
import type { DemoSeed } from '../../platform/demo.js';
import { stores } from '../../platform/platform.schema.js';
import { deliveryPersons, storeProducts } from '../catalogue/catalogue.schema.js';
import { customers } from '../customers/customers.schema.js';
import { addDays, rng } from '../../platform/demo-random.js';
import {
  customerGasCredits,
  cylinderOperations,
  monthlyBills,
  orderProductLines,
  orders,
  orderServiceLines,
  payments,
} from './orders.schema.js';

const SERVICES = [
  { content: '瓦斯爐安全檢查', amount: 30000 },
  { content: '更換瓦斯管線', amount: 50000 },
  { content: '熱水器點火修理', amount: 80000 },
];

/**
 * ~300 orders over the last four months in every status, with product, service and cylinder lines,
 * residual-gas refunds carried from order to order (a quarter of the households store their residual
 * gas instead, used on their next delivery: the gas credit ledger), payments, and monthly bills
 * (posted except the last month's) for the monthly-settlement customers.
 */
export const seedOrdersDemo: DemoSeed = async (tx, demo) => {
  const r = rng(4000);
  const storeRows = await tx.select().from(stores).where(eq(stores.groupId, demo.groupId)).orderBy(asc(stores.id));
  const storeIds = storeRows.map((s) => s.id);
  const custRows = await tx.select().from(customers).where(inArray(customers.storeId, storeIds)).orderBy(asc(customers.id));
  const prodRows = await tx.select().from(storeProducts).where(inArray(storeProducts.storeId, storeIds));
  const people = await tx.select().from(deliveryPersons).where(inArray(deliveryPersons.storeId, storeIds));
  if (custRows.length === 0) return;

  const today = demo.today;
  // one order per (customer, date): sort chronologically so usage and refund carry correctly
  const plan: { customer: (typeof custRows)[number]; dayOffset: number }[] = [];
  // Every tenth customer has lapsed: its orders are all over three months old. The first orders
  // of the plan are today's, so Home always has a day in progress.
  const lapsed = new Set(custRows.filter((_, i) => i % 10 === 7).map((c) => c.id));
  for (let i = 0; i < 300; i++) {
    const customer = r.pick(custRows);
    const offset = r.int(0, 120);
    plan.push({ customer, dayOffset: lapsed.has(customer.id) ? -(100 + (offset % 21)) : i < 8 ? 0 : -offset });
  }
  plan.sort((a, b) => a.dayOffset - b.dayOffset);

  const last = new Map<number, { id: number; deliveredG: number; usageG: number | null; refund: number }>();
  const credit = new Map<number, number>();
  let seq = 0;
  for (const { customer, dayOffset } of plan) {
    const store = storeRows.find((s) => s.id === customer.storeId)!;
    const date = shiftDate(today, { days: dayOffset });
    const monthly = MONTHLY_TYPES.includes(customer.type);
    // recent orders are still open; older ones are done (a few cancelled)
    let status: OrderStatus;
    if (dayOffset === 0) status = r.pick(['placed', 'placed', 'not_delivered', 'delivering'] as const);
    else if (dayOffset === -1) status = r.pick(['not_delivered', 'completed', 'payment_posted'] as const);
    else if (r.chance(0.05)) status = 'cancelled';
    else status = monthly ? 'completed' : r.chance(0.1) && dayOffset > -10 ? 'completed' : 'payment_posted';

    const cylinderKg = customer.type === 'store' || customer.type === 'monthly_count' ? 50 : r.pick([20, 20, 20, 16]);
    const count = customer.type === 'store' ? r.int(1, 3) : 1;
    const delivered = isSaleStatus(status);
    const gasWeightG = cylinderKg * count * 1000 + (delivered ? r.int(-150, 150) : 0);
    const residualGasG = delivered && r.chance(0.6) ? r.int(200, 3500) : 0;
    const inForce = prodRows.filter((p) => p.storeId === store.id && p.startDate <= date && (p.endDate == null || p.endDate >= date));
    const products = r.chance(0.2) && inForce.length ? [{ product: r.pick(inForce), quantity: r.int(1, 2) }] : [];
    const services = r.chance(0.06) ? [r.pick(SERVICES)] : [];
    const kind = r.pick(['deposit', 'deposit', 'borrow', 'return'] as const);
    // a returned cylinder in the demo carries no deposit refund, so no demo order goes below zero
    const cylinders = r.chance(0.08)
      ? [{ kind, opDate: date, gas: `${cylinderKg}kg`, quantity: 1, unitPrice: kind === 'deposit' ? 150000 : 0 }]
      : [];
    const pricePerKg = gasPriceFor(customer, store);
    // Store gas for every fourth household (no random draw: the rest of the demo stays as it was).
    const gasStatus = delivered && !monthly && residualGasG > 0 && customer.id % 4 === 1 ? 'store' : 'return';
    const priced = priceOrder({
      pricePerKg,
      minRefundGrams: 0,
      gasStatus,
      creditBalanceG: delivered ? (credit.get(customer.id) ?? 0) : 0,
      gasWeightG,
      residualGasG,
      propaneWeightG: 0,
      propaneResidualG: 0,
      products: products.map((p) => ({ unitPrice: p.product.salePrice, quantity: p.quantity })),
      services,
      cylinders,
    });
    const prev = delivered ? last.get(customer.id) : undefined;
    const storePeople = people.filter((p) => p.storeId === store.id);
    const assigned = status !== 'placed' && status !== 'cancelled' && storePeople.length ? r.pick(storePeople).userId : null;
    const hour = r.int(8, 18);
    const deliveryAt = assigned ? new Date(`${date}T${String(hour).padStart(2, '0')}:${r.pick(['00', '30'])}:00+08:00`) : null;
    seq++;
    const [row] = await tx
      .insert(orders)
      .values({
        groupId: demo.groupId,
        storeId: store.id,
        orderNo: `${date.replace(/-/g, '')}-D${String(seq).padStart(5, '0')}`,
        orderDate: date,
        customerId: customer.id,
        customerType: customer.type,
        source: r.chance(0.1) ? 'public' : 'staff',
        status,
        totalAmount: priced.totalAmount,
        deliveryPersonId: assigned,
        deliveryAt,
        deliveryAddress: customer.address,
        previousOrderId: prev?.id ?? null,
        previousUsageG: prev?.usageG ?? null,
        currentUsageG: prev ? usageSince(prev.deliveredG, residualGasG) : null,
        currentRemainingG: delivered ? residualGasG : null,
        previousRefundAmount: prev?.refund ?? 0,
        gasUnitPrice: pricePerKg,
        gasWeightG,
        gasAmount: priced.gasAmount,
        residualGasG,
        gasRefundAmount: priced.gasRefundAmount,
        gasStatus,
        storedGasG: priced.storedGasG,
        creditUsedG: priced.creditUsedG,
        creditAmount: priced.creditAmount,
        propaneUnitPrice: pricePerKg,
        productsAmount: priced.productsAmount,
        servicesAmount: priced.servicesAmount,
        cylindersAmount: priced.cylindersAmount,
        cancelReason: status === 'cancelled' ? r.pick(['客戶取消', '重複下單', '客戶不在家，改日再訂']) : null,
        cancelledAt: status === 'cancelled' ? addDays(demo.now, dayOffset) : null,
        deliveredAt: delivered ? (deliveryAt ?? addDays(demo.now, dayOffset)) : null,
        completedAt: delivered ? (deliveryAt ?? addDays(demo.now, dayOffset)) : null,
        paidAt: status === 'payment_posted' ? addDays(demo.now, dayOffset) : null,
        createdBy: demo.users.staff,
        createdAt: addDays(demo.now, dayOffset),
      })
      .returning({ id: orders.id });
    const orderId = row!.id;
    const base = { orderId, groupId: demo.groupId, storeId: store.id };
    if (products.length)
      await tx.insert(orderProductLines).values(
        products.map((p, i) => ({
          ...base,
          productId: p.product.id,
          productName: p.product.name,
          unitPrice: p.product.salePrice,
          quantity: p.quantity,
          amount: priced.productLineAmounts[i]!,
        })),
      );
    if (services.length) await tx.insert(orderServiceLines).values(services.map((s) => ({ ...base, ...s })));
    if (cylinders.length)
      await tx
        .insert(cylinderOperations)
        .values(cylinders.map((c, i) => ({ ...base, customerId: customer.id, ...c, amount: priced.cylinderLineAmounts[i]! })));
    if (delivered && (priced.creditUsedG > 0 || priced.storedGasG > 0)) {
      const entry = { ...base, customerId: customer.id, pricePerKg, entryDate: date, createdBy: demo.users.staff };
      await tx
        .insert(customerGasCredits)
        .values([
          ...(priced.creditUsedG > 0 ? [{ ...entry, kind: 'used' as const, grams: -priced.creditUsedG }] : []),
          ...(priced.storedGasG > 0 ? [{ ...entry, kind: 'stored' as const, grams: priced.storedGasG }] : []),
        ]);
      credit.set(customer.id, (credit.get(customer.id) ?? 0) - priced.creditUsedG + priced.storedGasG);
    }
    if (delivered)
      last.set(customer.id, {
        id: orderId,
        deliveredG: gasWeightG,
        usageG: prev ? usageSince(prev.deliveredG, residualGasG) : null,
        refund: priced.gasRefundAmount,
      });
    if (status === 'payment_posted' && !monthly) {
      const bill = r.chance(0.15);
      await tx.insert(payments).values({
        groupId: demo.groupId,
        storeId: store.id,
        customerId: customer.id,
        orderId,
        postingDate: date,
        paymentType: bill ? 'bill' : 'cash',
        cashAmount: bill ? 0 : priced.totalAmount,
        billAmount: bill ? priced.totalAmount : 0,
        billNumber: bill ? `CK${r.int(100000, 999999)}` : null,
        createdBy: demo.users.staff,
      });
    }
  }

  // Monthly bills for the last three full months: posted, except last month's (still to be paid).
  const monthlyCustomers = custRows.filter((c) => MONTHLY_TYPES.includes(c.type));
  for (let back = 3; back >= 1; back--) {
    const start = shiftDate(`${today.slice(0, 7)}-01`, { months: -back });
    const end = shiftDate(start, { months: 1, days: -1 });
    const period = start.slice(0, 7);
    const billingDate = shiftDate(end, { days: 1 }) > today ? today : shiftDate(end, { days: 1 });
    const postingDate = shiftDate(end, { days: 10 });
    const postedAt = new Date(`${postingDate}T10:00:00+08:00`);
    for (const c of monthlyCustomers) {
      const mine = (await tx.select().from(orders).where(eq(orders.customerId, c.id))).filter(
        (o) => o.status === 'completed' && o.monthlyBillId == null && o.orderDate >= start && o.orderDate <= end,
      );
      let amount = mine.reduce((a, o) => a + o.totalAmount, 0);
      let meter: { previousReading: number; currentReading: number; meterUnitPrice: number } | null = null;
      if (c.type === 'monthly_meter') {
        const [fresh] = await tx.select().from(customers).where(eq(customers.id, c.id));
        const previousReading = fresh!.meterReading ?? 0;
        const currentReading = previousReading + r.int(20, 60) * 1000 + r.int(0, 999);
        meter = { previousReading, currentReading, meterUnitPrice: c.meterUnitPrice ?? 0 };
        amount = meterBillAmount(previousReading, currentReading, c.meterUnitPrice ?? 0);
        await tx.update(customers).set({ meterReading: currentReading, meterReadDate: billingDate }).where(eq(customers.id, c.id));
      }
      const posted = back > 1;
      const [bill] = await tx
        .insert(monthlyBills)
        .values({
          groupId: demo.groupId,
          storeId: c.storeId,
          customerId: c.id,
          period,
          billingDate,
          mode: c.type === 'monthly_meter' ? 'meter' : 'count',
          orderCount: mine.length,
          ...(meter ?? {}),
          amount,
          status: posted ? 'posted' : 'billed',
          postedAt: posted ? postedAt : null,
          createdBy: demo.users.manager,
        })
        .returning();
      if (mine.length) {
        await tx
          .update(orders)
          .set({ monthlyBillId: bill!.id, ...(posted ? { status: 'payment_posted' as const, paidAt: postedAt } : {}) })
          .where(
            inArray(
              orders.id,
              mine.map((o) => o.id),
            ),
          );
      }
      if (posted) {
        await tx.insert(payments).values({
          groupId: demo.groupId,
          storeId: c.storeId,
          customerId: c.id,
          monthlyBillId: bill!.id,
          postingDate,
          paymentType: 'bill',
          cashAmount: 0,
          billAmount: amount,
          billNumber: `CK${r.int(100000, 999999)}`,
          createdBy: demo.users.manager,
        });
      }
    }
  }
};
