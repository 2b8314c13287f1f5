import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { categoryBody, PageQuery } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { badRequest, invalidField, notFound } from '../../platform/errors.js';
import { groupScope } from '../../platform/tenancy.js';
import { categories, type CategoryKind } from './customers.schema.js';
import { dbRefusals, ilikeAny, offsetOf } from './store-of.js';

type Body = z.infer<typeof categoryBody>;

/** The group a write goes to: the user's own (the platform administrator must pick a tenant's screen). */
function groupOf(ctx: Ctx, groupId?: number): number {
  const g = ctx.user.groupId ?? groupId;
  if (g == null) throw invalidField('groupId', 'feedback.validation.required');
  return g;
}

export async function listCategories(db: Executor, ctx: Ctx, q: PageQuery & { kind?: CategoryKind }) {
  const where = and(groupScope(ctx, categories.groupId), q.kind ? eq(categories.kind, q.kind) : undefined, ilikeAny(q.keyword, categories.name));
  const [{ total }] = (await db.select({ total: count() }).from(categories).where(where)) as [{ total: number }];
  const items = await db.select().from(categories).where(where).orderBy(asc(categories.kind), asc(categories.name)).limit(q.pageSize).offset(offsetOf(q));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export async function categoryOptions(db: Executor, ctx: Ctx, kind?: CategoryKind) {
  return db
    .select({ id: categories.id, name: categories.name, kind: categories.kind })
    .from(categories)
    .where(and(groupScope(ctx, categories.groupId), kind ? eq(categories.kind, kind) : undefined))
    .orderBy(asc(categories.name))
    .limit(500);
}

async function loadCategory(db: Executor, ctx: Ctx, id: number) {
  const [row] = await db.select().from(categories).where(and(eq(categories.id, id), groupScope(ctx, categories.groupId)));
  if (!row) throw notFound();
  return row;
}

export async function createCategory(db: Db, ctx: Ctx, body: Body, groupId?: number) {
  return dbRefusals(() => db.transaction(async (tx) => insertAudited(tx, ctx, categories, { ...body, groupId: groupOf(ctx, groupId) })));
}

export async function updateCategory(db: Db, ctx: Ctx, id: number, body: Body) {
  return dbRefusals(() => db.transaction(async (tx) => {
    const before = await loadCategory(tx, ctx, id);
    if (before.kind !== body.kind) throw badRequest('feedback.error.badRequest', { kind: 'feedback.validation.invalid' });
    return updateAudited(tx, ctx, categories, id, { name: body.name, updatedAt: new Date() });
  }));
}

export async function deleteCategory(db: Db, ctx: Ctx, id: number) {
  return dbRefusals(() => db.transaction(async (tx) => {
    await loadCategory(tx, ctx, id);
    await deleteAudited(tx, ctx, categories, id);
  }));
}
