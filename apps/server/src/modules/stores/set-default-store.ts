import { and, eq, isNull } from 'drizzle-orm';
import type { DefaultStore } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { stores, users } from '../../platform/platform.schema.js';
import { assertStore } from '../../platform/tenancy.js';

/** Makes a store the caller works in the one they open by default. */
export async function setDefaultStore(db: Db, ctx: Ctx, storeId: number): Promise<DefaultStore> {
  assertStore(ctx, storeId);
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({ id: stores.id, name: stores.name })
      .from(stores)
      .where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
    if (!store) assertStore(ctx, null);
    await tx.update(users).set({ defaultStoreId: storeId }).where(eq(users.id, ctx.user.id));
    await recordAction(tx, ctx, {
      entity: 'users',
      entityId: ctx.user.id,
      action: 'setDefaultStore',
      before: { defaultStoreId: ctx.user.defaultStoreId },
      after: { defaultStoreId: storeId },
    });
    return { storeId: store!.id, name: store!.name };
  });
}
