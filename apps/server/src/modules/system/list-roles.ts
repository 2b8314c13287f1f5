import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseMenu, type RoleRow, type roleListQuery } from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { roles, storeGroups } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { groupFilter } from '../../platform/tenancy.js';
import { mayHandle } from './role-ceiling.js';

type RoleListQuery = z.infer<typeof roleListQuery>;

const userCount = sql<number>`(select count(*)::int from users u where u.role_id = ${roles.id} and u.deleted_at is null)`;

// A role as the API answers it (before roleRow): its own columns but the creation time, its group's name and how many hold it.
const { createdAt: _created, ...roleColumns } = getTableColumns(roles);
export function roleQueryBase(db: Executor) {
  return db
    .select({ ...roleColumns, groupName: storeGroups.name, userCount })
    .from(roles)
    .leftJoin(storeGroups, eq(storeGroups.id, roles.groupId));
}
export type RoleRaw = Awaited<ReturnType<ReturnType<typeof roleQueryBase>['where']>>[number];

export const roleRow = (ctx: Ctx, r: RoleRaw): RoleRow => ({
  ...r,
  menu: normaliseMenu((r.menu ?? {}) as Record<string, string[]>),
  editable: mayHandle(ctx, r.menu),
  updatedAt: isoNN(r.updatedAt),
});

export async function listRoles(db: Executor, ctx: Ctx, q: RoleListQuery) {
  const where = and(groupFilter(ctx, roles.groupId, q.groupId), keywordFilter(q.keyword, [roles.name, roles.code]));
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = (await Promise.all([
    roleQueryBase(db).where(where).orderBy(asc(roles.groupId), asc(roles.id)).limit(limit).offset(offset),
    db.select({ total: countAll }).from(roles).where(where),
  ])) as [RoleRaw[], [{ total: number }]];
  return { items: rows.map((r) => roleRow(ctx, r)), total, page: q.page, pageSize: q.pageSize };
}
