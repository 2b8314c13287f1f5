import type { CustomerType } from './customers-vocabulary.js';
import { ORDER_LIMITS, ORDER_RULE, type CylinderOpKind, type GasStatus } from './orders-vocabulary.js';

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
 *
 * Gas status (seed §4): with `return` gas the residual is refunded as above; with `store` gas the
 * same residual (from the same minimum up) is not refunded but kept as the customer's gas credit
 * in grams. A customer's credit is used on their next order: it reduces the gas charged, gas first
 * then propane, at that order's price, never below nothing.
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

/** The residual gas that counts (refunded or stored): nothing under the minimum weight. */
export function countedResidual(residualGrams: number, minGrams: number): number {
  return residualGrams <= 0 || residualGrams < minGrams ? 0 : residualGrams;
}

/** Residual gas refund: nothing under the minimum weight, else residual × price. */
export function residualRefund(residualGrams: number, pricePerKg: number, minGrams: number): number {
  return amountForWeight(countedResidual(residualGrams, minGrams), pricePerKg);
}

/**
 * The part of a customer's gas credit an order uses: gas first, then propane, never more than
 * delivered. Answers the grams used per gas.
 */
export function creditUse(creditBalanceG: number, gasWeightG: number, propaneWeightG: number): { gasG: number; propaneG: number } {
  const balance = Math.max(0, creditBalanceG);
  const gasG = Math.min(balance, Math.max(0, gasWeightG));
  const propaneG = Math.min(balance - gasG, Math.max(0, propaneWeightG));
  return { gasG, propaneG };
}

/**
 * The money direction of a cylinder operation on the order total: a deposit or a borrowing fee is
 * charged to the customer, a returned deposit or a repaid loan is credited back.
 */
const CYLINDER_OP_SIGN: Record<CylinderOpKind, 1 | -1> = { deposit: 1, borrow: 1, return: -1, repay: -1 };

export type PricingInput = {
  pricePerKg: number;
  minRefundGrams: number;
  gasWeightG: number;
  residualGasG: number;
  propaneWeightG: number;
  propaneResidualG: number;
  /** What happens to the residual gas: refunded (`return`, the default) or kept as gas credit (`store`). */
  gasStatus?: GasStatus;
  /** The customer's gas credit (grams) this order may use; 0 by default. */
  creditBalanceG?: number;
  products: readonly { unitPrice: number; quantity: number }[];
  services: readonly { amount: number }[];
  cylinders: readonly { kind: CylinderOpKind; unitPrice: number; quantity: number }[];
};

export type PricingResult = {
  gasAmount: number;
  gasRefundAmount: number;
  propaneAmount: number;
  propaneRefundAmount: number;
  /** Store gas: the residual gas (grams) kept as the customer's credit; 0 with return gas. */
  storedGasG: number;
  /** The customer's gas credit (grams) this order uses. */
  creditUsedG: number;
  /** What that credit takes off the gas charged (minor units). */
  creditAmount: number;
  productLineAmounts: number[];
  productsAmount: number;
  servicesAmount: number;
  cylinderLineAmounts: number[];
  cylindersAmount: number;
  totalAmount: number;
};

/**
 * Every amount of an order. Total = gas + propane − both residual refunds (return gas) − the gas
 * credit used + products + services + signed cylinder operations. The previous order's refund is
 * shown for reference only: it was already credited on the previous order, so it is not deducted again.
 */
export function priceOrder(input: PricingInput): PricingResult {
  const refunding = (input.gasStatus ?? 'return') === 'return';
  const gasAmount = amountForWeight(input.gasWeightG, input.pricePerKg);
  const propaneAmount = amountForWeight(input.propaneWeightG, input.pricePerKg);
  const gasRefundAmount = refunding ? residualRefund(input.residualGasG, input.pricePerKg, input.minRefundGrams) : 0;
  const propaneRefundAmount = refunding ? residualRefund(input.propaneResidualG, input.pricePerKg, input.minRefundGrams) : 0;
  const storedGasG = refunding
    ? 0
    : countedResidual(input.residualGasG, input.minRefundGrams) + countedResidual(input.propaneResidualG, input.minRefundGrams);
  const credit = creditUse(input.creditBalanceG ?? 0, input.gasWeightG, input.propaneWeightG);
  const creditUsedG = credit.gasG + credit.propaneG;
  const creditAmount = amountForWeight(credit.gasG, input.pricePerKg) + amountForWeight(credit.propaneG, input.pricePerKg);
  const productLineAmounts = input.products.map((p) => p.unitPrice * p.quantity);
  const productsAmount = productLineAmounts.reduce((a, b) => a + b, 0);
  const servicesAmount = input.services.reduce((a, s) => a + s.amount, 0);
  const cylinderLineAmounts = input.cylinders.map((c) => c.unitPrice * c.quantity);
  const cylindersAmount = input.cylinders.reduce((a, c, i) => a + CYLINDER_OP_SIGN[c.kind] * cylinderLineAmounts[i]!, 0);
  const totalAmount =
    gasAmount + propaneAmount - gasRefundAmount - propaneRefundAmount - creditAmount + productsAmount + servicesAmount + cylindersAmount;
  return {
    gasAmount,
    gasRefundAmount,
    propaneAmount,
    propaneRefundAmount,
    storedGasG,
    creditUsedG,
    creditAmount,
    productLineAmounts,
    productsAmount,
    servicesAmount,
    cylinderLineAmounts,
    cylindersAmount,
    totalAmount,
  };
}

/**
 * What is wrong with a priced order's amounts, as field → message key (empty when nothing is):
 * a total below zero (blamed on the residual gas refunded, else on the largest credited cylinder
 * line), or a line or sum beyond ORDER_LIMITS (stored amounts stay far inside an integer).
 */
export function orderAmountProblems(input: PricingInput, priced: PricingResult): Record<string, string> {
  const out: Record<string, string> = {};
  priced.productLineAmounts.forEach((a, i) => {
    if (a > ORDER_LIMITS.lineAmount) out[`products.${i}.quantity`] = ORDER_RULE.amountTooLarge;
  });
  priced.cylinderLineAmounts.forEach((a, i) => {
    if (a > ORDER_LIMITS.lineAmount) out[`cylinders.${i}.quantity`] = ORDER_RULE.amountTooLarge;
  });
  const sums = [priced.gasAmount, priced.propaneAmount, priced.productsAmount, priced.servicesAmount, Math.abs(priced.cylindersAmount)];
  if (Object.keys(out).length === 0 && (sums.some((a) => a > ORDER_LIMITS.totalAmount) || priced.totalAmount > ORDER_LIMITS.totalAmount)) {
    out[priced.gasAmount + priced.propaneAmount > ORDER_LIMITS.totalAmount ? 'gasWeightG' : 'totalAmount'] = ORDER_RULE.amountTooLarge;
  }
  if (priced.totalAmount < 0) {
    let field = 'totalAmount';
    if (priced.gasRefundAmount > 0) field = 'residualGasG';
    else if (priced.propaneRefundAmount > 0) field = 'propaneResidualG';
    else {
      let largest = 0;
      input.cylinders.forEach((c, i) => {
        const credited = CYLINDER_OP_SIGN[c.kind] < 0 ? priced.cylinderLineAmounts[i]! : 0;
        if (credited > largest) {
          largest = credited;
          field = `cylinders.${i}.unitPrice`;
        }
      });
    }
    out[field] = ORDER_RULE.negativeTotal;
  }
  return out;
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
