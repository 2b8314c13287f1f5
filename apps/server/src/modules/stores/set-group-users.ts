import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { users } from '../../platform/platform.schema.js';
import { allStoresNotYours, assertMayHandleAll, listFields, watchManagers } from '../system/index.js';
import { resolveGroup } from './resolve-group.js';

/**
 * Sets exactly which accounts of the group are group-level staff (work in every store). Only group-level
 * staff may change the list, only for accounts they may change, and the group keeps a manager.
 */
export async function setGroupUsers(db: Db, ctx: Ctx, groupIdIn: number | null, userIds: number[]): Promise<{ userIds: number[] }> {
  const groupId = await resolveGroup(db, ctx, groupIdIn);
  const ids = [...new Set(userIds)];
  if (ids.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.groupId, groupId), isNull(users.deletedAt)));
    if (found.length !== ids.length)
      throw new AppError(400, 'feedback.validation.invalid', undefined, { userIds: 'feedback.validation.invalid' });
  }
  const current = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.groupId, groupId), eq(users.allStores, true), isNull(users.deletedAt)))
  ).map((u) => u.id);
  const changed = [...ids.filter((u) => !current.includes(u)), ...current.filter((u) => !ids.includes(u))];
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
