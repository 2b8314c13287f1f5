import { gasPriceFor, type Quote } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { getParamNumber } from '../../platform/params.js';
import { storeOf } from '../../platform/tenancy.js';
import { gasCreditBalance } from './gas-credit.js';
import { customerForOrder } from './order-rules.js';
import { previousSoldOrder } from './price-order.js';

/**
 * What the order form needs to preview amounts with the shared pricing functions: the price per
 * kg for this customer, the minimum refunded residual weight, the customer's gas credit and the
 * previous sold order.
 */
export async function quoteOrder(db: Executor, ctx: Ctx, q: { storeId: number; customerId?: number }): Promise<Quote> {
  const store = await storeOf(db, ctx, q.storeId);
  const customer = await customerForOrder(db, store.id, q.customerId ?? null);
  const minRefundGrams = await getParamNumber(db, store.groupId, 'RESIDUAL_REFUND_MIN_GRAMS');
  const prev = customer ? await previousSoldOrder(db, customer.id, null) : undefined;
  const creditBalanceG = customer ? await gasCreditBalance(db, customer.id) : 0;
  return {
    pricePerKg: gasPriceFor(customer, store),
    minRefundGrams,
    customer: customer
      ? {
          id: customer.id,
          name: customer.name,
          type: customer.type,
          address: customer.address,
          phone: customer.phone,
          gasPrice: customer.gasPrice,
        }
      : null,
    creditBalanceG,
    previous: prev
      ? {
          id: prev.id,
          orderNo: prev.orderNo,
          orderDate: prev.orderDate,
          deliveredG: prev.gasWeightG + prev.propaneWeightG,
          usageG: prev.currentUsageG,
          refundAmount: prev.gasRefundAmount + prev.propaneRefundAmount,
        }
      : null,
  };
}
