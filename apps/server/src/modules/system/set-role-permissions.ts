import { eq } from 'drizzle-orm';
import type { RoleRow } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { roles } from '../../platform/platform.schema.js';
import { loadRole } from './get-role.js';
import { roleRow } from './list-roles.js';
import { assertEditable, cleanMenu, mayHandle, menuAboveOwn } from './role-ceiling.js';
import { assertMayChangeHolders } from './role-holders.js';
import { watchManagers } from './user-ceiling.js';

/** The role's menu setting (screens × actions). Applies to its users on their next request. */
export async function setRolePermissions(
  db: Db,
  ctx: Ctx,
  id: number,
  input: Partial<Record<string, readonly string[]>>,
): Promise<RoleRow> {
  const before = await loadRole(db, ctx, id);
  assertEditable(ctx, before);
  const menu = cleanMenu(input as Record<string, string[]>);
  if (!mayHandle(ctx, menu)) throw menuAboveOwn();
  await assertMayChangeHolders(db, ctx, id);
  return db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, before.groupId);
    const [after] = await tx.update(roles).set({ menu, updatedAt: new Date() }).where(eq(roles.id, id)).returning();
    await managerKept('menu');
    await recordAction(tx, ctx, {
      entity: 'roles',
      entityId: id,
      action: 'setPermissions',
      before: { menu: before.menu },
      after: { menu: after!.menu },
      groupId: before.groupId,
    });
    return roleRow(ctx, await loadRole(tx, ctx, id));
  });
}
