import { and, eq, isNull } from 'drizzle-orm';
import type { GroupCreateBody, GroupRow, GroupUpdateBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { inUse, REFUSED } from '../../platform/errors.js';
import { countAll } from '../../platform/paging.js';
import { storeGroups, stores, users } from '../../platform/platform.schema.js';
import { getGroup } from './list-groups.js';

export async function createGroup(db: Db, ctx: Ctx, body: GroupCreateBody): Promise<GroupRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(storeGroups).values(body).returning();
    await recordAction(tx, ctx, { entity: 'store_groups', entityId: row!.id, action: 'create', after: row, groupId: row!.id });
    return getGroup(tx, ctx, row!.id);
  });
}

export async function updateGroup(db: Db, ctx: Ctx, body: GroupUpdateBody): Promise<GroupRow> {
  const { id, ...patch } = body;
  await getGroup(db, ctx, id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(storeGroups).where(eq(storeGroups.id, id)).for('update');
    const [after] = await tx
      .update(storeGroups)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(storeGroups.id, id))
      .returning();
    await recordAction(tx, ctx, { entity: 'store_groups', entityId: id, action: 'edit', before, after, groupId: id });
    return getGroup(tx, ctx, id);
  });
}

/**
 * A group with stores or accounts still in it is refused (in use); an empty one is soft-deleted so
 * its login and action history keep their group name.
 */
export async function deleteGroup(db: Db, ctx: Ctx, id: number): Promise<void> {
  await getGroup(db, ctx, id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(storeGroups).where(eq(storeGroups.id, id)).for('update');
    const [s] = await tx
      .select({ n: countAll })
      .from(stores)
      .where(and(eq(stores.groupId, id), isNull(stores.deletedAt)));
    const [u] = await tx
      .select({ n: countAll })
      .from(users)
      .where(and(eq(users.groupId, id), isNull(users.deletedAt)));
    if (s!.n > 0 || u!.n > 0) throw inUse(REFUSED.groupStores);
    await tx.update(storeGroups).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(storeGroups.id, id));
    await recordAction(tx, ctx, { entity: 'store_groups', entityId: id, action: 'delete', before, groupId: id });
  });
}
