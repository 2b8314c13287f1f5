import type { z } from 'zod';
import { V, type DispatchResult, type dispatchBody } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { isDeliveryPerson } from '../catalogue/index.js';
import { assertCan, changeOrder, loadOrder } from './order-rules.js';

/**
 * Assigns orders to a delivery person and time (or reassigns them), all in one transaction. Each
 * order needs a customer (seed §5 "must select customer"), the person must be one of the store's
 * delivery persons, and the status must allow it.
 */
export async function dispatchOrders(db: Db, ctx: Ctx, body: z.infer<typeof dispatchBody>): Promise<DispatchResult> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(body.orderIds)];
    const result: DispatchResult['orders'] = [];
    for (const [i, id] of ids.entries()) {
      const order = await loadOrder(tx, ctx, id, true);
      assertCan(ctx.locale, 'dispatch', order);
      if (order.customerId == null) throw invalidField(ids.length === 1 ? 'customerId' : `orderIds.${i}`, V.selectCustomer);
      if (!(await isDeliveryPerson(tx, order.storeId, body.deliveryPersonId)))
        throw invalidField('deliveryPersonId', V.selectDeliveryPerson);
      const after = await changeOrder(tx, ctx, order, order.status === 'placed' ? 'dispatch' : 'reassign', {
        status: 'not_delivered',
        deliveryPersonId: body.deliveryPersonId,
        deliveryAt: new Date(body.deliveryAt),
      });
      result.push({ id: after.id, orderNo: after.orderNo, status: after.status });
    }
    return { dispatched: result.length, orders: result };
  });
}
