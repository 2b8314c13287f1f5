import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { V, translate, type UserCreateBody, type UserListQuery, type UserRow, type UserUpdateBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { hashPassword } from '../../platform/auth.js';
import type { Config } from '../../platform/config.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, invalidField, notFound, taken } from '../../platform/errors.js';
import { roles, storeGroups, stores, users, userStores } from '../../platform/platform.schema.js';
import { groupScope, targetGroup } from '../../platform/tenancy.js';
import { mayHandle, roleAboveOwn } from './role-ceiling.js';
import { assertMayGrant, assertMayHandle, reachOf, watchManagers } from './user-ceiling.js';
import { sendMail, type MailResult } from './mailer.js';
import { isoNN } from '../../platform/columns.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';

const defaultStore = sql`default_store`;
const storeIdsOf = sql<
  number[]
>`coalesce(array(select us.store_id from user_stores us where us.user_id = ${users.id} order by us.store_id), '{}')`;

const userColumns = {
  id: users.id,
  groupId: users.groupId,
  groupName: storeGroups.name,
  account: users.account,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  roleName: roles.name,
  roleMenu: roles.menu,
  defaultStoreId: users.defaultStoreId,
  defaultStoreName: sql<string | null>`${defaultStore}.name`,
  active: users.active,
  allStores: users.allStores,
  isPlatformAdmin: users.isPlatformAdmin,
  storeIds: storeIdsOf,
  createdAt: users.createdAt,
};

function baseQuery(db: Executor) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(storeGroups, eq(storeGroups.id, users.groupId))
    .leftJoin(sql`${stores} as ${defaultStore}`, sql`${defaultStore}.id = ${users.defaultStoreId}`);
}

type Raw = Awaited<ReturnType<ReturnType<typeof baseQuery>['where']>>[number];
const toRow = ({ roleMenu: _m, ...r }: Raw): UserRow => ({ ...r, storeIds: (r.storeIds ?? []).map(Number), createdAt: isoNN(r.createdAt) });

export async function listUsers(db: Executor, ctx: Ctx, q: UserListQuery) {
  const where = and(
    isNull(users.deletedAt),
    groupScope(ctx, users.groupId),
    q.groupId ? eq(users.groupId, q.groupId) : undefined,
    q.roleId ? eq(users.roleId, q.roleId) : undefined,
    q.active ? eq(users.active, q.active === 'true') : undefined,
    keywordFilter(q.keyword, [users.account, users.name, users.email]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = (await Promise.all([
    baseQuery(db).where(where).orderBy(asc(users.groupId), asc(users.account)).limit(limit).offset(offset),
    db.select({ total: countAll }).from(users).where(where),
  ])) as [Raw[], [{ total: number }]];
  return { items: rows.map(toRow), total, page: q.page, pageSize: q.pageSize };
}

/** One user of the caller's group (another group's user is "not found"). */
async function loadUser(db: Executor, ctx: Ctx, id: number): Promise<Raw> {
  const [row] = await baseQuery(db).where(and(eq(users.id, id), isNull(users.deletedAt), groupScope(ctx, users.groupId)));
  if (!row) throw notFound();
  return row;
}

export async function getUser(db: Executor, ctx: Ctx, id: number): Promise<UserRow> {
  return toRow(await loadUser(db, ctx, id));
}

/**
 * Nobody touches an account whose role gives more than their own, or which works in stores (or all
 * stores) they do not: that would be a way up, or a way to take a manager's access away.
 */
async function assertMayHandleUser(db: Executor, ctx: Ctx, row: Raw) {
  if (row.isPlatformAdmin) {
    if (!ctx.user.isPlatformAdmin) throw notFound();
    throw new AppError(409, 'system.error.platformAdminFixed');
  }
  const [reach] = await reachOf(db, [row.id]);
  if (reach) assertMayHandle(ctx, reach);
}

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

const auditView = (r: Raw | UserRow) => {
  const { roleMenu: _m, ...rest } = r as Raw;
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
    return toRow(row);
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
    return toRow(after);
  });
}

/** Soft delete: the account can no longer log in, its history (orders, logs) keeps its name. */
export async function deleteUser(db: Db, ctx: Ctx, id: number): Promise<void> {
  if (id === ctx.user.id) throw new AppError(409, 'system.error.cannotDeleteSelf');
  const before = await loadUser(db, ctx, id);
  await assertMayHandleUser(db, ctx, before);
  await db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, before.groupId);
    await tx
      .update(users)
      .set({ deletedAt: new Date(), active: false, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id));
    await managerKept();
    await recordAction(tx, ctx, { entity: 'users', entityId: id, action: 'delete', before: auditView(before), groupId: before.groupId });
  });
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A random password that satisfies the password rule (12 characters, at least two digits). */
function randomPassword(): string {
  const bytes = crypto.randomBytes(12);
  const chars = Array.from(bytes.subarray(0, 10), (b) => PASSWORD_ALPHABET[b % PASSWORD_ALPHABET.length]!);
  const digits = Array.from(bytes.subarray(10), (b) => String(b % 10));
  const all = [...chars, ...digits];
  // Put the digits somewhere random, not always at the end.
  for (let i = all.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.join('');
}

/**
 * Gives the user a new random password and e-mails it to them. Their sessions end (token version).
 * The mail is sent inside the transaction: if it cannot be delivered, the old password stays.
 */
export async function resetPassword(db: Db, config: Config, ctx: Ctx, id: number): Promise<MailResult> {
  const target = await loadUser(db, ctx, id);
  if (target.isPlatformAdmin && target.id !== ctx.user.id && !ctx.user.isPlatformAdmin) throw notFound();
  if (!target.isPlatformAdmin) await assertMayHandleUser(db, ctx, target);
  if (!target.email) throw invalidField('email', 'system.error.noEmail');
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, id));
    await recordAction(tx, ctx, {
      entity: 'users',
      entityId: id,
      action: 'resetPassword',
      after: { email: target.email },
      groupId: target.groupId,
    });
    const l = ctx.locale;
    try {
      return await sendMail(config, {
        to: target.email!,
        subject: translate(l, 'system.mail.resetSubject'),
        text: translate(l, 'system.mail.resetBody', { name: target.name, account: target.account, password }),
      });
    } catch (err) {
      throw Object.assign(new AppError(502, 'system.error.mailFailed'), { cause: err });
    }
  });
}
