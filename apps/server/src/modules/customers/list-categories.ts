import { and, asc, eq } from 'drizzle-orm';
import type { CategoryKind, CategoryOption, CategoryRow, PageQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { isoRow } from '../../platform/columns.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';
import { groupScope, sameGroup } from '../../platform/tenancy.js';
import { categories } from './customers.schema.js';

/** The Category screen's list: the group's categories by kind and name. */
export async function listCategories(db: Executor, ctx: Ctx, q: PageQuery & { kind?: CategoryKind }) {
  const where = and(
    groupScope(ctx, categories.groupId),
    q.kind ? eq(categories.kind, q.kind) : undefined,
    keywordFilter(q.keyword, [categories.name]),
  );
  const [counted] = await db.select({ total: countAll }).from(categories).where(where);
  const rows = await db
    .select()
    .from(categories)
    .where(where)
    .orderBy(asc(categories.kind), asc(categories.name))
    .limit(q.pageSize)
    .offset(pageOf(q).offset);
  const items: CategoryRow[] = rows.map(isoRow);
  return { items, total: counted?.total ?? 0, page: q.page, pageSize: q.pageSize };
}

/** The categories of a kind for the pickers (customer form, store products). */
export async function categoryOptions(db: Executor, ctx: Ctx, kind?: CategoryKind): Promise<CategoryOption[]> {
  return db
    .select({ id: categories.id, name: categories.name, kind: categories.kind })
    .from(categories)
    .where(and(groupScope(ctx, categories.groupId), kind ? eq(categories.kind, kind) : undefined))
    .orderBy(asc(categories.name))
    .limit(500);
}

/** A category of the group and kind chosen on a form (customer, store product), or none: 400 on `categoryId` otherwise. */
export async function checkCategory(db: Executor, groupId: number, kind: CategoryKind, categoryId: number | null) {
  if (categoryId == null) return;
  const [cat] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.kind, kind)));
  sameGroup(groupId, cat, 'categoryId');
}
