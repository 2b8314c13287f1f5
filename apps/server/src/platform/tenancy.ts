import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dateIn } from '@gasops/shared';
import type { Ctx } from './context.js';
import type { Executor } from './db.js';
import { storeGroups } from './platform.schema.js';
import { notFound } from './errors.js';

/**
 * Tenant scoping for every query: services pass their store or group column and get back the
 * condition to AND into their WHERE (undefined = no restriction, for the platform administrator).
 * Another tenant's rows are answered as "not found", never as "forbidden", so ids reveal nothing.
 */
export function storeScope(ctx: Ctx, storeColumn: AnyPgColumn): SQL | undefined {
  const ids = ctx.user.storeIds;
  if (ids === null) return undefined;
  if (ids.length === 0) return sql`false`;
  if (ids.length === 1) return eq(storeColumn, ids[0]!);
  // One array parameter, not one per store: a 200-store group made every query carry 200
  // parameters, and building and sending them was a large part of each request's CPU time.
  return sql`${storeColumn} = any(${`{${ids.join(',')}}`}::int[])`;
}

export function groupScope(ctx: Ctx, groupColumn: AnyPgColumn): SQL | undefined {
  if (ctx.user.isPlatformAdmin) return undefined;
  if (ctx.user.groupId === null) return sql`false`;
  return eq(groupColumn, ctx.user.groupId);
}

export function canTouchStore(ctx: Ctx, storeId: number): boolean {
  return ctx.user.storeIds === null || ctx.user.storeIds.includes(storeId);
}

export function assertStore(ctx: Ctx, storeId: number | null | undefined): void {
  if (storeId == null || !canTouchStore(ctx, storeId)) throw notFound();
}

export function assertGroup(ctx: Ctx, groupId: number | null | undefined): void {
  if (ctx.user.isPlatformAdmin) return;
  if (groupId == null || groupId !== ctx.user.groupId) throw notFound();
}

/** The stores a list should show: the requested one (checked) or all the user may touch. */
export function storeFilter(ctx: Ctx, storeColumn: AnyPgColumn, storeId?: number | null): SQL | undefined {
  if (storeId != null) {
    assertStore(ctx, storeId);
    return eq(storeColumn, storeId);
  }
  return storeScope(ctx, storeColumn);
}

/** A store group's time zone (Asia/Taipei unless the group says otherwise). */
export async function groupTimeZone(db: Executor, groupId: number): Promise<string> {
  const [g] = await db.select({ tz: storeGroups.timeZone }).from(storeGroups).where(eq(storeGroups.id, groupId));
  return g?.tz ?? 'Asia/Taipei';
}

/** Today's date (YYYY-MM-DD) on a store group's calendar. */
export async function groupToday(db: Executor, groupId: number): Promise<string> {
  return dateIn(await groupTimeZone(db, groupId));
}
