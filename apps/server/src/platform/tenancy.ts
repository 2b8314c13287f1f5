import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { V, dateIn } from '@gasops/shared';
import type { Ctx } from './context.js';
import type { Executor } from './db.js';
import { storeGroups, stores } from './platform.schema.js';
import { invalidField, notFound } from './errors.js';
import { getParamText } from './params.js';

/**
 * Tenant scoping for every query: services pass their store or group column and get back the
 * condition to AND into their WHERE (undefined = no restriction, for the platform administrator).
 * Another tenant's rows are answered as "not found", never as "forbidden", so ids reveal nothing.
 */
export function storeScope(ctx: Ctx, storeColumn: AnyPgColumn): SQL | undefined {
  const { shape, value } = scopeShape(ctx);
  return storeFilterOf(storeColumn, shape, value);
}

/** `storeScope`'s condition as a shape and its value (see `StoreFilterShape`). */
function scopeShape(ctx: Ctx): StoreFilterShape {
  const ids = ctx.user.storeIds;
  if (ids === null) return { shape: '-' };
  if (ids.length === 0) return { shape: 'false' };
  if (ids.length === 1) return { shape: '=', value: ids[0]! };
  // One array parameter, not one per store: a 200-store group made every query carry 200
  // parameters, and building and sending them was a large part of each request's CPU time.
  return { shape: 'any', value: `{${ids.join(',')}}` };
}

export function groupScope(ctx: Ctx, groupColumn: AnyPgColumn): SQL | undefined {
  if (ctx.user.isPlatformAdmin) return undefined;
  if (ctx.user.groupId === null) return sql`false`;
  return eq(groupColumn, ctx.user.groupId);
}

/**
 * A list's group filter: the caller's group (`groupScope`), narrowed to the group the request names
 * (the platform administrator's group picker; anyone else naming another group finds nothing).
 */
export function groupFilter(ctx: Ctx, groupColumn: AnyPgColumn, groupId?: number | null): SQL | undefined {
  return and(groupScope(ctx, groupColumn), groupId ? eq(groupColumn, groupId) : undefined);
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

/**
 * The stores a list, report or dashboard should show: the requested one (checked); else the store the
 * header's switcher chose (`ctx.storeScope`, ignored if the user may not touch it); else all the user
 * may touch ("all stores").
 */
export function storeFilter(ctx: Ctx, storeColumn: AnyPgColumn, storeId?: number | null): SQL | undefined {
  const { shape, value } = storeFilterShape(ctx, storeId);
  return storeFilterOf(storeColumn, shape, value);
}

/**
 * `storeFilter` split for a statement built once per filter shape (platform/statements.ts): the
 * condition's `shape` ('-' none, 'false', '=' one store, 'any' several) and its placeholder's value
 * (checked as `storeFilter` checks it); `storeFilterOf` builds the same condition over the placeholder.
 */
export type StoreFilterShape =
  { shape: '-' | 'false'; value?: undefined } | { shape: '='; value: number } | { shape: 'any'; value: string };

export function storeFilterShape(ctx: Ctx, storeId?: number | null): StoreFilterShape {
  if (storeId != null) {
    assertStore(ctx, storeId);
    return { shape: '=', value: storeId };
  }
  if (ctx.storeScope != null && canTouchStore(ctx, ctx.storeScope)) return { shape: '=', value: ctx.storeScope };
  return scopeShape(ctx);
}

/** The condition of a `StoreFilterShape` over its value, or over the value's placeholder (a statement built once per filter shape). */
export function storeFilterOf(
  storeColumn: AnyPgColumn,
  shape: StoreFilterShape['shape'],
  value: StoreFilterShape['value'] | Placeholder,
): SQL | undefined {
  if (shape === '-') return undefined;
  if (shape === 'false') return sql`false`;
  if (shape === '=') return eq(storeColumn, value);
  return sql`${storeColumn} = any(${value}::int[])`;
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

export type StoreRow = typeof stores.$inferSelect;

/**
 * The single-row tenancy check for a store: loads a store the caller may work in, or answers 404
 * (another tenant's or a deleted store), so a store id of another tenant reveals nothing.
 */
export async function storeOf(db: Executor, ctx: Ctx, storeId: number): Promise<StoreRow> {
  assertStore(ctx, storeId);
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), isNull(stores.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/** A referenced row that must exist in the same group (e.g. a category): 400 on the field otherwise. */
export function sameGroup(groupId: number, row: { groupId: number } | undefined, field: string, key = 'feedback.validation.invalid') {
  if (!row || row.groupId !== groupId) throw invalidField(field, key);
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

/**
 * The store group a write applies to. A group manager always works in their own group (naming
 * another one is answered "not found"); the platform administrator names the group, which must exist.
 */
export async function targetGroup(db: Executor, ctx: Ctx, requested: number | null | undefined): Promise<number> {
  if (!ctx.user.isPlatformAdmin) {
    if (ctx.user.groupId === null) throw notFound();
    if (requested != null && requested !== ctx.user.groupId) throw notFound();
    return ctx.user.groupId;
  }
  if (requested == null) throw invalidField('groupId', V.required);
  const [g] = await db
    .select({ id: storeGroups.id })
    .from(storeGroups)
    .where(and(eq(storeGroups.id, requested), isNull(storeGroups.deletedAt)));
  if (!g) throw invalidField('groupId', V.invalid);
  return g.id;
}
