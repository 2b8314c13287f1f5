import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { z } from 'zod';
import type { actionLogQuery, ActionLogDetail, HistoryQuery, loginHistoryQuery, MenuVisitBody } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { actionLog, loginHistory, menuHistory, storeGroups, users } from '../../platform/platform.schema.js';
import { groupScope, groupSettingsOf } from '../../platform/tenancy.js';
import { dateRange, isoNN } from '../../platform/columns.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';

type LoginQ = z.infer<typeof loginHistoryQuery>;
type ActionQ = z.infer<typeof actionLogQuery>;
type LogTable = typeof loginHistory | typeof actionLog | typeof menuHistory;

/** The filters every history has: the caller's group (or one group), one user, a period of the group's days. */
async function historyFilters(db: Executor, ctx: Ctx, log: LogTable, q: HistoryQuery): Promise<(SQL | undefined)[]> {
  // Dates typed in the filters are days of the caller's store group (the platform default for the administrator).
  const { timeZone } = await groupSettingsOf(db, ctx);
  return [
    groupScope(ctx, log.groupId),
    q.groupId ? eq(log.groupId, q.groupId) : undefined,
    q.userId ? eq(log.userId, q.userId) : undefined,
    dateRange(log.at, q.from, q.to, timeZone),
  ];
}

/** Rows of a history: when and by whom (the user's name if the user still exists, the group's name) and the log's own `columns`. */
function fromLog<C extends SelectedFields>(db: Executor, log: LogTable, columns: C) {
  return db
    .select({ id: log.id, at: log.at, userId: log.userId, ...columns, userName: users.name, groupName: storeGroups.name })
    .from(log)
    .leftJoin(users, eq(users.id, log.userId))
    .leftJoin(storeGroups, eq(storeGroups.id, log.groupId));
}

/** One page of a history, newest first; the keyword may match the user's name, so the count joins users too. */
async function historyPage<C extends SelectedFields>(db: Executor, log: LogTable, columns: C, where: SQL | undefined, q: HistoryQuery) {
  const { limit, offset } = pageOf(q);
  const [rows, counts] = await Promise.all([
    fromLog(db, log, columns).where(where).orderBy(desc(log.at), desc(log.id)).limit(limit).offset(offset),
    db.select({ total: countAll }).from(log).leftJoin(users, eq(users.id, log.userId)).where(where),
  ]);
  // Drizzle cannot type the rows of a select over a table chosen at run time; every log's `at` is a timestamptz.
  type Row = SelectResultFields<C> & { id: number; at: Date; userId: number | null; userName: string | null; groupName: string | null };
  const items = (rows as unknown as Row[]).map((r) => ({ ...r, at: isoNN(r.at) }));
  return { items, total: counts[0]?.total ?? 0, page: q.page, pageSize: q.pageSize };
}

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

const actionColumns = {
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

export async function getActionLog(db: Executor, ctx: Ctx, id: number): Promise<ActionLogDetail> {
  const [row] = await fromLog(db, actionLog, { ...actionColumns, before: actionLog.before, after: actionLog.after }).where(
    and(eq(actionLog.id, id), groupScope(ctx, actionLog.groupId)),
  );
  if (!row) throw notFound();
  // before/after are jsonb written by the audit (JSON by construction).
  return { ...row, at: isoNN(row.at), hasDiff: Boolean(row.hasDiff) } as ActionLogDetail;
}

/** Menu history (seed §2 MenuHistory): the screens people opened. */
export async function listMenuHistory(db: Executor, ctx: Ctx, q: HistoryQuery) {
  const where = and(
    ...(await historyFilters(db, ctx, menuHistory, q)),
    keywordFilter(q.keyword, [menuHistory.account, menuHistory.screen, menuHistory.path, users.name]),
  );
  return historyPage(db, menuHistory, { account: menuHistory.account, screen: menuHistory.screen, path: menuHistory.path }, where, q);
}

/** Records a screen the caller opened (the web app reports each route change). */
export async function recordMenuVisit(db: Executor, ctx: Ctx, visit: MenuVisitBody): Promise<void> {
  await db.insert(menuHistory).values({
    userId: ctx.user.id,
    account: ctx.user.account,
    groupId: ctx.user.groupId,
    screen: visit.screen,
    path: visit.path ?? null,
  });
}
