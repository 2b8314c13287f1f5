import { and, desc, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import { V, type Expense, type ExpenseBody, type ExpensePage, type ExpenseQuery } from '@gasops/shared';
import { deleteAudited, insertAudited, updateAudited } from '../../platform/audit.js';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { stores } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { assertStore, storeFilter, storeOf, type StoreRow } from '../../platform/tenancy.js';
import { expenseItems, expenses } from './finance.schema.js';

// An expense as the API answers it: its own columns (the day as `date`) and its item's and store's names.
const { groupId: _group, createdBy: _author, expenseDate: date, ...own } = getTableColumns(expenses);
function expenseQuery(db: Executor) {
  return db
    .select({ ...own, date, itemName: expenseItems.name, storeName: stores.name })
    .from(expenses)
    .innerJoin(expenseItems, eq(expenseItems.id, expenses.itemId))
    .innerJoin(stores, eq(stores.id, expenses.storeId));
}

/** Expenses of the caller's stores: paged, filtered by store, item, type and date range, searched by item or remark. */
export async function listExpenses(db: Db, ctx: Ctx, q: ExpenseQuery): Promise<ExpensePage> {
  const where = and(
    storeFilter(ctx, expenses.storeId, q.storeId),
    q.itemId ? eq(expenses.itemId, q.itemId) : undefined,
    q.type ? eq(expenses.type, q.type) : undefined,
    q.from ? gte(expenses.expenseDate, q.from) : undefined,
    q.to ? lte(expenses.expenseDate, q.to) : undefined,
    keywordFilter(q.keyword, [expenseItems.name, expenses.remark]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [agg]] = await Promise.all([
    expenseQuery(db).where(where).orderBy(desc(expenses.expenseDate), desc(expenses.id)).limit(limit).offset(offset),
    db
      .select({ n: countAll, sum: sql<number>`coalesce(sum(${expenses.amount}), 0)::bigint` })
      .from(expenses)
      .innerJoin(expenseItems, eq(expenseItems.id, expenses.itemId))
      .where(where),
  ]);
  return { items: rows.map(isoRow), total: agg?.n ?? 0, totalAmount: Number(agg?.sum ?? 0), page: q.page, pageSize: q.pageSize };
}

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
