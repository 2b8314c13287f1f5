import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DefaultStore } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { stores } from '../../platform/platform.schema.js';
import { canTouchStore } from '../../platform/tenancy.js';

/**
 * The store the user works in by default (seed §2: fetched before each route). Falls back to the
 * first store the user may touch when the saved one is gone or no longer theirs.
 */
export async function getDefaultStore(db: Executor, ctx: Ctx): Promise<DefaultStore> {
  const saved = ctx.user.defaultStoreId;
  if (saved !== null && canTouchStore(ctx, saved)) {
    const [row] = await db
      .select({ id: stores.id, name: stores.name })
      .from(stores)
      .where(and(eq(stores.id, saved), isNull(stores.deletedAt)));
    if (row) return { storeId: row.id, name: row.name };
  }
  const ids = ctx.user.storeIds;
  if (ids !== null && ids.length === 0) return { storeId: null, name: null };
  const [first] = await db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(isNull(stores.deletedAt), ids === null ? undefined : inArray(stores.id, ids)))
    .orderBy(asc(stores.id))
    .limit(1);
  return first ? { storeId: first.id, name: first.name } : { storeId: null, name: null };
}
