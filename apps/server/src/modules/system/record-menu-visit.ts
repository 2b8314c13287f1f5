import type { MenuVisitBody } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { menuHistory } from '../../platform/platform.schema.js';

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
