import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { conflict, inUse, notFound } from '../../platform/errors.js';
import { getParamText } from '../../platform/params.js';
import { storeGroups, stores } from '../../platform/platform.schema.js';
import { assertStore } from '../../platform/tenancy.js';

/** A store the caller may work in (another tenant's or a deleted store is a 404), with its group. */
export async function storeOf(db: Executor, ctx: Ctx, storeId: number): Promise<{ id: number; groupId: number; name: string }> {
  assertStore(ctx, storeId);
  const [row] = await db
    .select({ id: stores.id, groupId: stores.groupId, name: stores.name })
    .from(stores)
    .where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
  if (!row) throw notFound();
  return row;
}


/**
 * Drizzle wraps driver errors (the PostgreSQL code sits on `cause`), so the platform's mapping of
 * unique / foreign-key violations may not see them: map them here to 409 answers.
 */
export async function withDbConflicts<T>(fn: () => Promise<T>, duplicateField: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const code = (err as { code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
    if (code === '23505') throw conflict('feedback.error.duplicate', { field: duplicateField });
    if (code === '23503') throw inUse();
    throw err;
  }
}

/** Currency and time zone of the store's group (or the caller's group); platform defaults otherwise. */
export async function groupSettingsOf(db: Executor, ctx: Ctx, storeId?: number | null): Promise<{ currency: string; timeZone: string }> {
  const groupId = storeId ? (await storeOf(db, ctx, storeId)).groupId : ctx.user.groupId;
  if (groupId) {
    const [g] = await db
      .select({ currency: storeGroups.currency, timeZone: storeGroups.timeZone })
      .from(storeGroups)
      .where(eq(storeGroups.id, groupId));
    if (g) return g;
  }
  return { currency: await getParamText(db, null, 'DEFAULT_CURRENCY'), timeZone: await getParamText(db, null, 'DEFAULT_TIME_ZONE') };
}
