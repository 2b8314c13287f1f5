import { and, asc, eq, getTableColumns, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PLATFORM_ONLY_SCREENS,
  normaliseMenu,
  type MenuSetting,
  type RoleBody,
  type RoleDetail,
  type RoleRow,
  type roleListQuery,
} from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, inUse, invalidField, notFound, taken } from '../../platform/errors.js';
import { roles, storeGroups, users } from '../../platform/platform.schema.js';
import { groupScope, targetGroup } from '../../platform/tenancy.js';
import { mayHandle } from './role-ceiling.js';
import { assertMayHandleAll, listFields, watchManagers } from './user-ceiling.js';
import { isoNN } from '../../platform/columns.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';

type RoleListQuery = z.infer<typeof roleListQuery>;

const userCount = sql<number>`(select count(*)::int from users u where u.role_id = ${roles.id} and u.deleted_at is null)`;

// A role as the API answers it (before toRow): its own columns but the creation time, its group's name and how many hold it.
const { createdAt: _created, ...roleColumns } = getTableColumns(roles);
function baseQuery(db: Executor) {
  return db
    .select({ ...roleColumns, groupName: storeGroups.name, userCount })
    .from(roles)
    .leftJoin(storeGroups, eq(storeGroups.id, roles.groupId));
}
type Raw = Awaited<ReturnType<ReturnType<typeof baseQuery>['where']>>[number];

/** What a role may grant: known screens and actions, never a platform-only screen. */
function cleanMenu(menu: Record<string, readonly string[]> | undefined): MenuSetting {
  const out = normaliseMenu(menu ?? {});
  for (const s of PLATFORM_ONLY_SCREENS) delete out[s];
  return out;
}

const toRow = (ctx: Ctx, r: Raw): RoleRow => ({
  ...r,
  menu: normaliseMenu((r.menu ?? {}) as Record<string, string[]>),
  editable: mayHandle(ctx, r.menu),
  updatedAt: isoNN(r.updatedAt),
});

export async function listRoles(db: Executor, ctx: Ctx, q: RoleListQuery) {
  const where = and(
    groupScope(ctx, roles.groupId),
    q.groupId ? eq(roles.groupId, q.groupId) : undefined,
    keywordFilter(q.keyword, [roles.name, roles.code]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = (await Promise.all([
    baseQuery(db).where(where).orderBy(asc(roles.groupId), asc(roles.id)).limit(limit).offset(offset),
    db.select({ total: countAll }).from(roles).where(where),
  ])) as [Raw[], [{ total: number }]];
  return { items: rows.map((r) => toRow(ctx, r)), total, page: q.page, pageSize: q.pageSize };
}

async function loadRole(db: Executor, ctx: Ctx, id: number): Promise<Raw> {
  const [row] = await baseQuery(db).where(and(eq(roles.id, id), groupScope(ctx, roles.groupId)));
  if (!row) throw notFound();
  return row;
}

export async function getRole(db: Executor, ctx: Ctx, id: number): Promise<RoleDetail> {
  const row = await loadRole(db, ctx, id);
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, id), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  return { ...toRow(ctx, row), userIds: members.map((m) => m.id) };
}

const menuAboveOwn = () => new AppError(400, 'system.error.menuAboveOwn', undefined, { menu: 'system.error.menuAboveOwn' });

function assertEditable(ctx: Ctx, row: Raw) {
  if (!mayHandle(ctx, row.menu)) throw new AppError(400, 'system.error.roleAboveOwn');
}

async function holdersOf(db: Executor, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)));
  return rows.map((u) => u.id);
}

/** Changing a role's menu changes everyone who holds it: none of them may reach further than the caller. */
async function assertMayChangeHolders(db: Executor, ctx: Ctx, roleId: number) {
  await assertMayHandleAll(db, ctx, await holdersOf(db, roleId), listFields('menu'));
}

async function assertCodeFree(db: Executor, groupId: number | null, code: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        sql`coalesce(${roles.groupId}, 0) = ${groupId ?? 0}`,
        eq(roles.code, code),
        exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
      ),
    );
  if (dup) throw taken('code', 'system.error.codeTaken');
}

export async function createRole(db: Db, ctx: Ctx, body: RoleBody): Promise<RoleRow> {
  const groupId = await targetGroup(db, ctx, body.groupId);
  const menu = cleanMenu(body.menu as Record<string, string[]> | undefined);
  if (!mayHandle(ctx, menu)) throw menuAboveOwn();
  await assertCodeFree(db, groupId, body.code);
  return db.transaction(async (tx) => {
    const [r] = await tx.insert(roles).values({ groupId, name: body.name, code: body.code, menu }).returning();
    await recordAction(tx, ctx, { entity: 'roles', entityId: r!.id, action: 'create', after: r, groupId });
    return toRow(ctx, await loadRole(tx, ctx, r!.id));
  });
}

/** Name and code (the menu has its own call: "permission set"). */
export async function updateRole(db: Db, ctx: Ctx, id: number, body: RoleBody): Promise<RoleRow> {
  const before = await loadRole(db, ctx, id);
  assertEditable(ctx, before);
  if (body.groupId != null && body.groupId !== before.groupId) throw invalidField('groupId', 'feedback.validation.invalid');
  if (body.code !== before.code) await assertCodeFree(db, before.groupId, body.code, id);
  const menu = body.menu ? cleanMenu(body.menu as Record<string, string[]> | undefined) : undefined;
  if (menu && !mayHandle(ctx, menu)) throw menuAboveOwn();
  if (menu) await assertMayChangeHolders(db, ctx, id);
  return db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, before.groupId);
    const [after] = await tx
      .update(roles)
      .set({ name: body.name, code: body.code, ...(menu ? { menu } : {}), updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning();
    await managerKept('menu');
    await recordAction(tx, ctx, { entity: 'roles', entityId: id, action: 'edit', before, after, groupId: before.groupId });
    return toRow(ctx, await loadRole(tx, ctx, id));
  });
}

/** The role's menu setting (screens × actions). Applies to its users on their next request. */
export async function setRolePermissions(
  db: Db,
  ctx: Ctx,
  id: number,
  input: Partial<Record<string, readonly string[]>>,
): Promise<RoleRow> {
  const before = await loadRole(db, ctx, id);
  assertEditable(ctx, before);
  const menu = cleanMenu(input as Record<string, string[]>);
  if (!mayHandle(ctx, menu)) throw menuAboveOwn();
  await assertMayChangeHolders(db, ctx, id);
  return db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, before.groupId);
    const [after] = await tx.update(roles).set({ menu, updatedAt: new Date() }).where(eq(roles.id, id)).returning();
    await managerKept('menu');
    await recordAction(tx, ctx, {
      entity: 'roles',
      entityId: id,
      action: 'setPermissions',
      before: { menu: before.menu },
      after: { menu: after!.menu },
      groupId: before.groupId,
    });
    return toRow(ctx, await loadRole(tx, ctx, id));
  });
}

/**
 * Personnel of a role: exactly these users of the role's group hold it afterwards. Users taken off
 * the role are left without one (no access) until given another.
 */
export async function setRoleUsers(db: Db, ctx: Ctx, id: number, userIds: number[]): Promise<RoleDetail> {
  const role = await loadRole(db, ctx, id);
  assertEditable(ctx, role);
  const ids = [...new Set(userIds)];
  if (ids.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.groupId, role.groupId ?? -1), isNull(users.deletedAt), eq(users.isPlatformAdmin, false)));
    if (found.length !== ids.length)
      throw new AppError(400, 'feedback.validation.invalid', undefined, { userIds: 'feedback.validation.invalid' });
  }
  // Everyone put on or taken off the role is changed: none may have a role above the caller's (moving
  // them off it would take their rights away) or work in stores the caller does not.
  const holders = await holdersOf(db, id);
  const changed = [...ids.filter((u) => !holders.includes(u)), ...holders.filter((u) => !ids.includes(u))];
  await assertMayHandleAll(db, ctx, changed, listFields('userIds'));
  return db.transaction(async (tx) => {
    const managerKept = await watchManagers(tx, ctx, role.groupId);
    const before = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.roleId, id), isNull(users.deletedAt)));
    await tx
      .update(users)
      .set({ roleId: null, updatedAt: new Date() })
      .where(and(eq(users.roleId, id), ids.length ? notInArray(users.id, ids) : undefined));
    if (ids.length) await tx.update(users).set({ roleId: id, updatedAt: new Date() }).where(inArray(users.id, ids));
    await managerKept('userIds');
    await recordAction(tx, ctx, {
      entity: 'roles',
      entityId: id,
      action: 'setPersonnel',
      before: { userIds: before.map((u) => u.id).sort((a, b) => a - b) },
      after: { userIds: ids.sort((a, b) => a - b) },
      groupId: role.groupId,
    });
    return getRole(tx, ctx, id);
  });
}

/** A role still held by someone is refused (in use); reassign its personnel first. */
export async function deleteRole(db: Db, ctx: Ctx, id: number): Promise<void> {
  const before = await loadRole(db, ctx, id);
  assertEditable(ctx, before);
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: countAll })
      .from(users)
      .where(and(eq(users.roleId, id), isNull(users.deletedAt)));
    if (held!.n > 0) throw inUse();
    // Deleted accounts keep their history but not a role that no longer exists.
    await tx.update(users).set({ roleId: null }).where(eq(users.roleId, id));
    await tx.delete(roles).where(eq(roles.id, id));
    await recordAction(tx, ctx, { entity: 'roles', entityId: id, action: 'delete', before, groupId: before.groupId });
  });
}
