import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { mayDo, OPEN_STATUSES, SALE_STATUSES, type FieldInspectionDue, type FieldOrder, type FieldToday } from '@gasops/shared';
import { iso, isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { getParamNumber } from '../../platform/params.js';
import { stores } from '../../platform/platform.schema.js';
import { storeScope } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { cylinders } from '../cylinders/cylinders.schema.js';
import { inspectionDayOf, suggestInspections } from '../cylinders/index.js';
import { cylinderOperations, customerGasCredits, orderProductLines, orders, orderServiceLines } from '../orders/orders.schema.js';
import { cylinderHandlingSites } from '../system/system.schema.js';
import { codesAtCustomers, cylindersWhere, toFieldCylinder } from './field-cylinders.js';
import { inspections } from './field.schema.js';
import { groupOfUser } from './lookup-cylinders.js';

/** At most this many cylinders travel to the phone for checking scans offline. */
export const DAY_CYLINDER_LIMIT = 3000;

/**
 * The signed-in person's day: the orders dispatched to them (open ones due today or earlier, and
 * those they delivered today) in route order with what the doorstep needs; for an inspector, the
 * customers to inspect; and the cylinders the day needs, for checking scans with no network.
 */
export async function getToday(db: Executor, ctx: Ctx): Promise<FieldToday> {
  const groupId = groupOfUser(ctx);
  const day = await inspectionDayOf(db, groupId);
  const fetchedAt = new Date();
  const storeRows = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.groupId, groupId), isNull(stores.deletedAt), storeScope(ctx, stores.id)))
    .orderBy(asc(stores.id));
  const sites = await db
    .select({
      id: cylinderHandlingSites.id,
      code: cylinderHandlingSites.code,
      name: cylinderHandlingSites.name,
      type: cylinderHandlingSites.type,
    })
    .from(cylinderHandlingSites)
    .where(isNull(cylinderHandlingSites.deletedAt))
    .orderBy(asc(cylinderHandlingSites.name));

  const localDate = (col: typeof orders.deliveryAt) => sql`(${col} at time zone ${day.timeZone})::date`;
  const rows = await db
    .select({ o: orders, storeName: stores.name, c: customers })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.groupId, groupId),
        eq(orders.deliveryPersonId, ctx.user.id),
        storeScope(ctx, orders.storeId),
        or(
          and(
            inArray(orders.status, [...OPEN_STATUSES]),
            or(isNull(orders.deliveryAt), sql`${localDate(orders.deliveryAt)} <= ${day.today}::date`),
          ),
          and(inArray(orders.status, [...SALE_STATUSES]), sql`${localDate(orders.deliveredAt)} = ${day.today}::date`),
        ),
      ),
    )
    .orderBy(sql`${orders.deliveryAt} asc nulls last`, asc(orders.id))
    .limit(500);
  const orderIds = rows.map((r) => r.o.id);
  const customerIds = [...new Set(rows.map((r) => r.o.customerId).filter((id): id is number => id !== null))];
  const [products, services, ops, credits, atCustomer] = await Promise.all([
    orderIds.length
      ? db.select().from(orderProductLines).where(inArray(orderProductLines.orderId, orderIds)).orderBy(asc(orderProductLines.id))
      : [],
    orderIds.length
      ? db.select().from(orderServiceLines).where(inArray(orderServiceLines.orderId, orderIds)).orderBy(asc(orderServiceLines.id))
      : [],
    orderIds.length
      ? db.select().from(cylinderOperations).where(inArray(cylinderOperations.orderId, orderIds)).orderBy(asc(cylinderOperations.id))
      : [],
    customerIds.length
      ? db
          .select({ customerId: customerGasCredits.customerId, grams: sql<number>`coalesce(sum(${customerGasCredits.grams}), 0)::int` })
          .from(customerGasCredits)
          .where(inArray(customerGasCredits.customerId, customerIds))
          .groupBy(customerGasCredits.customerId)
      : [],
    codesAtCustomers(db, groupId, customerIds),
  ]);
  const creditOf = new Map(credits.map((c) => [c.customerId, Number(c.grams)]));
  const fieldOrders: FieldOrder[] = rows.map(({ o, storeName, c }, i) => ({
    id: o.id,
    orderNo: o.orderNo,
    storeId: o.storeId,
    storeName,
    status: o.status,
    routeIndex: i + 1,
    orderDate: o.orderDate,
    deliveryAt: iso(o.deliveryAt),
    preferredTime: o.preferredTime,
    customerId: o.customerId,
    customerName: c?.name ?? o.contactName,
    customerType: o.customerType,
    address: o.deliveryAddress ?? c?.address ?? null,
    phone: c?.phone ?? o.contactPhone,
    latitude: c?.latitude ?? null,
    longitude: c?.longitude ?? null,
    remark: o.remark,
    gasStatus: o.gasStatus,
    gasUnitPrice: o.gasUnitPrice,
    gasWeightG: o.gasWeightG,
    residualGasG: o.residualGasG,
    gasAmount: o.gasAmount,
    gasRefundAmount: o.gasRefundAmount,
    productsAmount: o.productsAmount,
    servicesAmount: o.servicesAmount,
    cylindersAmount: o.cylindersAmount,
    totalAmount: o.totalAmount,
    gasCreditG: o.customerId !== null ? (creditOf.get(o.customerId) ?? 0) : 0,
    products: products
      .filter((p) => p.orderId === o.id)
      .map((p) => ({ name: p.productName, quantity: p.quantity, unitPrice: p.unitPrice, amount: p.amount })),
    services: services.filter((s) => s.orderId === o.id).map((s) => ({ content: s.content, amount: s.amount })),
    cylinderOps: ops
      .filter((op) => op.orderId === o.id)
      .map((op) => ({ kind: op.kind, gas: op.gas, quantity: op.quantity, unitPrice: op.unitPrice, amount: op.amount })),
    cylindersAtCustomer: o.customerId !== null ? (atCustomer.get(o.customerId) ?? []) : [],
  }));

  const canExamine = mayDo(ctx.user, 'gasExamine', 'view');
  const due = canExamine ? await inspectionsDue(db, ctx, groupId, day.today) : null;

  // The cylinders the day needs: at today's customers (and the customers to inspect), then the stock of the person's stores.
  const dayCustomers = [...new Set([...customerIds, ...(due ?? []).map((d) => d.customerId)])];
  const storeIds = storeRows.map((s) => s.id);
  const atCustomers = dayCustomers.length
    ? await cylindersWhere(
        db,
        groupId,
        and(eq(cylinders.locationKind, 'customer'), inArray(cylinders.customerId, dayCustomers))!,
        DAY_CYLINDER_LIMIT + 1,
      )
    : [];
  const room = DAY_CYLINDER_LIMIT + 1 - atCustomers.length;
  const inStock =
    room > 0 && storeIds.length
      ? await cylindersWhere(
          db,
          groupId,
          and(inArray(cylinders.locationKind, ['store', 'storage']), inArray(cylinders.storeId, storeIds))!,
          room,
        )
      : [];
  const dayCylinders = [...atCustomers, ...inStock];

  return {
    today: day.today,
    timeZone: day.timeZone,
    fetchedAt: isoNN(fetchedAt),
    user: { id: ctx.user.id, name: ctx.user.name },
    maxCylinderEntries: await getParamNumber(db, groupId, 'MAX_CYLINDER_ENTRIES'),
    stores: storeRows,
    defaultStoreId: ctx.user.defaultStoreId,
    handlingSites: sites,
    orders: fieldOrders,
    inspections: due,
    cylinders: dayCylinders.slice(0, DAY_CYLINDER_LIMIT).map((c) => toFieldCylinder(c, day)),
    cylindersTruncated: dayCylinders.length > DAY_CYLINDER_LIMIT,
  };
}

/**
 * Customers an inspector should visit, most urgent first: those with cylinders due or overdue for
 * periodic inspection (the cylinders module's suggestions), and those whose last safety inspection
 * failed or set a next date that has come.
 */
async function inspectionsDue(db: Executor, ctx: Ctx, groupId: number, today: string): Promise<FieldInspectionDue[]> {
  const suggestions = await suggestInspections(db, ctx, { storeId: undefined, limit: 200 });
  const byCustomer = new Map<number, { due: number; overdue: number }>();
  for (const item of suggestions.items)
    for (const c of item.cylinders) {
      if (c.customerId === null) continue;
      const entry = byCustomer.get(c.customerId) ?? { due: 0, overdue: 0 };
      entry.due++;
      if (c.inspectionStatus === 'overdue' || c.inspectionStatus === 'end_of_life') entry.overdue++;
      byCustomer.set(c.customerId, entry);
    }
  // The latest inspection of each customer of the caller's stores.
  const latest = await db
    .selectDistinctOn([inspections.customerId], {
      customerId: inspections.customerId,
      date: inspections.inspectionDate,
      result: inspections.result,
      nextDueDate: inspections.nextDueDate,
    })
    .from(inspections)
    .where(and(eq(inspections.groupId, groupId), storeScope(ctx, inspections.storeId)))
    .orderBy(inspections.customerId, desc(inspections.inspectionDate), desc(inspections.id));
  const lastOf = new Map(latest.map((l) => [l.customerId, l]));
  const dueAgain = latest.filter((l) => (l.nextDueDate !== null && l.nextDueDate <= today) || l.result === 'fail').map((l) => l.customerId);
  const ids = [...new Set([...byCustomer.keys(), ...dueAgain])];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: customers.id,
      name: customers.name,
      storeId: customers.storeId,
      address: customers.address,
      phone: customers.phone,
      latitude: customers.latitude,
      longitude: customers.longitude,
    })
    .from(customers)
    .where(and(inArray(customers.id, ids), eq(customers.groupId, groupId), storeScope(ctx, customers.storeId)));
  return rows
    .map((c) => {
      const counts = byCustomer.get(c.id) ?? { due: 0, overdue: 0 };
      const last = lastOf.get(c.id);
      return {
        customerId: c.id,
        customerName: c.name,
        storeId: c.storeId,
        address: c.address,
        phone: c.phone,
        latitude: c.latitude,
        longitude: c.longitude,
        dueCylinders: counts.due,
        overdueCylinders: counts.overdue,
        lastInspectionDate: last?.date ?? null,
        lastResult: last?.result ?? null,
        nextDueDate: last?.nextDueDate ?? null,
      };
    })
    .sort(
      (a, b) =>
        b.overdueCylinders - a.overdueCylinders ||
        Number(b.lastResult === 'fail') - Number(a.lastResult === 'fail') ||
        b.dueCylinders - a.dueCylinders ||
        a.customerName.localeCompare(b.customerName),
    );
}
