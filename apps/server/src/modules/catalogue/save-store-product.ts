import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StoreProduct, storeProductBody } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { inUse, notFound, REFUSED } from '../../platform/errors.js';
import { countAll } from '../../platform/paging.js';
import { orderProductLines } from '../orders/orders.schema.js';
import { storeOf, storeScope } from '../../platform/tenancy.js';
import { checkCategory } from '../customers/index.js';
import { storeProducts } from './catalogue.schema.js';

type Body = z.infer<typeof storeProductBody>;

async function loadProduct(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db
    .select()
    .from(storeProducts)
    .where(and(eq(storeProducts.id, id), storeScope(ctx, storeProducts.storeId)));
  if (!row) throw notFound();
  return row;
}

export async function createStoreProduct(db: Db, ctx: Ctx, body: Body): Promise<StoreProduct> {
  const row = await db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    await checkCategory(tx, store.groupId, 'product', body.categoryId);
    return insertAudited(tx, ctx, storeProducts, { ...body, groupId: store.groupId });
  });
  return isoRow(row);
}

export async function updateStoreProduct(db: Db, ctx: Ctx, id: number, body: Body): Promise<StoreProduct> {
  const row = await db.transaction(async (tx) => {
    await loadProduct(tx, ctx, id);
    const store = await storeOf(tx, ctx, body.storeId);
    await checkCategory(tx, store.groupId, 'product', body.categoryId);
    return updateAudited(tx, ctx, storeProducts, id, { ...body, groupId: store.groupId, updatedAt: new Date() });
  });
  return isoRow(row);
}

export async function deleteStoreProduct(db: Db, ctx: Ctx, id: number) {
  return db.transaction(async (tx) => {
    await loadProduct(tx, ctx, id);
    // The database would quietly take the product off its order lines (ON DELETE SET NULL).
    const [used] = await tx.select({ n: countAll }).from(orderProductLines).where(eq(orderProductLines.productId, id));
    if (used!.n > 0) throw inUse(REFUSED.productOrders);
    await deleteAudited(tx, ctx, storeProducts, id);
  });
}
