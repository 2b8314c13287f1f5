import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { SiteRow, siteQuery } from '@gasops/shared';
import { isoNN } from '../../platform/columns.js';
import type { Executor } from '../../platform/db.js';
import { countAll, pageOf } from '../../platform/paging.js';
import { keywordFilter } from '../../platform/search.js';
import { cylinderHandlingSites as sites } from './system.schema.js';

type SiteRaw = typeof sites.$inferSelect;
export const siteRow = (r: SiteRaw): SiteRow => ({
  id: r.id,
  code: r.code,
  name: r.name,
  type: r.type,
  address: r.address,
  phone: r.phone,
  updatedAt: isoNN(r.updatedAt),
});

export async function listSites(db: Executor, q: z.infer<typeof siteQuery>) {
  const where = and(
    isNull(sites.deletedAt),
    q.type ? eq(sites.type, q.type) : undefined,
    keywordFilter(q.keyword, [sites.code, sites.name, sites.address, sites.phone]),
  );
  const { limit, offset } = pageOf(q);
  const [rows, [{ total }]] = (await Promise.all([
    db.select().from(sites).where(where).orderBy(asc(sites.code)).limit(limit).offset(offset),
    db.select({ total: countAll }).from(sites).where(where),
  ])) as [SiteRaw[], [{ total: number }]];
  return { items: rows.map(siteRow), total, page: q.page, pageSize: q.pageSize };
}
