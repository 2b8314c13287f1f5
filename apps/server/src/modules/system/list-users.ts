import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { UserListQuery, UserRow } from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, countedPage } from '../../platform/paging.js';
import { roles, storeGroups, stores, users } from '../../platform/platform.schema.js';
import { flagFilter, keywordFilter } from '../../platform/search.js';
import { groupFilter } from '../../platform/tenancy.js';

const defaultStore = sql`default_store`;
const storeIdsOf = sql<
  number[]
>`coalesce(array(select us.store_id from user_stores us where us.user_id = ${users.id} order by us.store_id), '{}')`;

const userColumns = {
  id: users.id,
  groupId: users.groupId,
  groupName: storeGroups.name,
  account: users.account,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  roleName: roles.name,
  roleMenu: roles.menu,
  defaultStoreId: users.defaultStoreId,
  defaultStoreName: sql<string | null>`${defaultStore}.name`,
  active: users.active,
  allStores: users.allStores,
  isPlatformAdmin: users.isPlatformAdmin,
  storeIds: storeIdsOf,
  createdAt: users.createdAt,
};

/** An account as the API answers it (before userRow): with its group, role (and the role's menu), default store and stores. */
export function userQueryBase(db: Executor) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(storeGroups, eq(storeGroups.id, users.groupId))
    .leftJoin(sql`${stores} as ${defaultStore}`, sql`${defaultStore}.id = ${users.defaultStoreId}`);
}

export type UserRaw = Awaited<ReturnType<ReturnType<typeof userQueryBase>['where']>>[number];
export const userRow = ({ roleMenu: _m, ...r }: UserRaw): UserRow => ({
  ...r,
  storeIds: (r.storeIds ?? []).map(Number),
  createdAt: isoNN(r.createdAt),
});

export async function listUsers(db: Executor, ctx: Ctx, q: UserListQuery) {
  const where = and(
    isNull(users.deletedAt),
    groupFilter(ctx, users.groupId, q.groupId),
    q.roleId ? eq(users.roleId, q.roleId) : undefined,
    flagFilter(users.active, q.active),
    keywordFilter(q.keyword, [users.account, users.name, users.email]),
  );
  const rows = userQueryBase(db).where(where).orderBy(asc(users.groupId), asc(users.account)).$dynamic();
  return countedPage(q, rows, db.select({ total: countAll }).from(users).where(where), userRow);
}
