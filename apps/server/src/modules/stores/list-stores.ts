import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StoreRow, storeListQuery } from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { storeGroups, stores } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { storeScope } from '../../platform/tenancy.js';

const userCount = sql<number>`(select count(*)::int from users u where u.deleted_at is null and u.group_id = ${stores.groupId}
  and (u.all_stores or exists (select 1 from user_stores us where us.user_id = u.id and us.store_id = ${stores.id})))`;

// A store as the API answers it: its own columns but the change and deletion times, its group's name and
// currency, and how many accounts work in it.
const { updatedAt: _updated, deletedAt: _deleted, ...storeColumns } = getTableColumns(stores);
export function storeQueryBase(db: Executor) {
  return db
    .select({ ...storeColumns, groupName: storeGroups.name, currency: storeGroups.currency, userCount })
    .from(stores)
    .innerJoin(storeGroups, eq(storeGroups.id, stores.groupId));
}
type StoreRaw = Awaited<ReturnType<ReturnType<typeof storeQueryBase>['where']>>[number];
export const storeRow = (r: StoreRaw): StoreRow => ({ ...r, createdAt: isoNN(r.createdAt) });

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
    storeQueryBase(db).where(where).orderBy(asc(stores.groupId), asc(stores.id)).limit(limit).offset(offset),
    db.select({ total: countAll }).from(stores).where(where),
  ])) as [StoreRaw[], [{ total: number }]];
  return { items: rows.map(storeRow), total, page: q.page, pageSize: q.pageSize };
}
