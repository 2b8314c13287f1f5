import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { gasPriceFor, priceOrder, translate, usageSince, V, type OrderAction, canOrder, type Locale } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { getParamNumber } from '../../platform/params.js';
import type { stores } from '../../platform/platform.schema.js';
import { storeScope } from '../../platform/tenancy.js';
import { storeProducts } from '../catalogue/catalogue.schema.js';
import { inForceOn } from '../catalogue/store-products.js';
import { customers } from '../customers/customers.schema.js';
import { cylinderOperations, orderProductLines, orders, orderServiceLines, type CylinderOpKind } from './orders.schema.js';

export type OrderRow = typeof orders.$inferSelect;
type StoreRow = typeof stores.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** What an order is made of, before pricing (staff form, public page, delivery report). */
export type OrderDraft = {
  orderDate: string;
  deliveryAddress: string | null;
  scaleDeviceId: string | null;
  gasWeightG: number;
  residualGasG: number;
  propaneWeightG: number;
  propaneResidualG: number;
  products: { productId: number; quantity: number }[];
  services: { content: string; amount: number }[];
  cylinders: { kind: CylinderOpKind; opDate: string; gas: string; quantity: number; unitPrice: number }[];
  remark: string | null;
  preferredTime: string | null;
};

export async function loadOrder(db: Executor, ctx: Ctx, id: number, lock = false): Promise<OrderRow> {
  const q = db.select().from(orders).where(and(eq(orders.id, id), storeScope(ctx, orders.storeId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** 409 with a translated message when the order's status does not allow the action. */
export function assertCan(locale: Locale, action: OrderAction, order: { status: OrderRow['status'] }) {
  if (!canOrder(action, order.status)) {
    throw conflict('orders.error.transition', {
      status: translate(locale, `orders.status.${order.status}`),
      action: translate(locale, `orders.action.${action}`),
    });
  }
}

/** The customer of an order: must exist in the same store (400 on customerId otherwise). */
export async function customerForOrder(db: Executor, storeId: number, customerId: number | null): Promise<CustomerRow | null> {
  if (customerId == null) return null;
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!c || c.storeId !== storeId) throw invalidField('customerId', V.selectCustomer);
  return c;
}

/**
 * Prices an order and writes its lines (replacing any previous ones): product prices in force on
 * the order date, gas and propane at the customer's price, residual refunds from the minimum
 * weight up, usage and refund carried from the customer's previous delivered order.
 */
export async function priceAndWriteLines(
  tx: Executor,
  store: StoreRow,
  customer: CustomerRow | null,
  draft: OrderDraft,
  orderId: number | null,
): Promise<{ values: Partial<OrderRow>; lineIds: { productLines: number[] } }> {
  const productIds = [...new Set(draft.products.map((p) => p.productId))];
  const productRows = productIds.length
    ? await tx
        .select()
        .from(storeProducts)
        .where(and(inArray(storeProducts.id, productIds), eq(storeProducts.storeId, store.id), inForceOn(draft.orderDate)))
    : [];
  const byId = new Map(productRows.map((p) => [p.id, p]));
  draft.products.forEach((p, i) => {
    if (!byId.has(p.productId)) throw invalidField(`products.${i}.productId`, 'orders.validation.productNotInForce');
  });

  const pricePerKg = gasPriceFor(customer, store);
  const minRefundGrams = await getParamNumber(tx, store.groupId, 'RESIDUAL_REFUND_MIN_GRAMS');
  const priced = priceOrder({
    pricePerKg,
    minRefundGrams,
    gasWeightG: draft.gasWeightG,
    residualGasG: draft.residualGasG,
    propaneWeightG: draft.propaneWeightG,
    propaneResidualG: draft.propaneResidualG,
    products: draft.products.map((p) => ({ unitPrice: byId.get(p.productId)!.salePrice, quantity: p.quantity })),
    services: draft.services,
    cylinders: draft.cylinders,
  });

  const currentRemainingG = draft.residualGasG + draft.propaneResidualG;
  const carry = await carryFrom(tx, customer, orderId, currentRemainingG);

  const values: Partial<OrderRow> = {
    orderDate: draft.orderDate,
    customerId: customer?.id ?? null,
    customerType: customer?.type ?? null,
    deliveryAddress: draft.deliveryAddress ?? customer?.address ?? null,
    scaleDeviceId: draft.scaleDeviceId,
    gasUnitPrice: pricePerKg,
    gasWeightG: draft.gasWeightG,
    gasAmount: priced.gasAmount,
    residualGasG: draft.residualGasG,
    gasRefundAmount: priced.gasRefundAmount,
    propaneUnitPrice: pricePerKg,
    propaneWeightG: draft.propaneWeightG,
    propaneAmount: priced.propaneAmount,
    propaneResidualG: draft.propaneResidualG,
    propaneRefundAmount: priced.propaneRefundAmount,
    productsAmount: priced.productsAmount,
    servicesAmount: priced.servicesAmount,
    cylindersAmount: priced.cylindersAmount,
    totalAmount: priced.totalAmount,
    currentRemainingG: draft.residualGasG || draft.propaneResidualG ? currentRemainingG : null,
    remark: draft.remark,
    preferredTime: draft.preferredTime,
    ...carry,
  };

  const lineIds = { productLines: [] as number[] };
  if (orderId != null) await writeLines(tx, orderId, store, customer, draft, byId, priced.productLineAmounts, priced.cylinderLineAmounts, lineIds);
  return { values, lineIds };
}

async function writeLines(
  tx: Executor,
  orderId: number,
  store: StoreRow,
  customer: CustomerRow | null,
  draft: OrderDraft,
  products: Map<number, typeof storeProducts.$inferSelect>,
  productAmounts: number[],
  cylinderAmounts: number[],
  out: { productLines: number[] },
) {
  await tx.delete(orderProductLines).where(eq(orderProductLines.orderId, orderId));
  await tx.delete(orderServiceLines).where(eq(orderServiceLines.orderId, orderId));
  await tx.delete(cylinderOperations).where(eq(cylinderOperations.orderId, orderId));
  const base = { orderId, groupId: store.groupId, storeId: store.id };
  if (draft.products.length) {
    const rows = await tx
      .insert(orderProductLines)
      .values(
        draft.products.map((p, i) => {
          const prod = products.get(p.productId)!;
          return { ...base, productId: prod.id, productName: prod.name, unitPrice: prod.salePrice, quantity: p.quantity, amount: productAmounts[i]! };
        }),
      )
      .returning({ id: orderProductLines.id });
    out.productLines = rows.map((r) => r.id);
  }
  if (draft.services.length) await tx.insert(orderServiceLines).values(draft.services.map((s) => ({ ...base, content: s.content, amount: s.amount })));
  if (draft.cylinders.length) {
    await tx.insert(cylinderOperations).values(
      draft.cylinders.map((c, i) => ({ ...base, customerId: customer?.id ?? null, kind: c.kind, opDate: c.opDate, gas: c.gas, quantity: c.quantity, unitPrice: c.unitPrice, amount: cylinderAmounts[i]! })),
    );
  }
}

/**
 * Re-prices the gas part of an order on delivery (weights and residual gas as weighed), keeping
 * its product, service and cylinder lines as they were charged.
 */
export async function repriceDelivery(
  tx: Executor,
  order: OrderRow,
  store: StoreRow,
  customer: CustomerRow | null,
  w: { gasWeightG: number; residualGasG: number; propaneWeightG: number; propaneResidualG: number },
): Promise<Partial<OrderRow>> {
  const pricePerKg = gasPriceFor(customer, store);
  const minRefundGrams = await getParamNumber(tx, store.groupId, 'RESIDUAL_REFUND_MIN_GRAMS');
  const priced = priceOrder({ pricePerKg, minRefundGrams, ...w, products: [], services: [], cylinders: [] });
  const currentRemainingG = w.residualGasG + w.propaneResidualG;
  const carry = await carryFrom(tx, customer, order.id, currentRemainingG);
  return {
    ...w,
    gasUnitPrice: pricePerKg,
    propaneUnitPrice: pricePerKg,
    gasAmount: priced.gasAmount,
    gasRefundAmount: priced.gasRefundAmount,
    propaneAmount: priced.propaneAmount,
    propaneRefundAmount: priced.propaneRefundAmount,
    currentRemainingG,
    totalAmount: priced.totalAmount + order.productsAmount + order.servicesAmount + order.cylindersAmount,
    ...carry,
  };
}

/** The previous delivered order of the same customer carries its usage and refund forward. */
async function carryFrom(tx: Executor, customer: CustomerRow | null, orderId: number | null, currentRemainingG: number): Promise<Partial<OrderRow>> {
  const none: Partial<OrderRow> = { previousOrderId: null, previousUsageG: null, previousRefundAmount: 0, currentUsageG: null };
  if (!customer) return none;
  const [prev] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customer.id),
        inArray(orders.status, ['completed', 'payment_posted']),
        orderId == null ? undefined : and(ne(orders.id, orderId), lt(orders.id, orderId)),
      ),
    )
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(1);
  if (!prev) return none;
  return {
    previousOrderId: prev.id,
    previousUsageG: prev.currentUsageG,
    previousRefundAmount: prev.gasRefundAmount + prev.propaneRefundAmount,
    currentUsageG: usageSince(prev.gasWeightG + prev.propaneWeightG, currentRemainingG),
  };
}

/** The next order number: order date + the row id, reserved before the insert (unique, no gaps by design). */
export async function nextOrderIdentity(tx: Executor, orderDate: string): Promise<{ id: number; orderNo: string }> {
  const res = (await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`)) as unknown as { rows: { id: number }[] };
  const id = Number(res.rows[0]!.id);
  return { id, orderNo: `${orderDate.replace(/-/g, '')}-${String(id).padStart(6, '0')}` };
}
