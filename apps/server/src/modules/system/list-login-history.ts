import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginHistoryQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { loginHistory, users } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { historyFilters, historyPage } from './history-query.js';

type LoginQ = z.infer<typeof loginHistoryQuery>;

/** Login history (seed §2 LoginHistory): who tried to log in, when, from where, with what result. */
export async function listLoginHistory(db: Executor, ctx: Ctx, q: LoginQ) {
  const where = and(
    ...(await historyFilters(db, ctx, loginHistory, q)),
    q.result ? eq(loginHistory.result, q.result) : undefined,
    keywordFilter(q.keyword, [loginHistory.account, loginHistory.ip, loginHistory.userAgent, users.name]),
  );
  const columns = {
    account: loginHistory.account,
    ip: loginHistory.ip,
    userAgent: loginHistory.userAgent,
    place: loginHistory.place,
    result: loginHistory.result,
  };
  return historyPage(db, loginHistory, columns, where, q);
}
