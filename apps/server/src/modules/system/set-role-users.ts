import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { RoleDetail } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { users } from '../../platform/platform.schema.js';
import { getRole, loadRole } from './get-role.js';
import { assertEditable } from './role-ceiling.js';
import { holdersOf } from './role-holders.js';
import { assertMayHandleAll, listFields, watchManagers } from './user-ceiling.js';

/**
 * Personnel of a role: exactly these users of the role's group hold it afterwards. Users taken off
 * the role are left without one (no access) until given another.
 */
export async function setRoleUsers(db: Db, ctx: Ctx, id: number, userIds: number[]): Promise<RoleDetail> {
  const role = await loadRole(db, ctx, id);
  assertEditable(ctx, role);
  const ids = [...new Set(userIds)];
  if (ids.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.groupId, role.groupId ?? -1), isNull(users.deletedAt), eq(users.isPlatformAdmin, false)));
    if (found.length !== ids.length)
      throw new AppError(400, 'feedback.validation.invalid', undefined, { userIds: 'feedback.validation.invalid' });
  }
  // Everyone put on or taken off the role is changed: none may have a role above the caller's (moving
  // them off it would take their rights away) or work in stores the caller does not.
  const holders = await holdersOf(db, id);
  const changed = [...ids.filter((u) => !holders.includes(u)), ...holders.filter((u) => !ids.includes(u))];
  await assertMayHandleAll(db, ctx, changed, listFields('userIds'));
  return db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, role.groupId);
    const before = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.roleId, id), isNull(users.deletedAt)));
    await tx
      .update(users)
      .set({ roleId: null, updatedAt: new Date() })
      .where(and(eq(users.roleId, id), ids.length ? notInArray(users.id, ids) : undefined));
    if (ids.length) await tx.update(users).set({ roleId: id, updatedAt: new Date() }).where(inArray(users.id, ids));
    await managerKept('userIds');
    await recordAction(tx, ctx, {
      entity: 'roles',
      entityId: id,
      action: 'setPersonnel',
      before: { userIds: before.map((u) => u.id).sort((a, b) => a - b) },
      after: { userIds: ids.sort((a, b) => a - b) },
      groupId: role.groupId,
    });
    return getRole(tx, ctx, id);
  });
}
