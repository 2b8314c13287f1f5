import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { GroupRow, groupQuery } from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { storeGroups } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { assertGroup, groupScope } from '../../platform/tenancy.js';

// Spelled out: in a single-table select Drizzle leaves columns unqualified, which a subquery would rebind.
const storeCount = sql<number>`(select count(*)::int from stores s where s.group_id = store_groups.id and s.deleted_at is null)`;
const userCount = sql<number>`(select count(*)::int from users u where u.group_id = store_groups.id and u.deleted_at is null)`;

// A group as the API answers it: its own columns but the change and deletion times, and how many stores and accounts it has.
const { updatedAt: _updated, deletedAt: _deleted, ...groupColumns } = getTableColumns(storeGroups);
function groupQueryBase(db: Executor) {
  return db.select({ ...groupColumns, storeCount, userCount }).from(storeGroups);
}
type GroupRaw = Awaited<ReturnType<ReturnType<typeof groupQueryBase>['where']>>[number];
const groupRow = (r: GroupRaw): GroupRow => ({ ...r, createdAt: isoNN(r.createdAt) });

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
    groupQueryBase(db).where(where).orderBy(asc(storeGroups.id)).limit(limit).offset(offset),
    db.select({ total: countAll }).from(storeGroups).where(where),
  ])) as [GroupRaw[], [{ total: number }]];
  return { items: rows.map(groupRow), total, page: q.page, pageSize: q.pageSize };
}

/** GET /store/group: the group asked for by id, else a page of the groups the caller may see. */
export async function findGroups(db: Executor, ctx: Ctx, q: z.infer<typeof groupQuery>) {
  return q.id ? getGroup(db, ctx, q.id) : listGroups(db, ctx, q);
}

/** One group the caller may see (another is "not found"). */
export async function getGroup(db: Executor, ctx: Ctx, id: number): Promise<GroupRow> {
  assertGroup(ctx, id);
  const [row] = await groupQueryBase(db).where(and(eq(storeGroups.id, id), isNull(storeGroups.deletedAt)));
  if (!row) throw notFound();
  return groupRow(row);
}
