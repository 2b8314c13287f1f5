import type { CustomerType } from './customers.js';
import type { CylinderOpKind } from './orders.js';

/**
 * Order pricing as pure functions, used by the server (the amounts it stores) and the web order
 * form (the amounts it previews). Money is integer minor units, weights integer grams, prices are
 * minor units per kilogram. Rounding: half up to the minor unit, on integers only.
 *
 * Reading of PRODUCT.md "gas amount = gas kg × the customer's gas price (else the store's)":
 * - a customer with an own gas transaction price pays that price;
 * - otherwise a store-type customer (another shop buying wholesale) pays the store gas price,
 *   every other customer type the store's customer gas price;
 * - propane is priced per kg with the same price, residual gas (and residual propane) is refunded at
 *   the price of the order, but only from RESIDUAL_REFUND_MIN_GRAMS upwards.
 */
type PriceCustomer = { type: CustomerType; gasPrice: number | null };
type PriceStore = { customerGasPrice: number; storeGasPrice: number };

/** The price per kg (minor units) an order of this customer at this store is charged. */
export function gasPriceFor(customer: PriceCustomer | null, store: PriceStore): number {
  if (customer?.gasPrice != null) return customer.gasPrice;
  if (customer?.type === 'store') return store.storeGasPrice;
  return store.customerGasPrice;
}

/** weight (g) × price (minor units per kg), rounded half up to the minor unit. */
export function amountForWeight(grams: number, pricePerKg: number): number {
  if (!Number.isInteger(grams) || !Number.isInteger(pricePerKg)) throw new RangeError('grams and price must be integers');
  const product = grams * pricePerKg;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 500) / 1000);
}

/** Residual gas refund: nothing under the minimum weight, else residual × price. */
export function residualRefund(residualGrams: number, pricePerKg: number, minGrams: number): number {
  if (residualGrams <= 0 || residualGrams < minGrams) return 0;
  return amountForWeight(residualGrams, pricePerKg);
}

/**
 * The money direction of a cylinder operation on the order total: a deposit or a borrowing fee is
 * charged to the customer, a returned deposit or a repaid loan is credited back.
 */
const CYLINDER_OP_SIGN: Record<CylinderOpKind, 1 | -1> = { deposit: 1, borrow: 1, return: -1, repay: -1 };

type PricingInput = {
  pricePerKg: number;
  minRefundGrams: number;
  gasWeightG: number;
  residualGasG: number;
  propaneWeightG: number;
  propaneResidualG: number;
  products: readonly { unitPrice: number; quantity: number }[];
  services: readonly { amount: number }[];
  cylinders: readonly { kind: CylinderOpKind; unitPrice: number; quantity: number }[];
};

type PricingResult = {
  gasAmount: number;
  gasRefundAmount: number;
  propaneAmount: number;
  propaneRefundAmount: number;
  productLineAmounts: number[];
  productsAmount: number;
  servicesAmount: number;
  cylinderLineAmounts: number[];
  cylindersAmount: number;
  totalAmount: number;
};

/**
 * Every amount of an order. Total = gas + propane − both residual refunds + products + services
 * + signed cylinder operations. The previous order's refund is shown for reference only: it was
 * already credited on the previous order, so it is not deducted again.
 */
export function priceOrder(input: PricingInput): PricingResult {
  const gasAmount = amountForWeight(input.gasWeightG, input.pricePerKg);
  const gasRefundAmount = residualRefund(input.residualGasG, input.pricePerKg, input.minRefundGrams);
  const propaneAmount = amountForWeight(input.propaneWeightG, input.pricePerKg);
  const propaneRefundAmount = residualRefund(input.propaneResidualG, input.pricePerKg, input.minRefundGrams);
  const productLineAmounts = input.products.map((p) => p.unitPrice * p.quantity);
  const productsAmount = productLineAmounts.reduce((a, b) => a + b, 0);
  const servicesAmount = input.services.reduce((a, s) => a + s.amount, 0);
  const cylinderLineAmounts = input.cylinders.map((c) => c.unitPrice * c.quantity);
  const cylindersAmount = input.cylinders.reduce((a, c, i) => a + CYLINDER_OP_SIGN[c.kind] * cylinderLineAmounts[i]!, 0);
  const totalAmount = gasAmount + propaneAmount - gasRefundAmount - propaneRefundAmount + productsAmount + servicesAmount + cylindersAmount;
  return {
    gasAmount,
    gasRefundAmount,
    propaneAmount,
    propaneRefundAmount,
    productLineAmounts,
    productsAmount,
    servicesAmount,
    cylinderLineAmounts,
    cylindersAmount,
    totalAmount,
  };
}

/**
 * Usage carried from the previous order: what the customer used since the previous delivery is
 * what was delivered then minus what is left now (never negative).
 */
export function usageSince(previousDeliveredG: number | null, currentRemainingG: number): number | null {
  if (previousDeliveredG == null) return null;
  return Math.max(0, previousDeliveredG - currentRemainingG);
}

/** Monthly bill by meter: (current − previous reading) in thousandths of the unit × price per unit. */
export function meterBillAmount(previousReading: number, currentReading: number, unitPrice: number): number {
  const used = currentReading - previousReading;
  if (used < 0) throw new RangeError('current reading below previous');
  return Math.floor((used * unitPrice + 500) / 1000);
}
