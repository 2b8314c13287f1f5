import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductBody, ProductRow, ProductTypeBody, ProductTypeRow, productQuery, productTypeQuery } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { inUse, invalidField, notFound } from '../../platform/errors.js';
import { storeGroups } from '../../platform/platform.schema.js';
import { groupScope } from '../../platform/tenancy.js';
import { taken, targetGroup } from '../system/access.js';
import { countAll, isoNN, keywordFilter, pageOf } from '../system/list-helpers.js';
import { products, productTypes } from './products.schema.js';

/*
 * The product catalogue belongs to each store group: a group decides which goods and services it
 * sells (cylinders of each size, stoves, regulators, hoses, installation) and at what list price.
 * Store products (customers module) then price them per store with validity periods.
 */

const productCount = sql<number>`(select count(*)::int from products p where p.type_id = ${productTypes.id} and p.deleted_at is null)`;

function typeQuery(db: Executor) {
  return db
    .select({
      id: productTypes.id,
      groupId: productTypes.groupId,
      groupName: storeGroups.name,
      name: productTypes.name,
      sortOrder: productTypes.sortOrder,
      productCount,
      updatedAt: productTypes.updatedAt,
    })
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

/* ------------------------------------------------------------ products */

function productQueryBase(db: Executor) {
  return db
    .select({
      id: products.id,
      groupId: products.groupId,
      groupName: storeGroups.name,
      currency: storeGroups.currency,
      typeId: products.typeId,
      typeName: productTypes.name,
      name: products.name,
      code: products.code,
      unit: products.unit,
      price: products.price,
      active: products.active,
      updatedAt: products.updatedAt,
    })
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

export async function getProduct(db: Executor, ctx: Ctx, id: number): Promise<ProductRow> {
  return productRow(await loadProduct(db, ctx, id));
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
