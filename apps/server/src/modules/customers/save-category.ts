import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CategoryRow, categoryBody } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { countAll } from '../../platform/paging.js';
import { badRequest, inUse, notFound, REFUSED } from '../../platform/errors.js';
import { storeProducts } from '../catalogue/catalogue.schema.js';
import { groupScope, targetGroup } from '../../platform/tenancy.js';
import { categories, customers } from './customers.schema.js';

type Body = z.infer<typeof categoryBody>;

async function loadCategory(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), groupScope(ctx, categories.groupId)));
  if (!row) throw notFound();
  return row;
}

/** A category of the user's group (the platform administrator names the group). */
export async function createCategory(db: Db, ctx: Ctx, body: Body & { groupId?: number }): Promise<CategoryRow> {
  const row = await db.transaction(async (tx) => {
    const groupId = await targetGroup(tx, ctx, body.groupId);
    return insertAudited(tx, ctx, categories, { kind: body.kind, name: body.name, groupId });
  });
  return isoRow(row);
}

/** Renames a category; its kind stays (customers or products are filed under it). */
export async function updateCategory(db: Db, ctx: Ctx, id: number, body: Body): Promise<CategoryRow> {
  const row = await db.transaction(async (tx) => {
    const before = await loadCategory(tx, ctx, id);
    if (before.kind !== body.kind) throw badRequest('feedback.error.badRequest', { kind: 'feedback.validation.invalid' });
    return updateAudited(tx, ctx, categories, id, { name: body.name, updatedAt: new Date() });
  });
  return isoRow(row);
}

export async function deleteCategory(db: Db, ctx: Ctx, id: number) {
  return db.transaction(async (tx) => {
    await loadCategory(tx, ctx, id);
    // The database would quietly take the category off its customers and products (ON DELETE SET NULL).
    const [c] = await tx.select({ n: countAll }).from(customers).where(eq(customers.categoryId, id));
    if (c!.n > 0) throw inUse(REFUSED.categoryCustomers);
    const [p] = await tx.select({ n: countAll }).from(storeProducts).where(eq(storeProducts.categoryId, id));
    if (p!.n > 0) throw inUse(REFUSED.categoryProducts);
    await deleteAudited(tx, ctx, categories, id);
  });
}
