import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { ExpenseItem, ExpenseItemBody, ExpenseItemQuery } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { inUse, notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { assertStore, storeFilter } from '../../platform/tenancy.js';
import { expenseItems, expenses } from './finance.schema.js';
import { likePattern } from '../../platform/db.js';
import { storeOf, withDbConflicts } from './store-access.js';

const columns = {
  id: expenseItems.id,
  storeId: expenseItems.storeId,
  storeName: stores.name,
  name: expenseItems.name,
  type: expenseItems.type,
  remark: expenseItems.remark,
  createdAt: expenseItems.createdAt,
  updatedAt: expenseItems.updatedAt,
};
const toItem = <R extends { createdAt: Date; updatedAt: Date }>(r: R) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Expense items of the caller's stores: paged, by store and type, searched by name or remark. */
export async function listExpenseItems(db: Db, ctx: Ctx, q: ExpenseItemQuery) {
  const conds: (SQL | undefined)[] = [storeFilter(ctx, expenseItems.storeId, q.storeId)];
  if (q.type) conds.push(eq(expenseItems.type, q.type));
  if (q.keyword) conds.push(ilike(expenseItems.name, likePattern(q.keyword)));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(expenseItems)
      .innerJoin(stores, eq(stores.id, expenseItems.storeId))
      .where(where)
      .orderBy(asc(expenseItems.storeId), asc(expenseItems.type), asc(expenseItems.name), desc(expenseItems.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(expenseItems).where(where),
  ]);
  return {
    items: rows.map(toItem),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function getItem(db: Db, ctx: Ctx, id: number): Promise<ExpenseItem> {
  const [row] = await db
    .select(columns)
    .from(expenseItems)
    .innerJoin(stores, eq(stores.id, expenseItems.storeId))
    .where(eq(expenseItems.id, id));
  if (!row) throw notFound();
  assertStore(ctx, row.storeId);
  return toItem(row);
}

export async function createExpenseItem(db: Db, ctx: Ctx, body: ExpenseItemBody): Promise<ExpenseItem> {
  const store = await storeOf(db, ctx, body.storeId);
  const row = await withDbConflicts(
    () =>
      db.transaction((tx) =>
        insertAudited(tx, ctx, expenseItems, {
          groupId: store.groupId,
          storeId: store.id,
          name: body.name,
          type: body.type,
          remark: body.remark,
        }),
      ),
    body.name,
  );
  return getItem(db, ctx, row.id);
}

export async function updateExpenseItem(db: Db, ctx: Ctx, id: number, body: ExpenseItemBody): Promise<ExpenseItem> {
  const current = await getItem(db, ctx, id);
  // Moving an item to another store is allowed only between stores the caller may touch.
  const store = body.storeId === current.storeId ? null : await storeOf(db, ctx, body.storeId);
  if (store) {
    const [used] = await db.select({ n: count() }).from(expenses).where(eq(expenses.itemId, id));
    if ((used?.n ?? 0) > 0) throw inUse();
  }
  await withDbConflicts(
    () =>
      db.transaction((tx) =>
        updateAudited(tx, ctx, expenseItems, id, {
          ...(store ? { storeId: store.id, groupId: store.groupId } : {}),
          name: body.name,
          type: body.type,
          remark: body.remark,
          updatedAt: new Date(),
        }),
      ),
    body.name,
  );
  return getItem(db, ctx, id);
}

/** Deletes an unused item; one still referenced by an expense answers 409 (foreign key). */
export async function deleteExpenseItem(db: Db, ctx: Ctx, id: number): Promise<void> {
  await getItem(db, ctx, id);
  const [used] = await db.select({ n: count() }).from(expenses).where(eq(expenses.itemId, id));
  if ((used?.n ?? 0) > 0) throw inUse();
  await withDbConflicts(() => db.transaction((tx) => deleteAudited(tx, ctx, expenseItems, id)), '');
}
