import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { actionLogQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { actionLog, users } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { historyFilters, historyPage } from './history-query.js';

type ActionQ = z.infer<typeof actionLogQuery>;

export const actionColumns = {
  account: actionLog.account,
  screen: actionLog.screen,
  action: actionLog.action,
  entity: actionLog.entity,
  entityId: actionLog.entityId,
  method: actionLog.method,
  path: actionLog.path,
  ip: actionLog.ip,
  hasDiff: sql<boolean>`(${actionLog.before} is not null or ${actionLog.after} is not null)`,
};

/** Action log (seed §2 ActionLog): every write — who, when, which screen and action, which record. */
export async function listActionLog(db: Executor, ctx: Ctx, q: ActionQ) {
  const where = and(
    ...(await historyFilters(db, ctx, actionLog, q)),
    q.screen ? eq(actionLog.screen, q.screen) : undefined,
    q.entity ? eq(actionLog.entity, q.entity) : undefined,
    keywordFilter(q.keyword, [
      actionLog.account,
      actionLog.action,
      actionLog.entity,
      actionLog.entityId,
      actionLog.path,
      actionLog.screen,
      users.name,
    ]),
  );
  const page = await historyPage(db, actionLog, actionColumns, where, q);
  return { ...page, items: page.items.map((r) => ({ ...r, hasDiff: Boolean(r.hasDiff) })) };
}
