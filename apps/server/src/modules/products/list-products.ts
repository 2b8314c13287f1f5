import { and, asc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductRow, productQuery } from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, countedPage } from '../../platform/paging.js';
import { storeGroups } from '../../platform/platform.schema.js';
import { flagFilter, keywordFilter } from '../../platform/search.js';
import { groupFilter } from '../../platform/tenancy.js';
import { products, productTypes } from './products.schema.js';

// A product as the API answers it: its own columns but the creation and deletion times, its type's name,
// its group's name and currency (the list price is in that currency's minor units).
const { createdAt: _created, deletedAt: _deleted, ...productColumns } = getTableColumns(products);
export function productQueryBase(db: Executor) {
  return db
    .select({ ...productColumns, typeName: productTypes.name, groupName: storeGroups.name, currency: storeGroups.currency })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .innerJoin(storeGroups, eq(storeGroups.id, products.groupId));
}
export type ProductRaw = Awaited<ReturnType<ReturnType<typeof productQueryBase>['where']>>[number];
export const productRow = (r: ProductRaw): ProductRow => ({ ...r, updatedAt: isoNN(r.updatedAt) });

export async function listProducts(db: Executor, ctx: Ctx, q: z.infer<typeof productQuery>) {
  const where = and(
    isNull(products.deletedAt),
    groupFilter(ctx, products.groupId, q.groupId),
    q.typeId ? eq(products.typeId, q.typeId) : undefined,
    flagFilter(products.active, q.active),
    keywordFilter(q.keyword, [products.name, products.code, productTypes.name]),
  );
  const rows = productQueryBase(db).where(where).orderBy(asc(products.groupId), asc(productTypes.sortOrder), asc(products.name)).$dynamic();
  const counted = db.select({ total: countAll }).from(products).innerJoin(productTypes, eq(productTypes.id, products.typeId)).where(where);
  return countedPage(q, rows, counted, productRow);
}
