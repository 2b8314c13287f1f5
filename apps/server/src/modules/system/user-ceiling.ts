import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { normaliseMenu, type Action, type MenuSetting, type ScreenKey } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { parseIntArray, type Executor } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { roles, storeGroups, stores, users, userStores } from '../../platform/platform.schema.js';
import { mayHandle, roleAboveOwn } from './role-ceiling.js';

/**
 * The access ceiling of accounts (issue 11): nobody hands out stores or group-level access (all
 * stores) they do not have, to others or to themselves; nobody changes an account whose role or
 * stores reach further than their own; and a store group never loses its last manager. The platform
 * administrator stands above every group and is bound by none of it.
 */

/** Which request field each refusal is reported on (the user form's by default). */
export type CeilingFields = { role: string; allStores: string; storeIds: string };
const FORM_FIELDS: CeilingFields = { role: 'roleId', allStores: 'allStores', storeIds: 'storeIds' };
/** For routes that take a list of accounts: every refusal is about that list. */
export const listFields = (field: string): CeilingFields => ({ role: field, allStores: field, storeIds: field });

const refusal = (status: number, key: string, field: string | undefined) =>
  new AppError(status, key, undefined, field ? { [field]: key } : undefined);

export const allStoresNotYours = (field = FORM_FIELDS.allStores) => refusal(403, 'system.error.allStoresNotYours', field);
export const storesNotYours = (field = FORM_FIELDS.storeIds) => refusal(403, 'system.error.storesNotYours', field);
export const userAboveOwn = (field: string) => refusal(403, 'system.error.userAboveOwn', field);
export const lastManager = (field: string | undefined) => refusal(409, 'system.error.lastManager', field);

/**
 * Access being handed out (a new account, an edited one, the caller's own): all stores only by someone
 * who has all stores, and otherwise only stores the caller works in themselves.
 */
export function assertMayGrant(ctx: Ctx, access: { allStores: boolean; storeIds: readonly number[] }, fields = FORM_FIELDS): void {
  if (ctx.user.isPlatformAdmin || ctx.user.allStores) return;
  if (access.allStores) throw allStoresNotYours(fields.allStores);
  const mine = new Set(ctx.user.storeIds ?? []);
  if (access.storeIds.some((id) => !mine.has(id))) throw storesNotYours(fields.storeIds);
}

/** What an existing account reaches: its role's menu and its live stores (all of them when group-level). */
export type Reach = { id: number; isPlatformAdmin: boolean; allStores: boolean; roleMenu: unknown; storeIds: number[] };

const liveStoreIds = sql<number[]>`coalesce(array(
  select us.store_id from ${userStores} us join ${stores} s on s.id = us.store_id
   where us.user_id = ${users.id} and s.deleted_at is null order by us.store_id), '{}')`;

/** The reach of the given (not deleted) accounts. */
export async function reachOf(db: Executor, ids: readonly number[]): Promise<Reach[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      isPlatformAdmin: users.isPlatformAdmin,
      allStores: users.allStores,
      roleMenu: roles.menu,
      storeIds: liveStoreIds,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
  return rows.map((r) => ({ ...r, storeIds: parseIntArray(r.storeIds) }));
}

/**
 * An account the caller may change (edit, re-role, move between stores, disable, delete, reset): its
 * role gives nothing beyond the caller's (400, as before), and it works nowhere the caller does not (403).
 */
export function assertMayHandle(ctx: Ctx, target: Reach, fields = FORM_FIELDS): void {
  if (ctx.user.isPlatformAdmin) return;
  if (target.isPlatformAdmin) throw userAboveOwn(fields.allStores);
  if (!mayHandle(ctx, target.roleMenu as MenuSetting | null)) throw roleAboveOwn(fields.role);
  if (ctx.user.allStores) return;
  if (target.allStores) throw userAboveOwn(fields.allStores);
  const mine = new Set(ctx.user.storeIds ?? []);
  if (target.storeIds.some((id) => !mine.has(id))) throw userAboveOwn(fields.storeIds);
}

/** assertMayHandle for several accounts at once (those a list route adds or takes away). */
export async function assertMayHandleAll(db: Executor, ctx: Ctx, ids: readonly number[], fields: CeilingFields): Promise<void> {
  if (ctx.user.isPlatformAdmin) return;
  for (const r of await reachOf(db, ids)) assertMayHandle(ctx, r, fields);
}

/**
 * Nobody touches an account whose role gives more than their own, or which works in stores (or all
 * stores) they do not: that would be a way up, or a way to take a manager's access away.
 */
export async function assertMayHandleUser(db: Executor, ctx: Ctx, row: { id: number; isPlatformAdmin: boolean }) {
  if (row.isPlatformAdmin) {
    if (!ctx.user.isPlatformAdmin) throw notFound();
    throw new AppError(409, 'system.error.platformAdminFixed');
  }
  const [reach] = await reachOf(db, [row.id]);
  if (reach) assertMayHandle(ctx, reach);
}

/**
 * What makes an account a group manager: active, working in every store of the group, and with a role
 * that may administer the group's accounts and roles (so it can appoint whoever else is needed).
 */
const MANAGER_RIGHTS: [ScreenKey, Action[]][] = [
  ['UserManagement', ['view', 'create', 'edit', 'delete']],
  ['Role', ['view', 'create', 'edit', 'delete']],
];
export function isManagerMenu(menu: unknown): boolean {
  const m = normaliseMenu((menu ?? {}) as Record<string, string[]>);
  return MANAGER_RIGHTS.every(([screen, actions]) => actions.every((a) => m[screen]?.includes(a)));
}

async function countManagers(db: Executor, groupId: number): Promise<number> {
  const rows = await db
    .select({ menu: roles.menu })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.groupId, groupId),
        eq(users.active, true),
        eq(users.allStores, true),
        eq(users.isPlatformAdmin, false),
        isNull(users.deletedAt),
      ),
    );
  return rows.filter((r) => isManagerMenu(r.menu)).length;
}

/**
 * Call at the start of a transaction that changes a group's accounts or roles; the answer, called at
 * its end, refuses the change (409, rolled back) if it left a group that had a manager without one.
 * The group row is locked first, so two managers stepping down at the same moment cannot both succeed.
 * The platform administrator may empty a group (to close it).
 */
export async function watchManagers(tx: Executor, ctx: Ctx, groupId: number | null): Promise<(field?: string) => Promise<void>> {
  if (ctx.user.isPlatformAdmin || groupId == null) return async () => undefined;
  await tx.select({ id: storeGroups.id }).from(storeGroups).where(eq(storeGroups.id, groupId)).for('update');
  const before = await countManagers(tx, groupId);
  return async (field) => {
    if (before > 0 && (await countManagers(tx, groupId)) === 0) throw lastManager(field);
  };
}
