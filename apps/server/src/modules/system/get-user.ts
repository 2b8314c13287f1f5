import { and, eq, isNull } from 'drizzle-orm';
import type { UserRow } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { users } from '../../platform/platform.schema.js';
import { groupScope } from '../../platform/tenancy.js';
import { userQueryBase, userRow, type UserRaw } from './list-users.js';

/** One user of the caller's group (another group's user is "not found"). */
export async function loadUser(db: Executor, ctx: Ctx, id: number): Promise<UserRaw> {
  const [row] = await userQueryBase(db).where(and(eq(users.id, id), isNull(users.deletedAt), groupScope(ctx, users.groupId)));
  if (!row) throw notFound();
  return row;
}

export async function getUser(db: Executor, ctx: Ctx, id: number): Promise<UserRow> {
  return userRow(await loadUser(db, ctx, id));
}
