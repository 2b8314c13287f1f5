import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { actionLogQuery, ActionLogDetail, HistoryQuery, loginHistoryQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { getParamText } from '../../platform/params.js';
import { actionLog, loginHistory, menuHistory, storeGroups, users } from '../../platform/platform.schema.js';
import { groupScope } from '../../platform/tenancy.js';
import { countAll, dateRange, isoNN, keywordFilter, pageOf } from './list-helpers.js';

/** Dates typed in the filters are days of the caller's store group (the platform default for the administrator). */
async function zoneOf(db: Executor, ctx: Ctx): Promise<string> {
  if (ctx.user.groupId !== null) {
    const [g] = await db.select({ tz: storeGroups.timeZone }).from(storeGroups).where(eq(storeGroups.id, ctx.user.groupId));
    if (g) return g.tz;
  }
  return (await getParamText(db, null, 'DEFAULT_TIME_ZONE')) || 'Asia/Taipei';
}

type LoginQ = z.infer<typeof loginHistoryQuery>;
type ActionQ = z.infer<typeof actionLogQuery>;

/** Login history (seed §2 LoginHistory): who tried to log in, when, from where, with what result. */
export async function listLoginHistory(db: Executor, ctx: Ctx, q: LoginQ) {
  const tz = await zoneOf(db, ctx);
  const where = and(
    groupScope(ctx, loginHistory.groupId),
    q.groupId ? eq(loginHistory.groupId, q.groupId) : undefined,
    q.userId ? eq(loginHistory.userId, q.userId) : undefined,
    q.result ? eq(loginHistory.result, q.result) : undefined,
    dateRange(loginHistory.at, q.from, q.to, tz),
    keywordFilter(q.keyword, [loginHistory.account, loginHistory.ip, loginHistory.userAgent, users.name]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: loginHistory.id,
        at: loginHistory.at,
        account: loginHistory.account,
        userId: loginHistory.userId,
        userName: users.name,
        groupName: storeGroups.name,
        ip: loginHistory.ip,
        userAgent: loginHistory.userAgent,
        place: loginHistory.place,
        result: loginHistory.result,
      })
      .from(loginHistory)
      .leftJoin(users, eq(users.id, loginHistory.userId))
      .leftJoin(storeGroups, eq(storeGroups.id, loginHistory.groupId))
      .where(where)
      .orderBy(desc(loginHistory.at), desc(loginHistory.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: countAll }).from(loginHistory).leftJoin(users, eq(users.id, loginHistory.userId)).where(where),
  ]);
  const total = counts[0]?.total ?? 0;
  return { items: rows.map((r) => ({ ...r, at: isoNN(r.at) })), total, page: q.page, pageSize: q.pageSize };
}

const actionColumns = {
  id: actionLog.id,
  at: actionLog.at,
  userId: actionLog.userId,
  account: actionLog.account,
  userName: users.name,
  groupName: storeGroups.name,
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
  const tz = await zoneOf(db, ctx);
  const where = and(
    groupScope(ctx, actionLog.groupId),
    q.groupId ? eq(actionLog.groupId, q.groupId) : undefined,
    q.userId ? eq(actionLog.userId, q.userId) : undefined,
    q.screen ? eq(actionLog.screen, q.screen) : undefined,
    q.entity ? eq(actionLog.entity, q.entity) : undefined,
    dateRange(actionLog.at, q.from, q.to, tz),
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
  const { limit, offset } = pageOf(q);
  const [rows, counts] = await Promise.all([
    db
      .select(actionColumns)
      .from(actionLog)
      .leftJoin(users, eq(users.id, actionLog.userId))
      .leftJoin(storeGroups, eq(storeGroups.id, actionLog.groupId))
      .where(where)
      .orderBy(desc(actionLog.at), desc(actionLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: countAll }).from(actionLog).leftJoin(users, eq(users.id, actionLog.userId)).where(where),
  ]);
  const total = counts[0]?.total ?? 0;
  return { items: rows.map((r) => ({ ...r, at: isoNN(r.at), hasDiff: Boolean(r.hasDiff) })), total, page: q.page, pageSize: q.pageSize };
}

export async function getActionLog(db: Executor, ctx: Ctx, id: number): Promise<ActionLogDetail> {
  const [row] = await db
    .select({ ...actionColumns, before: actionLog.before, after: actionLog.after })
    .from(actionLog)
    .leftJoin(users, eq(users.id, actionLog.userId))
    .leftJoin(storeGroups, eq(storeGroups.id, actionLog.groupId))
    .where(and(eq(actionLog.id, id), groupScope(ctx, actionLog.groupId)));
  if (!row) throw notFound();
  return { ...row, at: isoNN(row.at), hasDiff: Boolean(row.hasDiff) } as ActionLogDetail;
}

/** Menu history (seed §2 MenuHistory): the screens people opened. */
export async function listMenuHistory(db: Executor, ctx: Ctx, q: HistoryQuery) {
  const tz = await zoneOf(db, ctx);
  const where = and(
    groupScope(ctx, menuHistory.groupId),
    q.groupId ? eq(menuHistory.groupId, q.groupId) : undefined,
    q.userId ? eq(menuHistory.userId, q.userId) : undefined,
    dateRange(menuHistory.at, q.from, q.to, tz),
    keywordFilter(q.keyword, [menuHistory.account, menuHistory.screen, menuHistory.path, users.name]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: menuHistory.id,
        at: menuHistory.at,
        userId: menuHistory.userId,
        account: menuHistory.account,
        userName: users.name,
        groupName: storeGroups.name,
        screen: menuHistory.screen,
        path: menuHistory.path,
      })
      .from(menuHistory)
      .leftJoin(users, eq(users.id, menuHistory.userId))
      .leftJoin(storeGroups, eq(storeGroups.id, menuHistory.groupId))
      .where(where)
      .orderBy(desc(menuHistory.at), desc(menuHistory.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: countAll }).from(menuHistory).leftJoin(users, eq(users.id, menuHistory.userId)).where(where),
  ]);
  const total = counts[0]?.total ?? 0;
  return { items: rows.map((r) => ({ ...r, at: isoNN(r.at) })), total, page: q.page, pageSize: q.pageSize };
}
