import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductTypeRow, productTypeQuery } from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { storeGroups } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { groupFilter } from '../../platform/tenancy.js';
import { productTypes } from './products.schema.js';

/*
 * The product catalogue belongs to each store group: a group decides which goods and services it
 * sells (cylinders of each size, stoves, regulators, hoses, installation) and at what list price.
 * Store products (catalogue module) then price them per store with validity periods.
 */

const productCount = sql<number>`(select count(*)::int from products p where p.type_id = ${productTypes.id} and p.deleted_at is null)`;

// A type as the API answers it: its own columns but the creation and deletion times, its group's name and how many products it has.
const { createdAt: _created, deletedAt: _deleted, ...typeColumns } = getTableColumns(productTypes);
export function typeQuery(db: Executor) {
  return db
    .select({ ...typeColumns, groupName: storeGroups.name, productCount })
    .from(productTypes)
    .innerJoin(storeGroups, eq(storeGroups.id, productTypes.groupId));
}
export type TypeRaw = Awaited<ReturnType<ReturnType<typeof typeQuery>['where']>>[number];
export const typeRow = (r: TypeRaw): ProductTypeRow => ({ ...r, updatedAt: isoNN(r.updatedAt) });

export async function listProductTypes(db: Executor, ctx: Ctx, q: z.infer<typeof productTypeQuery>) {
  const where = and(
    isNull(productTypes.deletedAt),
    groupFilter(ctx, productTypes.groupId, q.groupId),
    q.id ? eq(productTypes.id, q.id) : undefined,
    keywordFilter(q.keyword, [productTypes.name]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = (await Promise.all([
    typeQuery(db)
      .where(where)
      .orderBy(asc(productTypes.groupId), asc(productTypes.sortOrder), asc(productTypes.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: countAll }).from(productTypes).where(where),
  ])) as [TypeRaw[], [{ total: number }]];
  return { items: rows.map(typeRow), total, page: q.page, pageSize: q.pageSize };
}
