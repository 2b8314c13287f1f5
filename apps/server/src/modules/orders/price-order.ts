import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  gasPriceFor,
  orderAmountProblems,
  priceOrder,
  SALE_STATUSES,
  usageSince,
  type CylinderOpKind,
  type GasStatus,
  type PricingInput,
  type PricingResult,
} from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { AppError, invalidField } from '../../platform/errors.js';
import { getParamNumber } from '../../platform/params.js';
import type { StoreRow } from '../../platform/tenancy.js';
import { storeProducts } from '../catalogue/catalogue.schema.js';
import { inForceOn } from '../catalogue/index.js';
import { gasCreditBalance } from './gas-credit.js';
import type { OrderLines } from './order-lines.js';
import type { CustomerRow, OrderRow } from './order-rules.js';
import { orders } from './orders.schema.js';

/** What an order is made of, before pricing (staff form, public page, IoT suggestion). */
export type OrderDraft = {
  orderDate: string;
  deliveryAddress: string | null;
  scaleDeviceId: string | null;
  gasWeightG: number;
  residualGasG: number;
  propaneWeightG: number;
  propaneResidualG: number;
  /** What happens to the residual gas on delivery (default: refunded). */
  gasStatus?: GasStatus;
  products: { productId: number; quantity: number }[];
  services: { content: string; amount: number }[];
  cylinders: { kind: CylinderOpKind; opDate: string; gas: string; quantity: number; unitPrice: number }[];
  remark: string | null;
  preferredTime: string | null;
};

/**
 * The customer's latest sold order (before `beforeOrderId` when given): its usage and refund are
 * carried into the next order.
 */
export async function previousSoldOrder(db: Executor, customerId: number, beforeOrderId: number | null): Promise<OrderRow | undefined> {
  const [prev] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, [...SALE_STATUSES]),
        beforeOrderId == null ? undefined : lt(orders.id, beforeOrderId),
      ),
    )
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(1);
  return prev;
}

/** The previous sold order's usage and refund, carried into an order that leaves `currentRemainingG` in the cylinder. */
function carryFrom(prev: OrderRow | undefined, currentRemainingG: number) {
  if (!prev) return { previousOrderId: null, previousUsageG: null, previousRefundAmount: 0, currentUsageG: null };
  return {
    previousOrderId: prev.id,
    previousUsageG: prev.currentUsageG,
    previousRefundAmount: prev.gasRefundAmount + prev.propaneRefundAmount,
    currentUsageG: usageSince(prev.gasWeightG + prev.propaneWeightG, currentRemainingG),
  };
}

/** 400 with a message per field when the priced amounts break a rule (a negative total, a limit). */
function assertAmounts(input: PricingInput, priced: PricingResult) {
  const problems = orderAmountProblems(input, priced);
  const first = Object.values(problems)[0];
  if (first) throw new AppError(400, first, undefined, problems);
}

/**
 * Prices an order: reads what pricing needs once (product prices in force on the order date, the
 * refund minimum, the customer's previous sold order and gas credit), then computes every amount and
 * line. Gas and propane are charged at the customer's price, residual gas refunded (or, store gas,
 * kept as credit) from the minimum weight up, the customer's credit taken off the gas (an estimate
 * until delivery, which settles it). `orderId`: the order being edited (its previous order is one
 * before it), null for a new one.
 */
export async function priceDraft(tx: Executor, store: StoreRow, customer: CustomerRow | null, draft: OrderDraft, orderId: number | null) {
  const productIds = [...new Set(draft.products.map((p) => p.productId))];
  const productRows = productIds.length
    ? await tx
        .select()
        .from(storeProducts)
        .where(and(inArray(storeProducts.id, productIds), eq(storeProducts.storeId, store.id), inForceOn(draft.orderDate)))
    : [];
  const byId = new Map(productRows.map((p) => [p.id, p]));
  const products = draft.products.map((p, i) => {
    const product = byId.get(p.productId);
    if (!product) throw invalidField(`products.${i}.productId`, 'orders.validation.productNotInForce');
    return { product, quantity: p.quantity };
  });
  const minRefundGrams = await getParamNumber(tx, store.groupId, 'RESIDUAL_REFUND_MIN_GRAMS');
  const previous = customer ? await previousSoldOrder(tx, customer.id, orderId) : undefined;
  const creditBalanceG = customer ? await gasCreditBalance(tx, customer.id) : 0;

  const pricePerKg = gasPriceFor(customer, store);
  const gasStatus = draft.gasStatus ?? 'return';
  const input: PricingInput = {
    pricePerKg,
    minRefundGrams,
    gasWeightG: draft.gasWeightG,
    residualGasG: draft.residualGasG,
    propaneWeightG: draft.propaneWeightG,
    propaneResidualG: draft.propaneResidualG,
    gasStatus,
    creditBalanceG,
    products: products.map((p) => ({ unitPrice: p.product.salePrice, quantity: p.quantity })),
    services: draft.services,
    cylinders: draft.cylinders,
  };
  const priced = priceOrder(input);
  assertAmounts(input, priced);
  const currentRemainingG = draft.residualGasG + draft.propaneResidualG;
  const values = {
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
    gasStatus,
    storedGasG: priced.storedGasG,
    creditUsedG: priced.creditUsedG,
    creditAmount: priced.creditAmount,
    productsAmount: priced.productsAmount,
    servicesAmount: priced.servicesAmount,
    cylindersAmount: priced.cylindersAmount,
    totalAmount: priced.totalAmount,
    currentRemainingG: draft.residualGasG || draft.propaneResidualG ? currentRemainingG : null,
    remark: draft.remark,
    preferredTime: draft.preferredTime,
    ...carryFrom(previous, currentRemainingG),
  };
  const lines: OrderLines = {
    products: products.map((p, i) => ({
      productId: p.product.id,
      productName: p.product.name,
      unitPrice: p.product.salePrice,
      quantity: p.quantity,
      amount: priced.productLineAmounts[i]!,
    })),
    services: draft.services.map((s) => ({ content: s.content, amount: s.amount })),
    cylinders: draft.cylinders.map((c, i) => ({
      kind: c.kind,
      opDate: c.opDate,
      gas: c.gas,
      quantity: c.quantity,
      unitPrice: c.unitPrice,
      amount: priced.cylinderLineAmounts[i]!,
    })),
  };
  return { values, lines, previous };
}

type GasLine = { gasWeightG: number; residualGasG: number; propaneWeightG: number; propaneResidualG: number; gasStatus: GasStatus };

/**
 * Re-prices the gas part of an order when it is sold (delivered with weights as weighed, or a counter
 * sale as ordered), keeping its product, service and cylinder lines as they were charged. The
 * customer's credit is `creditBalanceG`, read by the caller under the customer lock.
 */
export async function repriceSale(
  tx: Executor,
  order: OrderRow,
  store: StoreRow,
  customer: CustomerRow | null,
  w: GasLine,
  creditBalanceG: number,
) {
  const pricePerKg = gasPriceFor(customer, store);
  const minRefundGrams = await getParamNumber(tx, store.groupId, 'RESIDUAL_REFUND_MIN_GRAMS');
  const previous = customer ? await previousSoldOrder(tx, customer.id, order.id) : undefined;
  const input: PricingInput = { pricePerKg, minRefundGrams, ...w, creditBalanceG, products: [], services: [], cylinders: [] };
  const priced = priceOrder(input);
  const totalAmount = priced.totalAmount + order.productsAmount + order.servicesAmount + order.cylindersAmount;
  assertAmounts(input, { ...priced, totalAmount });
  const currentRemainingG = w.residualGasG + w.propaneResidualG;
  return {
    ...w,
    gasUnitPrice: pricePerKg,
    propaneUnitPrice: pricePerKg,
    gasAmount: priced.gasAmount,
    gasRefundAmount: priced.gasRefundAmount,
    propaneAmount: priced.propaneAmount,
    propaneRefundAmount: priced.propaneRefundAmount,
    storedGasG: priced.storedGasG,
    creditUsedG: priced.creditUsedG,
    creditAmount: priced.creditAmount,
    currentRemainingG,
    totalAmount,
    ...carryFrom(previous, currentRemainingG),
  };
}
