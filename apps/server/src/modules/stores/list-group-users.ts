import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { GroupUserRow, groupUserQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, countedPage } from '../../platform/paging.js';
import { roles, users } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { resolveGroup } from './resolve-group.js';

/** Staff of a store group (seed "store group: staff"): its accounts, and which are group-level (all stores). */
export async function listGroupUsers(db: Executor, ctx: Ctx, q: z.infer<typeof groupUserQuery>) {
  const groupId = await resolveGroup(db, ctx, q.groupId);
  const where = and(
    eq(users.groupId, groupId),
    isNull(users.deletedAt),
    keywordFilter(q.keyword, [users.account, users.name, users.email]),
  );
  const rows = db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      email: users.email,
      roleName: roles.name,
      active: users.active,
      allStores: users.allStores,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(asc(users.account))
    .$dynamic();
  return countedPage(q, rows, db.select({ total: countAll }).from(users).where(where), (r): GroupUserRow => r);
}
