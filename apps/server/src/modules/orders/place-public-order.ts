import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { translate, type Locale, type PublicOrderAnswer, type publicOrderBody } from '@gasops/shared';
import type { Db } from '../../platform/db.js';
import { runOnce, type Once } from '../../platform/idempotency.js';
import { actionLog } from '../../platform/platform.schema.js';
import { groupToday } from '../../platform/tenancy.js';
import { phoneIs } from '../customers/index.js';
import { customers } from '../customers/customers.schema.js';
import { insertOrder } from './insert-order.js';
import { publicStore } from './list-public-stores.js';

/**
 * An order from the public page. The caller identifies by phone and store: a known phone links
 * the order to that customer (and prices it at their price), an unknown one leaves the order
 * without a customer for staff to link before dispatch. The answer is the same either way, so the
 * page reveals nothing about who is a customer. Idempotent per Idempotency-Key.
 */
export async function placePublicOrder(
  db: Db,
  locale: Locale,
  ip: string,
  body: z.infer<typeof publicOrderBody>,
  key?: string,
): Promise<Once<PublicOrderAnswer>> {
  return runOnce(db, `orders:public:${body.storeId}`, key, async (tx) => {
    const store = await publicStore(tx, body.storeId);
    const orderDate = await groupToday(tx, store.groupId);
    const [customer] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.groupId, store.groupId), eq(customers.storeId, store.id), phoneIs(body.phone)))
      .orderBy(asc(customers.id))
      .limit(1);
    const gasNote = body.cylinderKg > 0 && body.cylinderCount > 0 ? `${body.cylinderKg}kg × ${body.cylinderCount}` : null;
    const draft = {
      orderDate,
      deliveryAddress: body.address,
      scaleDeviceId: null,
      gasWeightG: gasNote ? body.cylinderKg * body.cylinderCount * 1000 : 0,
      residualGasG: 0,
      propaneWeightG: 0,
      propaneResidualG: 0,
      products: body.products,
      services: [],
      cylinders: [],
      remark: [gasNote, body.remark].filter(Boolean).join(' / ') || null,
      preferredTime: body.preferredTime,
    };
    const order = await insertOrder(tx, store, customer ?? null, draft, {
      source: 'public',
      contactName: body.name,
      contactPhone: body.phone,
    });
    await tx.insert(actionLog).values({
      userId: null,
      account: null,
      groupId: store.groupId,
      screen: null,
      action: 'publicOrder',
      entity: 'orders',
      entityId: String(order.id),
      after: { orderNo: order.orderNo, storeId: store.id, source: 'public', linkedCustomer: !!customer },
      method: 'POST',
      path: '/api/public/orders',
      ip,
    });
    return { reference: order.orderNo, detail: translate(locale, 'orders.public.received') };
  });
}
