import { and, desc, eq, inArray } from 'drizzle-orm';
import { gasPriceFor } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { getParamNumber } from '../../platform/params.js';
import { storeOf } from '../customers/store-of.js';
import { customerForOrder } from './order-core.js';
import { orders } from './orders.schema.js';

/**
 * What the order form needs to preview amounts with the shared pricing functions: the price per
 * kg for this customer, the minimum refunded residual weight, and the previous delivered order.
 */
export async function quoteOrder(db: Executor, ctx: Ctx, q: { storeId: number; customerId?: number }) {
  const store = await storeOf(db, ctx, q.storeId);
  const customer = await customerForOrder(db, store.id, q.customerId ?? null);
  const minRefundGrams = await getParamNumber(db, store.groupId, 'RESIDUAL_REFUND_MIN_GRAMS');
  let previous = null;
  if (customer) {
    const [prev] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), inArray(orders.status, ['completed', 'payment_posted'])))
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(1);
    if (prev)
      previous = {
        id: prev.id,
        orderNo: prev.orderNo,
        orderDate: prev.orderDate,
        deliveredG: prev.gasWeightG + prev.propaneWeightG,
        usageG: prev.currentUsageG,
        refundAmount: prev.gasRefundAmount + prev.propaneRefundAmount,
      };
  }
  return {
    pricePerKg: gasPriceFor(customer, store),
    minRefundGrams,
    customer: customer ? { id: customer.id, name: customer.name, type: customer.type, address: customer.address, phone: customer.phone, gasPrice: customer.gasPrice } : null,
    previous,
  };
}
