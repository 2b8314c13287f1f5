import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { orderBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { storeOf } from '../customers/store-of.js';
import { onceFor, type Stored } from './idempotency.js';
import { assertCan, customerForOrder, loadOrder, nextOrderIdentity, priceAndWriteLines } from './order-core.js';
import { getOrder } from './list-orders.js';
import { orders } from './orders.schema.js';

type Body = z.infer<typeof orderBody>;

/** Creates a staff order (status placed) in one transaction; once per Idempotency-Key. */
export async function createOrder(db: Db, ctx: Ctx, body: Body, idempotencyKey?: string): Promise<Stored> {
  return onceFor(db, `orders:user:${ctx.user.id}`, idempotencyKey, async (tx: Tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    const customer = await customerForOrder(tx, store.id, body.customerId);
    const { id, orderNo } = await nextOrderIdentity(tx, body.orderDate);
    const { values } = await priceAndWriteLines(tx, store, customer, body, null);
    await tx.insert(orders).values({ ...values, id, orderNo, groupId: store.groupId, storeId: store.id, orderDate: body.orderDate, source: 'staff', status: 'placed', createdBy: ctx.user.id });
    await priceAndWriteLines(tx, store, customer, body, id);
    const order = await getOrder(tx, ctx, id);
    await recordAction(tx, ctx, { entity: 'orders', entityId: id, action: 'create', groupId: store.groupId, after: order });
    return { status: 201, body: order };
  });
}

/** Edits an order still before delivery: fields and lines replaced, amounts re-priced. */
export async function updateOrder(db: Db, ctx: Ctx, id: number, body: Body) {
  return db.transaction(async (tx) => {
    const before = await loadOrder(tx, ctx, id, true);
    assertCan(ctx.locale, 'edit', before);
    const beforeFull = await getOrder(tx, ctx, id);
    // an order stays in its store; a different storeId in the body is ignored on purpose
    const store = await storeOf(tx, ctx, before.storeId);
    const customer = await customerForOrder(tx, store.id, body.customerId);
    const { values } = await priceAndWriteLines(tx, store, customer, body, id);
    await tx.update(orders).set({ ...values, updatedAt: new Date() }).where(eq(orders.id, id));
    const after = await getOrder(tx, ctx, id);
    await recordAction(tx, ctx, { entity: 'orders', entityId: id, action: 'edit', groupId: store.groupId, before: beforeFull, after });
    return after;
  });
}
