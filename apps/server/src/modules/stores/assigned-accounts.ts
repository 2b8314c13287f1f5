import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { users } from '../../platform/platform.schema.js';

// What the group-user and store-user lists (set-group-users.ts, set-store-users.ts) check alike.

/** The distinct accounts a list names, each a live account of the group: else a 400 on `userIds`. */
export async function checkAssignedAccounts(db: Executor, groupId: number, userIds: number[]): Promise<number[]> {
  const ids = [...new Set(userIds)];
  if (ids.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.groupId, groupId), isNull(users.deletedAt)));
    if (found.length !== ids.length)
      throw new AppError(400, 'feedback.validation.invalid', undefined, { userIds: 'feedback.validation.invalid' });
  }
  return ids;
}

/** The accounts a new list (`ids`) puts on or takes off the current one. */
export function changedAccounts(ids: number[], current: number[]): number[] {
  return [...ids.filter((u) => !current.includes(u)), ...current.filter((u) => !ids.includes(u))];
}
