import { and, eq } from 'drizzle-orm';
import type { ActionLogDetail } from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { actionLog } from '../../platform/platform.schema.js';
import { groupScope } from '../../platform/tenancy.js';
import { fromLog } from './history-query.js';
import { actionColumns } from './list-action-log.js';

export async function getActionLog(db: Executor, ctx: Ctx, id: number): Promise<ActionLogDetail> {
  const [row] = await fromLog(db, actionLog, { ...actionColumns, before: actionLog.before, after: actionLog.after }).where(
    and(eq(actionLog.id, id), groupScope(ctx, actionLog.groupId)),
  );
  if (!row) throw notFound();
  // before/after are jsonb written by the audit (JSON by construction).
  return { ...row, at: isoNN(row.at), hasDiff: Boolean(row.hasDiff) } as ActionLogDetail;
}
