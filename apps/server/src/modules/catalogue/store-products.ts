import { and, asc, count, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { PageQuery, storeProductBody } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { storeFilter, storeScope } from '../../platform/tenancy.js';
import { categories } from '../customers/customers.schema.js';
import { dbRefusals, ilikeAny, offsetOf, sameGroup, storeOf } from '../customers/store-of.js';
import { storeProducts } from './catalogue.schema.js';

type Body = z.infer<typeof storeProductBody>;

/** Products whose validity period contains the date (the price in force that day). */
export const inForceOn = (date: string) => and(lte(storeProducts.startDate, date), or(isNull(storeProducts.endDate), gte(storeProducts.endDate, date)));

export async function listStoreProducts(db: Executor, ctx: Ctx, q: PageQuery & { storeId?: number; categoryId?: number; onDate?: string }) {
  const where = and(
    storeFilter(ctx, storeProducts.storeId, q.storeId),
    q.categoryId ? eq(storeProducts.categoryId, q.categoryId) : undefined,
    q.onDate ? inForceOn(q.onDate) : undefined,
    ilikeAny(q.keyword, storeProducts.name),
  );
  const [{ total }] = (await db.select({ total: count() }).from(storeProducts).where(where)) as [{ total: number }];
  const items = await db
    .select({
      id: storeProducts.id,
      storeId: storeProducts.storeId,
      storeName: stores.name,
      name: storeProducts.name,
      salePrice: storeProducts.salePrice,
      categoryId: storeProducts.categoryId,
      categoryName: categories.name,
      startDate: storeProducts.startDate,
      endDate: storeProducts.endDate,
      updatedAt: storeProducts.updatedAt,
    })
    .from(storeProducts)
    .innerJoin(stores, eq(stores.id, storeProducts.storeId))
    .leftJoin(categories, eq(categories.id, storeProducts.categoryId))
    .where(where)
    .orderBy(asc(storeProducts.name), desc(storeProducts.startDate))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** Products sold by a store on a date, at the price in force that day (order form, public page). */
export async function productsInForce(db: Executor, storeId: number, date: string) {
  return db
    .select({ id: storeProducts.id, name: storeProducts.name, salePrice: storeProducts.salePrice, categoryId: storeProducts.categoryId })
    .from(storeProducts)
    .where(and(eq(storeProducts.storeId, storeId), inForceOn(date)))
    .orderBy(asc(storeProducts.name))
    .limit(500);
}

async function checkCategory(db: Executor, groupId: number, categoryId: number | null) {
  if (categoryId == null) return;
  const [cat] = await db.select().from(categories).where(and(eq(categories.id, categoryId), eq(categories.kind, 'product')));
  sameGroup(groupId, cat, 'categoryId');
}

async function loadProduct(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db.select().from(storeProducts).where(and(eq(storeProducts.id, id), storeScope(ctx, storeProducts.storeId)));
  if (!row) throw notFound();
  return row;
}

export async function createStoreProduct(db: Db, ctx: Ctx, body: Body) {
  return dbRefusals(() => db.transaction(async (tx) => {
    const store = await storeOf(tx, ctx, body.storeId);
    await checkCategory(tx, store.groupId, body.categoryId);
    return insertAudited(tx, ctx, storeProducts, { ...body, groupId: store.groupId });
  }));
}

export async function updateStoreProduct(db: Db, ctx: Ctx, id: number, body: Body) {
  return dbRefusals(() => db.transaction(async (tx) => {
    await loadProduct(tx, ctx, id);
    const store = await storeOf(tx, ctx, body.storeId);
    await checkCategory(tx, store.groupId, body.categoryId);
    return updateAudited(tx, ctx, storeProducts, id, { ...body, groupId: store.groupId, updatedAt: new Date() });
  }));
}

export async function deleteStoreProduct(db: Db, ctx: Ctx, id: number) {
  return dbRefusals(() => db.transaction(async (tx) => {
    await loadProduct(tx, ctx, id);
    await deleteAudited(tx, ctx, storeProducts, id);
  }));
}
