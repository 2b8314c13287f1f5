import { and, eq } from 'drizzle-orm';
import { V, type Expense, type ExpenseBody } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { assertStore, storeOf, type StoreRow } from '../../platform/tenancy.js';
import { expenseItems, expenses } from './finance.schema.js';
import { expenseQuery } from './list-expenses.js';

async function getExpense(db: Executor, ctx: Ctx, id: number): Promise<Expense> {
  const [row] = await expenseQuery(db).where(eq(expenses.id, id));
  if (!row) throw notFound();
  assertStore(ctx, row.storeId);
  return isoRow(row);
}

/** The item must be one of the same store's items (else a field error, never another tenant's row). */
async function checkItem(db: Executor, storeId: number, itemId: number): Promise<void> {
  const [item] = await db
    .select({ id: expenseItems.id })
    .from(expenseItems)
    .where(and(eq(expenseItems.id, itemId), eq(expenseItems.storeId, storeId)));
  if (!item) throw invalidField('itemId', V.invalid);
}

/** The columns a create or an edit writes. */
const valuesOf = (store: StoreRow, body: ExpenseBody) => ({
  groupId: store.groupId,
  storeId: store.id,
  expenseDate: body.date,
  itemId: body.itemId,
  type: body.type,
  amount: body.amount,
  remark: body.remark,
});

export async function createExpense(db: Db, ctx: Ctx, body: ExpenseBody): Promise<Expense> {
  const store = await storeOf(db, ctx, body.storeId);
  const id = await db.transaction(async (tx) => {
    await checkItem(tx, store.id, body.itemId);
    const row = await insertAudited(tx, ctx, expenses, { ...valuesOf(store, body), createdBy: ctx.user.id });
    return row.id;
  });
  return getExpense(db, ctx, id);
}

export async function updateExpense(db: Db, ctx: Ctx, id: number, body: ExpenseBody): Promise<Expense> {
  await getExpense(db, ctx, id);
  const store = await storeOf(db, ctx, body.storeId);
  await db.transaction(async (tx) => {
    await checkItem(tx, store.id, body.itemId);
    await updateAudited(tx, ctx, expenses, id, { ...valuesOf(store, body), updatedAt: new Date() });
  });
  return getExpense(db, ctx, id);
}

export async function deleteExpense(db: Db, ctx: Ctx, id: number): Promise<void> {
  await getExpense(db, ctx, id);
  await db.transaction((tx) => deleteAudited(tx, ctx, expenses, id));
}
