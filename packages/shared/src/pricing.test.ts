import { describe, expect, it } from 'vitest';
import { canOrder, deliveredBody, LARGEST_CYLINDER_G, orderBody, ORDER_LIMITS, ORDER_STATUSES } from './orders.js';
import {
  amountForWeight,
  creditUse,
  gasPriceFor,
  meterBillAmount,
  orderAmountProblems,
  priceOrder,
  residualRefund,
  usageSince,
  type PricingInput,
} from './pricing.js';

const store = { customerGasPrice: 3600, storeGasPrice: 3400 };

describe('gasPriceFor', () => {
  it("uses the customer's own price first", () => {
    expect(gasPriceFor({ type: 'residential', gasPrice: 3450 }, store)).toBe(3450);
    expect(gasPriceFor({ type: 'store', gasPrice: 3300 }, store)).toBe(3300);
  });
  it('falls back to the store customer price, or the store gas price for store-type customers', () => {
    expect(gasPriceFor({ type: 'residential', gasPrice: null }, store)).toBe(3600);
    expect(gasPriceFor({ type: 'monthly_count', gasPrice: null }, store)).toBe(3600);
    expect(gasPriceFor({ type: 'store', gasPrice: null }, store)).toBe(3400);
    expect(gasPriceFor(null, store)).toBe(3600);
  });
  it('treats an own price of 0 as a real price', () => {
    expect(gasPriceFor({ type: 'residential', gasPrice: 0 }, store)).toBe(0);
  });
});

describe('amountForWeight', () => {
  it('multiplies grams by the price per kg, rounding half up to the minor unit', () => {
    expect(amountForWeight(20000, 3600)).toBe(72000); // 20 kg × 36.00 = 720.00
    expect(amountForWeight(1250, 3600)).toBe(4500); // 1.25 kg × 36.00 = 45.00
    expect(amountForWeight(1, 500)).toBe(1); // 0.5 → 1
    expect(amountForWeight(1, 499)).toBe(0); // 0.499 → 0
    expect(amountForWeight(333, 3)).toBe(1); // 0.999 → 1
    expect(amountForWeight(0, 3600)).toBe(0);
  });
  it('refuses non-integers', () => {
    expect(() => amountForWeight(1.5, 100)).toThrow(RangeError);
  });
});

describe('residualRefund', () => {
  it('refunds residual kg × price from the minimum weight up', () => {
    expect(residualRefund(2500, 3600, 0)).toBe(9000); // 2.5 kg × 36 = 90.00
    expect(residualRefund(2500, 3600, 2500)).toBe(9000);
    expect(residualRefund(2499, 3600, 2500)).toBe(0);
    expect(residualRefund(0, 3600, 0)).toBe(0);
  });
});

describe('priceOrder', () => {
  it('adds gas, propane, products, services and signed cylinder operations, minus both refunds', () => {
    const r = priceOrder({
      pricePerKg: 3600,
      minRefundGrams: 500,
      gasWeightG: 20000, // 720.00
      residualGasG: 1500, // −54.00
      propaneWeightG: 10000, // 360.00
      propaneResidualG: 400, // under the minimum: no refund
      products: [
        { unitPrice: 38000, quantity: 1 }, // 380.00
        { unitPrice: 18000, quantity: 2 }, // 360.00
      ],
      services: [{ amount: 30000 }], // 300.00
      cylinders: [
        { kind: 'deposit', unitPrice: 150000, quantity: 1 }, // +1500.00
        { kind: 'return', unitPrice: 150000, quantity: 1 }, // −1500.00
        { kind: 'borrow', unitPrice: 0, quantity: 2 },
      ],
    });
    expect(r).toEqual({
      gasAmount: 72000,
      gasRefundAmount: 5400,
      propaneAmount: 36000,
      propaneRefundAmount: 0,
      storedGasG: 0,
      creditUsedG: 0,
      creditAmount: 0,
      productLineAmounts: [38000, 36000],
      productsAmount: 74000,
      servicesAmount: 30000,
      cylinderLineAmounts: [150000, 150000, 0],
      cylindersAmount: 0,
      totalAmount: 72000 - 5400 + 36000 + 74000 + 30000,
    });
  });
  it('prices an order with nothing at 0', () => {
    const r = priceOrder({
      pricePerKg: 3600,
      minRefundGrams: 0,
      gasWeightG: 0,
      residualGasG: 0,
      propaneWeightG: 0,
      propaneResidualG: 0,
      products: [],
      services: [],
      cylinders: [],
    });
    expect(r.totalAmount).toBe(0);
  });
});

describe('usageSince and meterBillAmount', () => {
  it('usage is what was delivered last time minus what is left now, never negative', () => {
    expect(usageSince(20000, 1500)).toBe(18500);
    expect(usageSince(20000, 25000)).toBe(0);
    expect(usageSince(null, 1500)).toBeNull();
  });
  it('bills (current − previous) thousandths × price per unit, half up', () => {
    expect(meterBillAmount(1_000_000, 1_025_500, 9500)).toBe(242250); // 25.5 m³ × 95.00 = 2422.50
    expect(meterBillAmount(0, 1, 500)).toBe(1);
    expect(() => meterBillAmount(10, 9, 100)).toThrow(RangeError);
  });
});

describe('order status machine', () => {
  it('allows exactly the transitions of PRODUCT.md', () => {
    const allowed = (a: Parameters<typeof canOrder>[0]) => ORDER_STATUSES.filter((s) => canOrder(a, s));
    expect(allowed('dispatch')).toEqual(['placed', 'not_delivered']);
    expect(allowed('start')).toEqual(['not_delivered']);
    expect(allowed('delivered')).toEqual(['not_delivered', 'delivering']);
    expect(allowed('pay')).toEqual(['completed']);
    expect(allowed('cancel')).toEqual(['placed', 'not_delivered', 'delivering']);
    expect(allowed('delete')).toEqual(['placed', 'cancelled']);
  });
});

const gasOnly = (extra: Partial<PricingInput> = {}): PricingInput => ({
  pricePerKg: 3600,
  minRefundGrams: 500,
  gasWeightG: 20000,
  residualGasG: 0,
  propaneWeightG: 0,
  propaneResidualG: 0,
  products: [],
  services: [],
  cylinders: [],
  ...extra,
});

describe('gas status (seed §4): return gas, store gas and the gas credit', () => {
  it('return gas refunds the residual (the default); store gas refunds nothing and stores it, from the same minimum up', () => {
    expect(priceOrder(gasOnly({ residualGasG: 2500 }))).toMatchObject({ gasRefundAmount: 9000, storedGasG: 0, totalAmount: 63000 });
    expect(priceOrder(gasOnly({ residualGasG: 2500, gasStatus: 'store' }))).toMatchObject({
      gasRefundAmount: 0,
      propaneRefundAmount: 0,
      storedGasG: 2500,
      totalAmount: 72000,
    });
    const both = priceOrder(gasOnly({ residualGasG: 2500, propaneWeightG: 10000, propaneResidualG: 400, gasStatus: 'store' }));
    expect(both.storedGasG).toBe(2500); // 400 g of propane is under the minimum: neither refunded nor stored
  });

  it('uses the credit on the gas first, then propane, never more than delivered, at the order price', () => {
    expect(creditUse(3000, 2000, 5000)).toEqual({ gasG: 2000, propaneG: 1000 });
    expect(creditUse(0, 2000, 5000)).toEqual({ gasG: 0, propaneG: 0 });
    expect(creditUse(-5, 2000, 0)).toEqual({ gasG: 0, propaneG: 0 });
    expect(creditUse(9000, 2000, 5000)).toEqual({ gasG: 2000, propaneG: 5000 });
    const r = priceOrder(gasOnly({ creditBalanceG: 2500 }));
    expect(r).toMatchObject({ creditUsedG: 2500, creditAmount: 9000, totalAmount: 72000 - 9000 });
    const capped = priceOrder(gasOnly({ gasWeightG: 2000, creditBalanceG: 3000 }));
    expect(capped).toMatchObject({ creditUsedG: 2000, creditAmount: 7200, totalAmount: 0 });
  });

  it('stores this order’s residual and uses the earlier credit on the same order', () => {
    const r = priceOrder(gasOnly({ residualGasG: 1000, gasStatus: 'store', creditBalanceG: 2500 }));
    expect(r).toMatchObject({ storedGasG: 1000, creditUsedG: 2500, creditAmount: 9000, gasRefundAmount: 0, totalAmount: 63000 });
  });
});

describe('order amount rules (issue 11)', () => {
  it('blames a negative total on the refund, else on the largest credited cylinder line', () => {
    const refund = gasOnly({
      cylinders: [
        { kind: 'return', unitPrice: 50000, quantity: 1 },
        { kind: 'repay', unitPrice: 100000, quantity: 1 },
      ],
    });
    expect(orderAmountProblems(refund, priceOrder(refund))).toEqual({ 'cylinders.1.unitPrice': 'orders.validation.negativeTotal' });
    const residual = gasOnly({ residualGasG: 2000, cylinders: [{ kind: 'return', unitPrice: 70000, quantity: 1 }] });
    expect(orderAmountProblems(residual, priceOrder(residual))).toEqual({ residualGasG: 'orders.validation.negativeTotal' });
    const ok = gasOnly({ cylinders: [{ kind: 'return', unitPrice: 72000, quantity: 1 }] });
    expect(orderAmountProblems(ok, priceOrder(ok))).toEqual({});
  });

  it('refuses lines and totals past ORDER_LIMITS', () => {
    const line = gasOnly({ products: [{ unitPrice: ORDER_LIMITS.lineAmount, quantity: 2 }] });
    expect(orderAmountProblems(line, priceOrder(line))).toEqual({ 'products.0.quantity': 'orders.validation.amountTooLarge' });
    const gas = gasOnly({ gasWeightG: ORDER_LIMITS.weightG, pricePerKg: 2_000_000 });
    expect(orderAmountProblems(gas, priceOrder(gas))).toEqual({ gasWeightG: 'orders.validation.amountTooLarge' });
  });

  it('the order and delivered bodies bound the residual by the gas delivered and a full cylinder', () => {
    const base = { storeId: 1, customerId: 1, orderDate: '2026-01-10', gasWeightG: 20000 };
    const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(orderBody.safeParse({ ...base, residualGasG: 20000 }).success).toBe(true);
    expect(issues(orderBody.safeParse({ ...base, residualGasG: 20001 }))).toEqual({
      residualGasG: 'orders.validation.residualOverDelivered',
    });
    expect(issues(orderBody.safeParse({ ...base, propaneResidualG: 1 }))).toEqual({
      propaneResidualG: 'orders.validation.residualOverDelivered',
    });
    expect(issues(orderBody.safeParse({ ...base, gasWeightG: 100000, residualGasG: LARGEST_CYLINDER_G + 1 }))).toEqual({
      residualGasG: 'orders.validation.residualOverCylinder',
    });
    expect(issues(orderBody.safeParse({ ...base, customerId: null }))).toEqual({ customerId: 'feedback.validation.selectCustomer' });
    expect(issues(deliveredBody.safeParse({ gasWeightG: 16000, residualGasG: 18000 }))).toEqual({
      residualGasG: 'orders.validation.residualOverDelivered',
    });
    const parsed = deliveredBody.parse({ gasWeightG: 16000 });
    expect(parsed.residualGasG).toBe(0);
    expect(parsed.gasStatus).toBeUndefined(); // the order's own choice stands
    expect(LARGEST_CYLINDER_G).toBe(50_000);
  });
});
