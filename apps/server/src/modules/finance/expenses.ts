import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Expense, ExpenseBody, ExpensePage, ExpenseQuery } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { assertStore, storeFilter } from '../../platform/tenancy.js';
import { V } from '@gasops/shared';
import { expenseItems, expenses } from './finance.schema.js';
import { likePattern } from '../../platform/db.js';
import { storeOf } from './store-access.js';

const columns = {
  id: expenses.id,
  storeId: expenses.storeId,
  storeName: stores.name,
  date: expenses.expenseDate,
  itemId: expenses.itemId,
  itemName: expenseItems.name,
  type: expenses.type,
  amount: expenses.amount,
  remark: expenses.remark,
  createdAt: expenses.createdAt,
  updatedAt: expenses.updatedAt,
};
const toExpense = <R extends { createdAt: Date; updatedAt: Date }>(r: R) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Expenses of the caller's stores: paged, filtered by store, item, type and date range, searched by item or remark. */
export async function listExpenses(db: Db, ctx: Ctx, q: ExpenseQuery): Promise<ExpensePage> {
  const conds: (SQL | undefined)[] = [storeFilter(ctx, expenses.storeId, q.storeId)];
  if (q.itemId) conds.push(eq(expenses.itemId, q.itemId));
  if (q.type) conds.push(eq(expenses.type, q.type));
  if (q.from) conds.push(gte(expenses.expenseDate, q.from));
  if (q.to) conds.push(lte(expenses.expenseDate, q.to));
  if (q.keyword) {
    const p = likePattern(q.keyword);
    conds.push(or(ilike(expenseItems.name, p), ilike(expenses.remark, p)));
  }
  const where = and(...conds);
  const [rows, [agg]] = await Promise.all([
    db
      .select(columns)
      .from(expenses)
      .innerJoin(expenseItems, eq(expenseItems.id, expenses.itemId))
      .innerJoin(stores, eq(stores.id, expenses.storeId))
      .where(where)
      .orderBy(desc(expenses.expenseDate), desc(expenses.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({
        n: count(),
        sum: sql<number>`coalesce(sum(${expenses.amount}), 0)::bigint`,
      })
      .from(expenses)
      .innerJoin(expenseItems, eq(expenseItems.id, expenses.itemId))
      .where(where),
  ]);
  return {
    items: rows.map(toExpense),
    total: agg?.n ?? 0,
    totalAmount: Number(agg?.sum ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function getExpense(db: Executor, ctx: Ctx, id: number): Promise<Expense> {
  const [row] = await db
    .select(columns)
    .from(expenses)
    .innerJoin(expenseItems, eq(expenseItems.id, expenses.itemId))
    .innerJoin(stores, eq(stores.id, expenses.storeId))
    .where(eq(expenses.id, id));
  if (!row) throw notFound();
  assertStore(ctx, row.storeId);
  return toExpense(row);
}

/** The item must be one of the same store's items (else a field error, never another tenant's row). */
async function checkItem(db: Executor, storeId: number, itemId: number): Promise<void> {
  const [item] = await db
    .select({ id: expenseItems.id })
    .from(expenseItems)
    .where(and(eq(expenseItems.id, itemId), eq(expenseItems.storeId, storeId)));
  if (!item) throw invalidField('itemId', V.invalid);
}

export async function createExpense(db: Db, ctx: Ctx, body: ExpenseBody): Promise<Expense> {
  const store = await storeOf(db, ctx, body.storeId);
  const id = await db.transaction(async (tx) => {
    await checkItem(tx, store.id, body.itemId);
    const row = await insertAudited(tx, ctx, expenses, {
      groupId: store.groupId,
      storeId: store.id,
      expenseDate: body.date,
      itemId: body.itemId,
      type: body.type,
      amount: body.amount,
      remark: body.remark,
      createdBy: ctx.user.id,
    });
    return row.id;
  });
  return getExpense(db, ctx, id);
}

export async function updateExpense(db: Db, ctx: Ctx, id: number, body: ExpenseBody): Promise<Expense> {
  await getExpense(db, ctx, id);
  const store = await storeOf(db, ctx, body.storeId);
  await db.transaction(async (tx) => {
    await checkItem(tx, store.id, body.itemId);
    await updateAudited(tx, ctx, expenses, id, {
      groupId: store.groupId,
      storeId: store.id,
      expenseDate: body.date,
      itemId: body.itemId,
      type: body.type,
      amount: body.amount,
      remark: body.remark,
      updatedAt: new Date(),
    });
  });
  return getExpense(db, ctx, id);
}

export async function deleteExpense(db: Db, ctx: Ctx, id: number): Promise<void> {
  await getExpense(db, ctx, id);
  await db.transaction((tx) => deleteAudited(tx, ctx, expenses, id));
}
