import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ProductTypeBody, ProductTypeRow } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { inUse, REFUSED, invalidField, notFound, taken } from '../../platform/errors.js';
import { countAll } from '../../platform/paging.js';
import { groupScope, targetGroup } from '../../platform/tenancy.js';
import { products, productTypes } from './products.schema.js';
import { typeQuery, typeRow, type TypeRaw } from './list-product-types.js';

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
    if (used!.n > 0) throw inUse(REFUSED.productTypeProducts);
    await tx.update(productTypes).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(productTypes.id, id));
    await recordAction(tx, ctx, { entity: 'product_types', entityId: id, action: 'delete', before, groupId: current.groupId });
  });
}
