import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { getGroup } from './list-groups.js';

/** The group the caller means: their own, or for the platform administrator the one named (required). */
export async function resolveGroup(db: Executor, ctx: Ctx, groupId: number | null | undefined): Promise<number> {
  const id = groupId ?? ctx.user.groupId;
  if (id == null) throw notFound();
  await getGroup(db, ctx, id);
  return id;
}
