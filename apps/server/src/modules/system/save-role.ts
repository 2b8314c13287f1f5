import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RoleBody, RoleRow } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { inUse, REFUSED, invalidField, taken } from '../../platform/errors.js';
import { countAll } from '../../platform/paging.js';
import { roles, users } from '../../platform/platform.schema.js';
import { targetGroup } from '../../platform/tenancy.js';
import { loadRole } from './get-role.js';
import { roleRow } from './list-roles.js';
import { assertEditable, cleanMenu, mayHandle, menuAboveOwn } from './role-ceiling.js';
import { assertMayChangeHolders } from './role-holders.js';
import { watchManagers } from './user-ceiling.js';

async function assertCodeFree(db: Executor, groupId: number | null, code: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        sql`coalesce(${roles.groupId}, 0) = ${groupId ?? 0}`,
        eq(roles.code, code),
        exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
      ),
    );
  if (dup) throw taken('code', 'system.error.codeTaken');
}

export async function createRole(db: Db, ctx: Ctx, body: RoleBody): Promise<RoleRow> {
  const groupId = await targetGroup(db, ctx, body.groupId);
  const menu = cleanMenu(body.menu as Record<string, string[]> | undefined);
  if (!mayHandle(ctx, menu)) throw menuAboveOwn();
  await assertCodeFree(db, groupId, body.code);
  return db.transaction(async (tx) => {
    const [r] = await tx.insert(roles).values({ groupId, name: body.name, code: body.code, menu }).returning();
    await recordAction(tx, ctx, { entity: 'roles', entityId: r!.id, action: 'create', after: r, groupId });
    return roleRow(ctx, await loadRole(tx, ctx, r!.id));
  });
}

/** Name and code (the menu has its own call: "permission set"). */
export async function updateRole(db: Db, ctx: Ctx, id: number, body: RoleBody): Promise<RoleRow> {
  const before = await loadRole(db, ctx, id);
  assertEditable(ctx, before);
  if (body.groupId != null && body.groupId !== before.groupId) throw invalidField('groupId', 'feedback.validation.invalid');
  if (body.code !== before.code) await assertCodeFree(db, before.groupId, body.code, id);
  const menu = body.menu ? cleanMenu(body.menu as Record<string, string[]> | undefined) : undefined;
  if (menu && !mayHandle(ctx, menu)) throw menuAboveOwn();
  if (menu) await assertMayChangeHolders(db, ctx, id);
  return db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, before.groupId);
    const [after] = await tx
      .update(roles)
      .set({ name: body.name, code: body.code, ...(menu ? { menu } : {}), updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning();
    await managerKept('menu');
    await recordAction(tx, ctx, { entity: 'roles', entityId: id, action: 'edit', before, after, groupId: before.groupId });
    return roleRow(ctx, await loadRole(tx, ctx, id));
  });
}

/** A role still held by someone is refused (in use); reassign its personnel first. */
export async function deleteRole(db: Db, ctx: Ctx, id: number): Promise<void> {
  const before = await loadRole(db, ctx, id);
  assertEditable(ctx, before);
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: countAll })
      .from(users)
      .where(and(eq(users.roleId, id), isNull(users.deletedAt)));
    if (held!.n > 0) throw inUse(REFUSED.roleUsers);
    // Deleted accounts keep their history but not a role that no longer exists.
    await tx.update(users).set({ roleId: null }).where(eq(users.roleId, id));
    await tx.delete(roles).where(eq(roles.id, id));
    await recordAction(tx, ctx, { entity: 'roles', entityId: id, action: 'delete', before, groupId: before.groupId });
  });
}
