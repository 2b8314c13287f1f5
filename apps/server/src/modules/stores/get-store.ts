import { and, eq, isNull } from 'drizzle-orm';
import type { StoreRow } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { assertStore } from '../../platform/tenancy.js';
import { storeQueryBase, storeRow } from './list-stores.js';

/** One store the caller works in (another is "not found"). */
export async function getStore(db: Executor, ctx: Ctx, id: number): Promise<StoreRow> {
  assertStore(ctx, id);
  const [row] = await storeQueryBase(db).where(and(eq(stores.id, id), isNull(stores.deletedAt)));
  if (!row) throw notFound();
  return storeRow(row);
}
