import { and, asc, eq, isNull } from 'drizzle-orm';
import type { RoleDetail } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { roles, users } from '../../platform/platform.schema.js';
import { groupScope } from '../../platform/tenancy.js';
import { roleQueryBase, roleRow, type RoleRaw } from './list-roles.js';

/** One role of the caller's group (another group's role is "not found"). */
export async function loadRole(db: Executor, ctx: Ctx, id: number): Promise<RoleRaw> {
  const [row] = await roleQueryBase(db).where(and(eq(roles.id, id), groupScope(ctx, roles.groupId)));
  if (!row) throw notFound();
  return row;
}

export async function getRole(db: Executor, ctx: Ctx, id: number): Promise<RoleDetail> {
  const row = await loadRole(db, ctx, id);
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, id), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  return { ...roleRow(ctx, row), userIds: members.map((m) => m.id) };
}
