import { and, asc, eq, getTableColumns, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BackgroundUserRow,
  StoreCreateBody,
  StoreRow,
  StoreUpdateBody,
  StoreUserRow,
  backgroundUserQuery,
  storeListQuery,
} from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { roles, storeGroups, stores, users, userStores } from '../../platform/platform.schema.js';
import { assertStore, groupScope, storeScope, targetGroup } from '../../platform/tenancy.js';
import { resolveGroup } from './groups.js';
import { isoNN } from '../../platform/columns.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';
import { assertMayHandleAll, listFields } from '../system/index.js';

const userCount = sql<number>`(select count(*)::int from users u where u.deleted_at is null and u.group_id = ${stores.groupId}
  and (u.all_stores or exists (select 1 from user_stores us where us.user_id = u.id and us.store_id = ${stores.id})))`;

// A store as the API answers it: its own columns but the change and deletion times, its group's name and
// currency, and how many accounts work in it.
const { updatedAt: _updated, deletedAt: _deleted, ...storeColumns } = getTableColumns(stores);
function baseQuery(db: Executor) {
  return db
    .select({ ...storeColumns, groupName: storeGroups.name, currency: storeGroups.currency, userCount })
    .from(stores)
    .innerJoin(storeGroups, eq(storeGroups.id, stores.groupId));
}
type Raw = Awaited<ReturnType<ReturnType<typeof baseQuery>['where']>>[number];
const toRow = (r: Raw): StoreRow => ({ ...r, createdAt: isoNN(r.createdAt) });

/** GET /store: the stores the caller may see (all of them for the platform administrator). */
export async function listStores(db: Executor, ctx: Ctx, q: z.infer<typeof storeListQuery>) {
  const where = and(
    isNull(stores.deletedAt),
    storeScope(ctx, stores.id),
    q.groupId ? eq(stores.groupId, q.groupId) : undefined,
    keywordFilter(q.keyword, [stores.name, stores.address, stores.phone, stores.unifiedNumber, stores.responsiblePerson]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = (await Promise.all([
    baseQuery(db).where(where).orderBy(asc(stores.groupId), asc(stores.id)).limit(limit).offset(offset),
    db.select({ total: countAll }).from(stores).where(where),
  ])) as [Raw[], [{ total: number }]];
  return { items: rows.map(toRow), total, page: q.page, pageSize: q.pageSize };
}

export async function getStore(db: Executor, ctx: Ctx, id: number): Promise<StoreRow> {
  assertStore(ctx, id);
  const [row] = await baseQuery(db).where(and(eq(stores.id, id), isNull(stores.deletedAt)));
  if (!row) throw notFound();
  return toRow(row);
}

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
    const [full] = await baseQuery(tx).where(eq(stores.id, row!.id));
    return toRow(full!);
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
    await tx.update(stores).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(stores.id, id));
    // Nobody keeps a removed store as the store they open by default.
    await tx.update(users).set({ defaultStoreId: null }).where(eq(users.defaultStoreId, id));
    await recordAction(tx, ctx, { entity: 'stores', entityId: id, action: 'delete', before, groupId: current.groupId });
  });
}

/** The users who work in a store: those assigned to it, and the group-level staff. */
export async function listStoreUsers(db: Executor, ctx: Ctx, storeId: number): Promise<StoreUserRow[]> {
  const store = await getStore(db, ctx, storeId);
  const rows = await db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      roleName: roles.name,
      active: users.active,
      allStores: users.allStores,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.groupId, store.groupId),
        isNull(users.deletedAt),
        or(
          eq(users.allStores, true),
          sql`exists (select 1 from user_stores us where us.user_id = ${users.id} and us.store_id = ${storeId})`,
        ),
      ),
    )
    .orderBy(asc(users.account))
    .limit(2000);
  return rows.map(({ allStores, ...r }) => ({ ...r, via: allStores ? ('group' as const) : ('store' as const) }));
}

/**
 * Sets exactly which (store-level) users are assigned to the store. Group-level staff are always in.
 * The caller works in the store (tenancy); each store-level account put on or taken off it must be one
 * the caller may change (no role above theirs, no store they lack).
 */
export async function setStoreUsers(db: Db, ctx: Ctx, storeId: number, userIds: number[]): Promise<StoreUserRow[]> {
  const store = await getStore(db, ctx, storeId);
  const ids = [...new Set(userIds)];
  if (ids.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.groupId, store.groupId), isNull(users.deletedAt)));
    if (found.length !== ids.length)
      throw new AppError(400, 'feedback.validation.invalid', undefined, { userIds: 'feedback.validation.invalid' });
  }
  const current = (await db.select({ id: userStores.userId }).from(userStores).where(eq(userStores.storeId, storeId))).map((u) => u.id);
  const changed = [...ids.filter((u) => !current.includes(u)), ...current.filter((u) => !ids.includes(u))];
  if (changed.length && !ctx.user.isPlatformAdmin) {
    // Group-level staff work here whatever the list says: the list changes nothing for them.
    const storeLevel = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, changed), eq(users.allStores, false)));
    await assertMayHandleAll(
      db,
      ctx,
      storeLevel.map((u) => u.id),
      listFields('userIds'),
    );
  }
  return db.transaction(async (tx) => {
    const before = await tx.select({ id: userStores.userId }).from(userStores).where(eq(userStores.storeId, storeId));
    await tx.delete(userStores).where(and(eq(userStores.storeId, storeId), ids.length ? notInArray(userStores.userId, ids) : undefined));
    if (ids.length)
      await tx
        .insert(userStores)
        .values(ids.map((userId) => ({ userId, storeId })))
        .onConflictDoNothing();
    await recordAction(tx, ctx, {
      entity: 'stores',
      entityId: storeId,
      action: 'setStoreUsers',
      before: { userIds: before.map((u) => u.id).sort((a, b) => a - b) },
      after: { userIds: [...ids].sort((a, b) => a - b) },
      groupId: store.groupId,
    });
    return listStoreUsers(tx, ctx, storeId);
  });
}

/** Back-office accounts of a group, for pickers (responsible person, personnel, delivery staff). */
export async function listBackgroundUsers(db: Executor, ctx: Ctx, q: z.infer<typeof backgroundUserQuery>): Promise<BackgroundUserRow[]> {
  const groupId = ctx.user.isPlatformAdmin ? (q.groupId ?? null) : await resolveGroup(db, ctx, q.groupId);
  return db
    .select({ id: users.id, account: users.account, name: users.name, roleName: roles.name })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.active, true),
        eq(users.isPlatformAdmin, false),
        groupId === null ? groupScope(ctx, users.groupId) : eq(users.groupId, groupId),
        keywordFilter(q.keyword, [users.account, users.name]),
      ),
    )
    .orderBy(asc(users.account))
    .limit(1000);
}
