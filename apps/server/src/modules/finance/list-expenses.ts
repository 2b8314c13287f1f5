import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type ExpensePage, type ExpenseQuery } from '@gasops/shared';
import { dayRange, isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { countAll, countedPage } from '../../platform/paging.js';
import { stores } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { storeFilter } from '../../platform/tenancy.js';
import { expenseItems, expenses } from './finance.schema.js';

// An expense as the API answers it: its own columns (the day as `date`) and its item's and store's names.
const { groupId: _group, createdBy: _author, expenseDate: date, ...own } = getTableColumns(expenses);
export function expenseQuery(db: Executor) {
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
    dayRange(expenses.expenseDate, q.from, q.to),
    keywordFilter(q.keyword, [expenseItems.name, expenses.remark]),
  );
  const rows = expenseQuery(db).where(where).orderBy(desc(expenses.expenseDate), desc(expenses.id)).$dynamic();
  const counted = db
    .select({ total: countAll, sum: sql<number>`coalesce(sum(${expenses.amount}), 0)::bigint` })
    .from(expenses)
    .innerJoin(expenseItems, eq(expenseItems.id, expenses.itemId))
    .where(where);
  const { sum, ...page } = await countedPage(q, rows, counted, isoRow);
  return { ...page, totalAmount: Number(sum) };
}
