import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ProductBody, ProductRow } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound, taken } from '../../platform/errors.js';
import { groupScope, targetGroup } from '../../platform/tenancy.js';
import { products, productTypes } from './products.schema.js';
import { productQueryBase, productRow, type ProductRaw } from './list-products.js';

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
