import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { OPEN_STATUSES, V, type UserCreateBody, type UserRow, type UserUpdateBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { hashPassword } from '../../platform/auth.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, inUse, invalidField, REFUSED, taken } from '../../platform/errors.js';
import { countAll } from '../../platform/paging.js';
import { orders } from '../orders/orders.schema.js';
import { roles, stores, users, userStores } from '../../platform/platform.schema.js';
import { targetGroup } from '../../platform/tenancy.js';
import { loadUser } from './get-user.js';
import { userRow, type UserRaw } from './list-users.js';
import { mayHandle, roleAboveOwn } from './role-ceiling.js';
import { assertMayGrant, assertMayHandleUser, watchManagers } from './user-ceiling.js';

/** Checks role, stores and default store against the target group. */
async function checkRefs(db: Executor, ctx: Ctx, groupId: number, body: UserUpdateBody) {
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, body.roleId), eq(roles.groupId, groupId)));
  if (!role) throw invalidField('roleId', V.invalid);
  if (!mayHandle(ctx, role.menu)) throw roleAboveOwn('roleId');
  // Nobody hands out (nor gives themselves) stores or group-level access they do not have.
  assertMayGrant(ctx, body);
  const wanted = [...new Set([...(body.allStores ? [] : body.storeIds), ...(body.defaultStoreId ? [body.defaultStoreId] : [])])];
  if (wanted.length) {
    const found = await db
      .select({ id: stores.id })
      .from(stores)
      .where(and(inArray(stores.id, wanted), eq(stores.groupId, groupId), isNull(stores.deletedAt)));
    const ok = new Set(found.map((s) => s.id));
    if (body.defaultStoreId && !ok.has(body.defaultStoreId)) throw invalidField('defaultStoreId', V.invalid);
    if (wanted.some((id) => !ok.has(id))) throw invalidField('storeIds', V.invalid);
  }
}

async function assertAccountFree(db: Executor, account: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.account}) = lower(${account})`, exceptId ? ne(users.id, exceptId) : undefined));
  if (dup) throw taken('account', 'system.error.accountTaken');
}

const auditView = (r: UserRaw | UserRow) => {
  const { roleMenu: _m, ...rest } = r as UserRaw;
  return { ...rest, storeIds: (rest.storeIds ?? []).map(Number) };
};

export async function createUser(db: Db, ctx: Ctx, body: UserCreateBody): Promise<UserRow> {
  const groupId = await targetGroup(db, ctx, body.groupId);
  await checkRefs(db, ctx, groupId, body);
  await assertAccountFree(db, body.account);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({
        groupId,
        account: body.account,
        name: body.name,
        email: body.email,
        passwordHash,
        roleId: body.roleId,
        defaultStoreId: body.defaultStoreId,
        active: body.active,
        allStores: body.allStores,
        passwordChangedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!body.allStores && body.storeIds.length)
      await tx.insert(userStores).values([...new Set(body.storeIds)].map((storeId) => ({ userId: u!.id, storeId })));
    const row = await loadUser(tx, ctx, u!.id);
    await recordAction(tx, ctx, { entity: 'users', entityId: u!.id, action: 'create', after: auditView(row), groupId });
    return userRow(row);
  });
}

export async function updateUser(db: Db, ctx: Ctx, id: number, body: UserUpdateBody): Promise<UserRow> {
  const before = await loadUser(db, ctx, id);
  await assertMayHandleUser(db, ctx, before);
  const groupId = before.groupId!;
  if (body.groupId != null && body.groupId !== groupId) throw invalidField('groupId', V.invalid);
  await checkRefs(db, ctx, groupId, body);
  if (before.account.toLowerCase() !== body.account.toLowerCase()) await assertAccountFree(db, body.account, id);
  if (id === ctx.user.id && !body.active) throw invalidField('active', 'system.error.cannotDisableSelf');
  return db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, groupId);
    const deactivated = before.active && !body.active;
    await tx
      .update(users)
      .set({
        account: body.account,
        name: body.name,
        email: body.email,
        roleId: body.roleId,
        defaultStoreId: body.defaultStoreId,
        active: body.active,
        allStores: body.allStores,
        updatedAt: new Date(),
        // A disabled account's sessions end now, not at their expiry.
        ...(deactivated ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, id));
    await tx.delete(userStores).where(eq(userStores.userId, id));
    if (!body.allStores && body.storeIds.length)
      await tx.insert(userStores).values([...new Set(body.storeIds)].map((storeId) => ({ userId: id, storeId })));
    // Were this the group's last manager, the field that took it away.
    await managerKept(!body.active ? 'active' : before.allStores && !body.allStores ? 'allStores' : 'roleId');
    const after = await loadUser(tx, ctx, id);
    await recordAction(tx, ctx, {
      entity: 'users',
      entityId: id,
      action: 'edit',
      before: auditView(before),
      after: auditView(after),
      groupId,
    });
    return userRow(after);
  });
}

/** Soft delete: the account can no longer log in, its history (orders, logs) keeps its name. */
export async function deleteUser(db: Db, ctx: Ctx, id: number): Promise<void> {
  if (id === ctx.user.id) throw new AppError(409, 'system.error.cannotDeleteSelf');
  const before = await loadUser(db, ctx, id);
  await assertMayHandleUser(db, ctx, before);
  await db.transaction(async (tx) => {
    // Orders still to deliver would lose their delivery person.
    const [open] = await tx
      .select({ n: countAll })
      .from(orders)
      .where(and(eq(orders.deliveryPersonId, id), inArray(orders.status, [...OPEN_STATUSES])));
    if (open!.n > 0) throw inUse(REFUSED.deliveryPersonOrders);
    const managerKept = await watchManagers(tx, ctx, before.groupId);
    await tx
      .update(users)
      .set({ deletedAt: new Date(), active: false, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id));
    await managerKept();
    await recordAction(tx, ctx, { entity: 'users', entityId: id, action: 'delete', before: auditView(before), groupId: before.groupId });
  });
}
