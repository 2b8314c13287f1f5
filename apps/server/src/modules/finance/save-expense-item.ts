import { eq } from 'drizzle-orm';
import type { ExpenseItem, ExpenseItemBody } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { inUse, REFUSED, notFound } from '../../platform/errors.js';
import { countAll } from '../../platform/paging.js';
import { assertStore, storeOf } from '../../platform/tenancy.js';
import { expenseItems, expenses } from './finance.schema.js';
import { itemQuery } from './list-expense-items.js';

async function getItem(db: Executor, ctx: Ctx, id: number): Promise<ExpenseItem> {
  const [row] = await itemQuery(db).where(eq(expenseItems.id, id));
  if (!row) throw notFound();
  assertStore(ctx, row.storeId);
  return isoRow(row);
}

/** An item some expense names cannot move to another store nor go (in use). */
async function assertUnused(db: Executor, id: number): Promise<void> {
  const [used] = await db.select({ n: countAll }).from(expenses).where(eq(expenses.itemId, id));
  if ((used?.n ?? 0) > 0) throw inUse(REFUSED.expenseItemExpenses);
}

export async function createExpenseItem(db: Db, ctx: Ctx, body: ExpenseItemBody): Promise<ExpenseItem> {
  const store = await storeOf(db, ctx, body.storeId);
  const row = await db.transaction((tx) =>
    insertAudited(tx, ctx, expenseItems, {
      groupId: store.groupId,
      storeId: store.id,
      name: body.name,
      type: body.type,
      remark: body.remark,
    }),
  );
  return getItem(db, ctx, row.id);
}

export async function updateExpenseItem(db: Db, ctx: Ctx, id: number, body: ExpenseItemBody): Promise<ExpenseItem> {
  const current = await getItem(db, ctx, id);
  // Moving an item to another store is allowed only between stores the caller may touch.
  const store = body.storeId === current.storeId ? null : await storeOf(db, ctx, body.storeId);
  if (store) await assertUnused(db, id);
  await db.transaction((tx) =>
    updateAudited(tx, ctx, expenseItems, id, {
      ...(store ? { storeId: store.id, groupId: store.groupId } : {}),
      name: body.name,
      type: body.type,
      remark: body.remark,
      updatedAt: new Date(),
    }),
  );
  return getItem(db, ctx, id);
}

/** Deletes an unused item; one still named by an expense is refused (in use, 409). */
export async function deleteExpenseItem(db: Db, ctx: Ctx, id: number): Promise<void> {
  await getItem(db, ctx, id);
  await assertUnused(db, id);
  await db.transaction((tx) => deleteAudited(tx, ctx, expenseItems, id));
}
