import { desc, eq, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { HistoryQuery } from '@gasops/shared';
import { dateRange, isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { actionLog, loginHistory, menuHistory, storeGroups, users } from '../../platform/platform.schema.js';
import { groupFilter, groupSettingsOf } from '../../platform/tenancy.js';

/** What the histories (login, action log, menu) share: their filters, their rows' who and when, their paging. */

type LogTable = typeof loginHistory | typeof actionLog | typeof menuHistory;

/** The filters every history has: the caller's group (or one group), one user, a period of the group's days. */
export async function historyFilters(db: Executor, ctx: Ctx, log: LogTable, q: HistoryQuery): Promise<(SQL | undefined)[]> {
  // Dates typed in the filters are days of the caller's store group (the platform default for the administrator).
  const { timeZone } = await groupSettingsOf(db, ctx);
  return [
    groupFilter(ctx, log.groupId, q.groupId),
    q.userId ? eq(log.userId, q.userId) : undefined,
    dateRange(log.at, q.from, q.to, timeZone),
  ];
}

/** Rows of a history: when and by whom (the user's name if the user still exists, the group's name) and the log's own `columns`. */
export function fromLog<C extends SelectedFields>(db: Executor, log: LogTable, columns: C) {
  return db
    .select({ id: log.id, at: log.at, userId: log.userId, ...columns, userName: users.name, groupName: storeGroups.name })
    .from(log)
    .leftJoin(users, eq(users.id, log.userId))
    .leftJoin(storeGroups, eq(storeGroups.id, log.groupId));
}

/** One page of a history, newest first; the keyword may match the user's name, so the count joins users too. */
export async function historyPage<C extends SelectedFields>(
  db: Executor,
  log: LogTable,
  columns: C,
  where: SQL | undefined,
  q: HistoryQuery,
) {
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
