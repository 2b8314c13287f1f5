import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { users } from '../../platform/platform.schema.js';
import { assertMayHandleAll, listFields } from './user-ceiling.js';

/** The (not deleted) accounts that hold a role. */
export async function holdersOf(db: Executor, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)));
  return rows.map((u) => u.id);
}

/** Changing a role's menu changes everyone who holds it: none of them may reach further than the caller. */
export async function assertMayChangeHolders(db: Executor, ctx: Ctx, roleId: number) {
  await assertMayHandleAll(db, ctx, await holdersOf(db, roleId), listFields('menu'));
}
