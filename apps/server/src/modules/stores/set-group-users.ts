import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { users } from '../../platform/platform.schema.js';
import { allStoresNotYours, assertMayHandleAll, listFields, watchManagers } from '../system/index.js';
import { changedAccounts, checkAssignedAccounts } from './assigned-accounts.js';
import { resolveGroup } from './resolve-group.js';

/**
 * Sets exactly which accounts of the group are group-level staff (work in every store). Only group-level
 * staff may change the list, only for accounts they may change, and the group keeps a manager.
 */
export async function setGroupUsers(db: Db, ctx: Ctx, groupIdIn: number | null, userIds: number[]): Promise<{ userIds: number[] }> {
  const groupId = await resolveGroup(db, ctx, groupIdIn);
  const ids = await checkAssignedAccounts(db, groupId, userIds);
  const current = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.groupId, groupId), eq(users.allStores, true), isNull(users.deletedAt)))
  ).map((u) => u.id);
  const changed = changedAccounts(ids, current);
  if (changed.length && !ctx.user.isPlatformAdmin) {
    if (!ctx.user.allStores) throw allStoresNotYours('userIds');
    await assertMayHandleAll(db, ctx, changed, listFields('userIds'));
  }
  return db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, groupId);
    const before = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.groupId, groupId), eq(users.allStores, true), isNull(users.deletedAt)));
    await tx
      .update(users)
      .set({ allStores: false, updatedAt: new Date() })
      .where(and(eq(users.groupId, groupId), eq(users.allStores, true), ids.length ? notInArray(users.id, ids) : undefined));
    if (ids.length) await tx.update(users).set({ allStores: true, updatedAt: new Date() }).where(inArray(users.id, ids));
    await managerKept('userIds');
    const sorted = ids.sort((a, b) => a - b);
    await recordAction(tx, ctx, {
      entity: 'store_groups',
      entityId: groupId,
      action: 'setGroupUsers',
      before: { userIds: before.map((u) => u.id).sort((a, b) => a - b) },
      after: { userIds: sorted },
      groupId,
    });
    return { userIds: sorted };
  });
}
