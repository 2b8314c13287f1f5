import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { ExpenseItemQuery } from '@gasops/shared';
import { isoRow } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { countAll, countedPage } from '../../platform/paging.js';
import { stores } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { storeFilter } from '../../platform/tenancy.js';
import { expenseItems } from './finance.schema.js';

// An item as the API answers it: its own columns and its store's name.
const { groupId: _group, ...own } = getTableColumns(expenseItems);
export function itemQuery(db: Executor) {
  return db
    .select({ ...own, storeName: stores.name })
    .from(expenseItems)
    .innerJoin(stores, eq(stores.id, expenseItems.storeId));
}

/** Expense items of the caller's stores: paged, by store and type, searched by name. */
export async function listExpenseItems(db: Db, ctx: Ctx, q: ExpenseItemQuery) {
  const where = and(
    storeFilter(ctx, expenseItems.storeId, q.storeId),
    q.type ? eq(expenseItems.type, q.type) : undefined,
    keywordFilter(q.keyword, [expenseItems.name]),
  );
  const rows = itemQuery(db)
    .where(where)
    .orderBy(asc(expenseItems.storeId), asc(expenseItems.type), asc(expenseItems.name), desc(expenseItems.id))
    .$dynamic();
  return countedPage(q, rows, db.select({ total: countAll }).from(expenseItems).where(where), isoRow);
}
