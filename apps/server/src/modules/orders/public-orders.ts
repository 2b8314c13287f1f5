import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { translate, type Locale, type publicOrderBody } from '@gasops/shared';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { actionLog, storeGroups, stores } from '../../platform/platform.schema.js';
import { groupToday } from '../../platform/tenancy.js';
import { productsInForce } from '../catalogue/store-products.js';
import { customers } from '../customers/customers.schema.js';
import { onceFor, type Stored } from './idempotency.js';
import { nextOrderIdentity, priceAndWriteLines } from './order-core.js';
import { orders } from './orders.schema.js';

/**
 * Stores a customer can order from (public page): name, address, phone and the currency its prices
 * are in (shown on the page with them, as at the counter).
 */
export async function publicStores(db: Executor) {
  return db
    .select({ id: stores.id, name: stores.name, address: stores.address, phone: stores.phone, currency: storeGroups.currency })
    .from(stores)
    .innerJoin(storeGroups, eq(storeGroups.id, stores.groupId))
    .where(isNull(stores.deletedAt))
    .orderBy(asc(stores.id))
    .limit(500);
}

async function publicStore(db: Executor, storeId: number) {
  const [store] = await db.select().from(stores).where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
  if (!store) throw notFound();
  return store;
}

/** Products of a store in force today, with their prices (prices are public at the counter too). */
export async function publicProducts(db: Executor, storeId: number) {
  const store = await publicStore(db, storeId);
  return productsInForce(db, store.id, await groupToday(db, store.groupId));
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * An order from the public page. The caller identifies by phone and store: a known phone links
 * the order to that customer (and prices it at their price), an unknown one leaves the order
 * without a customer for staff to link before dispatch. The answer is the same either way, so the
 * page reveals nothing about who is a customer. Idempotent per Idempotency-Key.
 */
export async function placePublicOrder(db: Db, locale: Locale, ip: string, body: z.infer<typeof publicOrderBody>, key?: string): Promise<Stored> {
  return onceFor(db, `orders:public:${body.storeId}`, key, async (tx) => {
    const store = await publicStore(tx, body.storeId);
    const orderDate = await groupToday(tx, store.groupId);
    const phone = digits(body.phone);
    const [customer] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.storeId, store.id), sql`regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g') = ${phone}`))
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
    const { id, orderNo } = await nextOrderIdentity(tx, orderDate);
    const { values } = await priceAndWriteLines(tx, store, customer ?? null, draft, null);
    await tx.insert(orders).values({
      ...values,
      id,
      orderNo,
      groupId: store.groupId,
      storeId: store.id,
      orderDate,
      source: 'public',
      status: 'placed',
      contactName: body.name,
      contactPhone: body.phone,
    });
    await priceAndWriteLines(tx, store, customer ?? null, draft, id);
    await tx.insert(actionLog).values({
      userId: null,
      account: null,
      groupId: store.groupId,
      screen: null,
      action: 'publicOrder',
      entity: 'orders',
      entityId: String(id),
      after: { orderNo, storeId: store.id, source: 'public', linkedCustomer: !!customer },
      method: 'POST',
      path: '/api/public/orders',
      ip,
    });
    return { status: 201, body: { reference: orderNo, detail: translate(locale, 'orders.public.received') } };
  });
}
