import { and, asc, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { PageQuery, ProductInForce, StoreProductRow } from '@gasops/shared';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, countedPage } from '../../platform/paging.js';
import { stores } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { storeFilter, storeOf } from '../../platform/tenancy.js';
import { categories } from '../customers/customers.schema.js';
import { storeProducts } from './catalogue.schema.js';

/** Products whose validity period contains the date (the price in force that day). */
export const inForceOn = (date: string) =>
  and(lte(storeProducts.startDate, date), or(isNull(storeProducts.endDate), gte(storeProducts.endDate, date)));

/** The StoreProduct screen's list: every price period, by name and newest start first. */
export async function listStoreProducts(db: Executor, ctx: Ctx, q: PageQuery & { storeId?: number; categoryId?: number; onDate?: string }) {
  const where = and(
    storeFilter(ctx, storeProducts.storeId, q.storeId),
    q.categoryId ? eq(storeProducts.categoryId, q.categoryId) : undefined,
    q.onDate ? inForceOn(q.onDate) : undefined,
    keywordFilter(q.keyword, [storeProducts.name]),
  );
  const rows = db
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
    .$dynamic();
  const counted = db.select({ total: countAll }).from(storeProducts).where(where);
  return countedPage(q, rows, counted, (r): StoreProductRow => isoRow(r));
}

/** Products sold by a store on a date, at the price in force that day (order form, public page). */
export async function productsInForce(db: Executor, storeId: number, date: string): Promise<ProductInForce[]> {
  return db
    .select({ id: storeProducts.id, name: storeProducts.name, salePrice: storeProducts.salePrice, categoryId: storeProducts.categoryId })
    .from(storeProducts)
    .where(and(eq(storeProducts.storeId, storeId), inForceOn(date)))
    .orderBy(asc(storeProducts.name))
    .limit(500);
}

/** productsInForce for a signed-in user: another tenant's store is a 404. */
export async function storeProductsInForce(db: Executor, ctx: Ctx, storeId: number, date: string): Promise<ProductInForce[]> {
  await storeOf(db, ctx, storeId);
  return productsInForce(db, storeId, date);
}
