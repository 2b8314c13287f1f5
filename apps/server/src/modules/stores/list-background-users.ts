import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { BackgroundUserRow, backgroundUserQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { roles, users } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { groupScope } from '../../platform/tenancy.js';
import { resolveGroup } from './resolve-group.js';

/** Back-office accounts of a group, for pickers (responsible person, personnel, delivery staff). */
export async function listBackgroundUsers(db: Executor, ctx: Ctx, q: z.infer<typeof backgroundUserQuery>): Promise<BackgroundUserRow[]> {
  const groupId = ctx.user.isPlatformAdmin ? (q.groupId ?? null) : await resolveGroup(db, ctx, q.groupId);
  return db
    .select({ id: users.id, account: users.account, name: users.name, roleName: roles.name })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.active, true),
        eq(users.isPlatformAdmin, false),
        groupId === null ? groupScope(ctx, users.groupId) : eq(users.groupId, groupId),
        keywordFilter(q.keyword, [users.account, users.name]),
      ),
    )
    .orderBy(asc(users.account))
    .limit(1000);
}
