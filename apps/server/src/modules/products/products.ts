import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductBody, ProductRow, productQuery } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound, taken } from '../../platform/errors.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { storeGroups } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { groupScope, targetGroup } from '../../platform/tenancy.js';
import { products, productTypes } from './products.schema.js';

// A product as the API answers it: its own columns but the creation and deletion times, its type's name,
// its group's name and currency (the list price is in that currency's minor units).
const { createdAt: _created, deletedAt: _deleted, ...productColumns } = getTableColumns(products);
function productQueryBase(db: Executor) {
  return db
    .select({ ...productColumns, typeName: productTypes.name, groupName: storeGroups.name, currency: storeGroups.currency })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .innerJoin(storeGroups, eq(storeGroups.id, products.groupId));
}
type ProductRaw = Awaited<ReturnType<ReturnType<typeof productQueryBase>['where']>>[number];
const productRow = (r: ProductRaw): ProductRow => ({ ...r, updatedAt: isoNN(r.updatedAt) });

export async function listProducts(db: Executor, ctx: Ctx, q: z.infer<typeof productQuery>) {
  const where = and(
    isNull(products.deletedAt),
    groupScope(ctx, products.groupId),
    q.groupId ? eq(products.groupId, q.groupId) : undefined,
    q.typeId ? eq(products.typeId, q.typeId) : undefined,
    q.active ? eq(products.active, q.active === 'true') : undefined,
    keywordFilter(q.keyword, [products.name, products.code, productTypes.name]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = (await Promise.all([
    productQueryBase(db)
      .where(where)
      .orderBy(asc(products.groupId), asc(productTypes.sortOrder), asc(products.name))
      .limit(limit)
      .offset(offset),
    db.select({ total: countAll }).from(products).innerJoin(productTypes, eq(productTypes.id, products.typeId)).where(where),
  ])) as [ProductRaw[], [{ total: number }]];
  return { items: rows.map(productRow), total, page: q.page, pageSize: q.pageSize };
}

async function loadProduct(db: Executor, ctx: Ctx, id: number): Promise<ProductRaw> {
  const [row] = await productQueryBase(db).where(and(eq(products.id, id), isNull(products.deletedAt), groupScope(ctx, products.groupId)));
  if (!row) throw notFound();
  return row;
}

async function checkProduct(db: Executor, groupId: number, body: ProductBody, exceptId?: number) {
  const [type] = await db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(and(eq(productTypes.id, body.typeId), eq(productTypes.groupId, groupId), isNull(productTypes.deletedAt)));
  if (!type) throw invalidField('typeId', 'feedback.validation.invalid');
  const [dup] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.groupId, groupId),
        isNull(products.deletedAt),
        sql`lower(${products.name}) = lower(${body.name})`,
        exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
      ),
    );
  if (dup) throw taken('name', 'system.error.nameTaken');
}

export async function createProduct(db: Db, ctx: Ctx, body: ProductBody): Promise<ProductRow> {
  const groupId = await targetGroup(db, ctx, body.groupId);
  await checkProduct(db, groupId, body);
  return db.transaction(async (tx) => {
    const { groupId: _g, ...values } = body;
    const [row] = await tx
      .insert(products)
      .values({ ...values, groupId })
      .returning();
    await recordAction(tx, ctx, { entity: 'products', entityId: row!.id, action: 'create', after: row, groupId });
    return productRow(await loadProduct(tx, ctx, row!.id));
  });
}

export async function updateProduct(db: Db, ctx: Ctx, id: number, body: ProductBody): Promise<ProductRow> {
  const current = await loadProduct(db, ctx, id);
  if (body.groupId != null && body.groupId !== current.groupId) throw invalidField('groupId', 'feedback.validation.invalid');
  await checkProduct(db, current.groupId, body, id);
  return db.transaction(async (tx) => {
    const { groupId: _g, ...values } = body;
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    const [after] = await tx
      .update(products)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
    await recordAction(tx, ctx, { entity: 'products', entityId: id, action: 'edit', before, after, groupId: current.groupId });
    return productRow(await loadProduct(tx, ctx, id));
  });
}

/** Soft delete: orders and store products that name the product keep it for their history. */
export async function deleteProduct(db: Db, ctx: Ctx, id: number): Promise<void> {
  const current = await loadProduct(db, ctx, id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    await tx.update(products).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(products.id, id));
    await recordAction(tx, ctx, { entity: 'products', entityId: id, action: 'delete', before, groupId: current.groupId });
  });
}
