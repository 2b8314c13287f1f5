import { and } from 'drizzle-orm';
import type { HistoryQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { menuHistory, users } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { historyFilters, historyPage } from './history-query.js';

/** Menu history (seed §2 MenuHistory): the screens people opened. */
export async function listMenuHistory(db: Executor, ctx: Ctx, q: HistoryQuery) {
  const where = and(
    ...(await historyFilters(db, ctx, menuHistory, q)),
    keywordFilter(q.keyword, [menuHistory.account, menuHistory.screen, menuHistory.path, users.name]),
  );
  return historyPage(db, menuHistory, { account: menuHistory.account, screen: menuHistory.screen, path: menuHistory.path }, where, q);
}
