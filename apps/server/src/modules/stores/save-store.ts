import { eq } from 'drizzle-orm';
import type { StoreCreateBody, StoreRow, StoreUpdateBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError, inUse, REFUSED } from '../../platform/errors.js';
import { countAll } from '../../platform/paging.js';
import { customers } from '../customers/customers.schema.js';
import { stores, users } from '../../platform/platform.schema.js';
import { targetGroup } from '../../platform/tenancy.js';
import { getStore } from './get-store.js';
import { storeQueryBase, storeRow } from './list-stores.js';

/** Creating or removing stores changes the whole group: only group-level staff (or the platform administrator) may. */
function assertGroupLevel(ctx: Ctx) {
  if (!ctx.user.isPlatformAdmin && !ctx.user.allStores) throw new AppError(400, 'system.error.groupLevelOnly');
}

export async function createStore(db: Db, ctx: Ctx, body: StoreCreateBody): Promise<StoreRow> {
  assertGroupLevel(ctx);
  const groupId = await targetGroup(db, ctx, body.groupId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stores)
      .values({ ...body, groupId })
      .returning();
    await recordAction(tx, ctx, { entity: 'stores', entityId: row!.id, action: 'create', after: row, groupId });
    // The new store belongs to the caller's stores at once (group-level staff see every store).
    const [full] = await storeQueryBase(tx).where(eq(stores.id, row!.id));
    return storeRow(full!);
  });
}

export async function updateStore(db: Db, ctx: Ctx, body: StoreUpdateBody): Promise<StoreRow> {
  const { id, groupId: requestedGroup, ...patch } = body;
  const current = await getStore(db, ctx, id);
  if (requestedGroup != null && requestedGroup !== current.groupId)
    throw new AppError(400, 'feedback.validation.invalid', undefined, { groupId: 'feedback.validation.invalid' });
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(stores).where(eq(stores.id, id)).for('update');
    const [after] = await tx
      .update(stores)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(stores.id, id))
      .returning();
    await recordAction(tx, ctx, { entity: 'stores', entityId: id, action: 'edit', before, after, groupId: current.groupId });
    return getStore(tx, ctx, id);
  });
}

/**
 * Soft delete: customers, orders and devices of the store keep pointing at it and its history stays
 * readable; the store disappears from lists and pickers, and its users stop working in it.
 */
export async function deleteStore(db: Db, ctx: Ctx, id: number): Promise<void> {
  assertGroupLevel(ctx);
  const current = await getStore(db, ctx, id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(stores).where(eq(stores.id, id)).for('update');
    // A removed store's customers could no longer be found, served or billed.
    const [c] = await tx.select({ n: countAll }).from(customers).where(eq(customers.storeId, id));
    if (c!.n > 0) throw inUse(REFUSED.storeCustomers);
    await tx.update(stores).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(stores.id, id));
    // Nobody keeps a removed store as the store they open by default.
    await tx.update(users).set({ defaultStoreId: null }).where(eq(users.defaultStoreId, id));
    await recordAction(tx, ctx, { entity: 'stores', entityId: id, action: 'delete', before, groupId: current.groupId });
  });
}
