import { and, asc, eq, getTableColumns, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { GroupCreateBody, GroupRow, GroupUpdateBody, GroupUserRow, groupQuery, groupUserQuery } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, inUse, notFound } from '../../platform/errors.js';
import { roles, storeGroups, stores, users } from '../../platform/platform.schema.js';
import { assertGroup, groupScope } from '../../platform/tenancy.js';
import { isoNN } from '../../platform/columns.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';
import { allStoresNotYours, assertMayHandleAll, listFields, watchManagers } from '../system/index.js';

// Spelled out: in a single-table select Drizzle leaves columns unqualified, which a subquery would rebind.
const storeCount = sql<number>`(select count(*)::int from stores s where s.group_id = store_groups.id and s.deleted_at is null)`;
const userCount = sql<number>`(select count(*)::int from users u where u.group_id = store_groups.id and u.deleted_at is null)`;

// A group as the API answers it: its own columns but the change and deletion times, and how many stores and accounts it has.
const { updatedAt: _updated, deletedAt: _deleted, ...groupColumns } = getTableColumns(storeGroups);
function baseQuery(db: Executor) {
  return db.select({ ...groupColumns, storeCount, userCount }).from(storeGroups);
}
type Raw = Awaited<ReturnType<ReturnType<typeof baseQuery>['where']>>[number];
const toRow = (r: Raw): GroupRow => ({ ...r, createdAt: isoNN(r.createdAt) });

async function listGroups(db: Executor, ctx: Ctx, q: z.infer<typeof groupQuery>) {
  const where = and(
    isNull(storeGroups.deletedAt),
    groupScope(ctx, storeGroups.id),
    keywordFilter(q.keyword, [
      storeGroups.name,
      storeGroups.responsiblePerson,
      storeGroups.unifiedNumber,
      storeGroups.phone,
      storeGroups.address,
    ]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = (await Promise.all([
    baseQuery(db).where(where).orderBy(asc(storeGroups.id)).limit(limit).offset(offset),
    db.select({ total: countAll }).from(storeGroups).where(where),
  ])) as [Raw[], [{ total: number }]];
  return { items: rows.map(toRow), total, page: q.page, pageSize: q.pageSize };
}

/** GET /store/group: the group asked for by id, else a page of the groups the caller may see. */
export async function findGroups(db: Executor, ctx: Ctx, q: z.infer<typeof groupQuery>) {
  return q.id ? getGroup(db, ctx, q.id) : listGroups(db, ctx, q);
}

async function getGroup(db: Executor, ctx: Ctx, id: number): Promise<GroupRow> {
  assertGroup(ctx, id);
  const [row] = await baseQuery(db).where(and(eq(storeGroups.id, id), isNull(storeGroups.deletedAt)));
  if (!row) throw notFound();
  return toRow(row);
}

export async function createGroup(db: Db, ctx: Ctx, body: GroupCreateBody): Promise<GroupRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(storeGroups).values(body).returning();
    await recordAction(tx, ctx, { entity: 'store_groups', entityId: row!.id, action: 'create', after: row, groupId: row!.id });
    return getGroup(tx, ctx, row!.id);
  });
}

export async function updateGroup(db: Db, ctx: Ctx, body: GroupUpdateBody): Promise<GroupRow> {
  const { id, ...patch } = body;
  await getGroup(db, ctx, id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(storeGroups).where(eq(storeGroups.id, id)).for('update');
    const [after] = await tx
      .update(storeGroups)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(storeGroups.id, id))
      .returning();
    await recordAction(tx, ctx, { entity: 'store_groups', entityId: id, action: 'edit', before, after, groupId: id });
    return getGroup(tx, ctx, id);
  });
}

/**
 * A group with stores or accounts still in it is refused (in use); an empty one is soft-deleted so
 * its login and action history keep their group name.
 */
export async function deleteGroup(db: Db, ctx: Ctx, id: number): Promise<void> {
  await getGroup(db, ctx, id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(storeGroups).where(eq(storeGroups.id, id)).for('update');
    const [s] = await tx
      .select({ n: countAll })
      .from(stores)
      .where(and(eq(stores.groupId, id), isNull(stores.deletedAt)));
    const [u] = await tx
      .select({ n: countAll })
      .from(users)
      .where(and(eq(users.groupId, id), isNull(users.deletedAt)));
    if (s!.n > 0 || u!.n > 0) throw inUse();
    await tx.update(storeGroups).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(storeGroups.id, id));
    await recordAction(tx, ctx, { entity: 'store_groups', entityId: id, action: 'delete', before, groupId: id });
  });
}

/** The group the caller means: their own, or for the platform administrator the one named (required). */
export async function resolveGroup(db: Executor, ctx: Ctx, groupId: number | null | undefined): Promise<number> {
  const id = groupId ?? ctx.user.groupId;
  if (id == null) throw notFound();
  await getGroup(db, ctx, id);
  return id;
}

/** Staff of a store group (seed "store group: staff"): its accounts, and which are group-level (all stores). */
export async function listGroupUsers(db: Executor, ctx: Ctx, q: z.infer<typeof groupUserQuery>) {
  const groupId = await resolveGroup(db, ctx, q.groupId);
  const where = and(
    eq(users.groupId, groupId),
    isNull(users.deletedAt),
    keywordFilter(q.keyword, [users.account, users.name, users.email]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = (await Promise.all([
    db
      .select({
        id: users.id,
        account: users.account,
        name: users.name,
        email: users.email,
        roleName: roles.name,
        active: users.active,
        allStores: users.allStores,
      })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(asc(users.account))
      .limit(limit)
      .offset(offset),
    db.select({ total: countAll }).from(users).where(where),
  ])) as [GroupUserRow[], [{ total: number }]];
  return { items: rows, total, page: q.page, pageSize: q.pageSize };
}

/**
 * Sets exactly which accounts of the group are group-level staff (work in every store). Only group-level
 * staff may change the list, only for accounts they may change, and the group keeps a manager.
 */
export async function setGroupUsers(db: Db, ctx: Ctx, groupIdIn: number | null, userIds: number[]): Promise<{ userIds: number[] }> {
  const groupId = await resolveGroup(db, ctx, groupIdIn);
  const ids = [...new Set(userIds)];
  if (ids.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.groupId, groupId), isNull(users.deletedAt)));
    if (found.length !== ids.length)
      throw new AppError(400, 'feedback.validation.invalid', undefined, { userIds: 'feedback.validation.invalid' });
  }
  const current = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.groupId, groupId), eq(users.allStores, true), isNull(users.deletedAt)))
  ).map((u) => u.id);
  const changed = [...ids.filter((u) => !current.includes(u)), ...current.filter((u) => !ids.includes(u))];
  if (changed.length && !ctx.user.isPlatformAdmin) {
    if (!ctx.user.allStores) throw allStoresNotYours('userIds');
    await assertMayHandleAll(db, ctx, changed, listFields('userIds'));
  }
  return db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, groupId);
    const before = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.groupId, groupId), eq(users.allStores, true), isNull(users.deletedAt)));
    await tx
      .update(users)
      .set({ allStores: false, updatedAt: new Date() })
      .where(and(eq(users.groupId, groupId), eq(users.allStores, true), ids.length ? notInArray(users.id, ids) : undefined));
    if (ids.length) await tx.update(users).set({ allStores: true, updatedAt: new Date() }).where(inArray(users.id, ids));
    await managerKept('userIds');
    const sorted = ids.sort((a, b) => a - b);
    await recordAction(tx, ctx, {
      entity: 'store_groups',
      entityId: groupId,
      action: 'setGroupUsers',
      before: { userIds: before.map((u) => u.id).sort((a, b) => a - b) },
      after: { userIds: sorted },
      groupId,
    });
    return { userIds: sorted };
  });
}
