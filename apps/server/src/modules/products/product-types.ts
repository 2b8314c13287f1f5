import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductTypeBody, ProductTypeRow, productTypeQuery } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { inUse, invalidField, notFound, taken } from '../../platform/errors.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { storeGroups } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { groupScope, targetGroup } from '../../platform/tenancy.js';
import { products, productTypes } from './products.schema.js';

/*
 * The product catalogue belongs to each store group: a group decides which goods and services it
 * sells (cylinders of each size, stoves, regulators, hoses, installation) and at what list price.
 * Store products (catalogue module) then price them per store with validity periods.
 */

const productCount = sql<number>`(select count(*)::int from products p where p.type_id = ${productTypes.id} and p.deleted_at is null)`;

// A type as the API answers it: its own columns but the creation and deletion times, its group's name and how many products it has.
const { createdAt: _created, deletedAt: _deleted, ...typeColumns } = getTableColumns(productTypes);
function typeQuery(db: Executor) {
  return db
    .select({ ...typeColumns, groupName: storeGroups.name, productCount })
    .from(productTypes)
    .innerJoin(storeGroups, eq(storeGroups.id, productTypes.groupId));
}
type TypeRaw = Awaited<ReturnType<ReturnType<typeof typeQuery>['where']>>[number];
const typeRow = (r: TypeRaw): ProductTypeRow => ({ ...r, updatedAt: isoNN(r.updatedAt) });

export async function listProductTypes(db: Executor, ctx: Ctx, q: z.infer<typeof productTypeQuery>) {
  const where = and(
    isNull(productTypes.deletedAt),
    groupScope(ctx, productTypes.groupId),
    q.groupId ? eq(productTypes.groupId, q.groupId) : undefined,
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

async function loadType(db: Executor, ctx: Ctx, id: number): Promise<TypeRaw> {
  const [row] = await typeQuery(db).where(
    and(eq(productTypes.id, id), isNull(productTypes.deletedAt), groupScope(ctx, productTypes.groupId)),
  );
  if (!row) throw notFound();
  return row;
}

async function assertTypeNameFree(db: Executor, groupId: number, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(
      and(
        eq(productTypes.groupId, groupId),
        isNull(productTypes.deletedAt),
        sql`lower(${productTypes.name}) = lower(${name})`,
        exceptId ? sql`${productTypes.id} <> ${exceptId}` : undefined,
      ),
    );
  if (dup) throw taken('name', 'system.error.nameTaken');
}

export async function createProductType(db: Db, ctx: Ctx, body: ProductTypeBody): Promise<ProductTypeRow> {
  const groupId = await targetGroup(db, ctx, body.groupId);
  await assertTypeNameFree(db, groupId, body.name);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(productTypes).values({ groupId, name: body.name, sortOrder: body.sortOrder }).returning();
    await recordAction(tx, ctx, { entity: 'product_types', entityId: row!.id, action: 'create', after: row, groupId });
    return typeRow(await loadType(tx, ctx, row!.id));
  });
}

export async function updateProductType(db: Db, ctx: Ctx, id: number, body: ProductTypeBody): Promise<ProductTypeRow> {
  const current = await loadType(db, ctx, id);
  if (body.groupId != null && body.groupId !== current.groupId) throw invalidField('groupId', 'feedback.validation.invalid');
  await assertTypeNameFree(db, current.groupId, body.name, id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(productTypes).where(eq(productTypes.id, id)).for('update');
    const [after] = await tx
      .update(productTypes)
      .set({ name: body.name, sortOrder: body.sortOrder, updatedAt: new Date() })
      .where(eq(productTypes.id, id))
      .returning();
    await recordAction(tx, ctx, { entity: 'product_types', entityId: id, action: 'edit', before, after, groupId: current.groupId });
    return typeRow(await loadType(tx, ctx, id));
  });
}

/** Refused while products of the type exist (in use); otherwise soft-deleted (old orders keep their type). */
export async function deleteProductType(db: Db, ctx: Ctx, id: number): Promise<void> {
  const current = await loadType(db, ctx, id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(productTypes).where(eq(productTypes.id, id)).for('update');
    const [used] = await tx
      .select({ n: countAll })
      .from(products)
      .where(and(eq(products.typeId, id), isNull(products.deletedAt)));
    if (used!.n > 0) throw inUse();
    await tx.update(productTypes).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(productTypes.id, id));
    await recordAction(tx, ctx, { entity: 'product_types', entityId: id, action: 'delete', before, groupId: current.groupId });
  });
}
