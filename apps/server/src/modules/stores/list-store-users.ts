import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { StoreUserRow } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { roles, users } from '../../platform/platform.schema.js';
import { getStore } from './get-store.js';

/** The users who work in a store: those assigned to it, and the group-level staff. */
export async function listStoreUsers(db: Executor, ctx: Ctx, storeId: number): Promise<StoreUserRow[]> {
  const store = await getStore(db, ctx, storeId);
  const rows = await db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      roleName: roles.name,
      active: users.active,
      allStores: users.allStores,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.groupId, store.groupId),
        isNull(users.deletedAt),
        or(
          eq(users.allStores, true),
          sql`exists (select 1 from user_stores us where us.user_id = ${users.id} and us.store_id = ${storeId})`,
        ),
      ),
    )
    .orderBy(asc(users.account))
    .limit(2000);
  return rows.map(({ allStores, ...r }) => ({ ...r, via: allStores ? ('group' as const) : ('store' as const) }));
}
