import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { StoreUserRow } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { users, userStores } from '../../platform/platform.schema.js';
import { assertMayHandleAll, listFields } from '../system/index.js';
import { changedAccounts, checkAssignedAccounts } from './assigned-accounts.js';
import { getStore } from './get-store.js';
import { listStoreUsers } from './list-store-users.js';

/**
 * Sets exactly which (store-level) users are assigned to the store. Group-level staff are always in.
 * The caller works in the store (tenancy); each store-level account put on or taken off it must be one
 * the caller may change (no role above theirs, no store they lack).
 */
export async function setStoreUsers(db: Db, ctx: Ctx, storeId: number, userIds: number[]): Promise<StoreUserRow[]> {
  const store = await getStore(db, ctx, storeId);
  const ids = await checkAssignedAccounts(db, store.groupId, userIds);
  const current = (await db.select({ id: userStores.userId }).from(userStores).where(eq(userStores.storeId, storeId))).map((u) => u.id);
  const changed = changedAccounts(ids, current);
  if (changed.length && !ctx.user.isPlatformAdmin) {
    // Group-level staff work here whatever the list says: the list changes nothing for them.
    const storeLevel = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, changed), eq(users.allStores, false)));
    await assertMayHandleAll(
      db,
      ctx,
      storeLevel.map((u) => u.id),
      listFields('userIds'),
    );
  }
  return db.transaction(async (tx) => {
    const before = await tx.select({ id: userStores.userId }).from(userStores).where(eq(userStores.storeId, storeId));
    await tx.delete(userStores).where(and(eq(userStores.storeId, storeId), ids.length ? notInArray(userStores.userId, ids) : undefined));
    if (ids.length)
      await tx
        .insert(userStores)
        .values(ids.map((userId) => ({ userId, storeId })))
        .onConflictDoNothing();
    await recordAction(tx, ctx, {
      entity: 'stores',
      entityId: storeId,
      action: 'setStoreUsers',
      before: { userIds: before.map((u) => u.id).sort((a, b) => a - b) },
      after: { userIds: [...ids].sort((a, b) => a - b) },
      groupId: store.groupId,
    });
    return listStoreUsers(tx, ctx, storeId);
  });
}
