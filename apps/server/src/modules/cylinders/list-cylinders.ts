import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseCode, type CylinderPage, type cylinderListQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { cappedTotal, pageOf } from '../../platform/paging.js';
import { likePattern } from '../../platform/search.js';
import { groupScope, storeFilter } from '../../platform/tenancy.js';
import { cylinders } from './cylinders.schema.js';
import { selectCylinderRows, statusFilter, toCylinderRow } from './cylinder-view.js';
import { inspectionDayOf, inspectionDaysOf, type InspectionDay } from './inspection-day.js';

type Query = z.output<typeof cylinderListQuery>;

/**
 * The number search: a keyword of 1–2 characters matches the start of a container or label number
 * (prefix indexes); 3 or more anywhere in them (trigram indexes where PostgreSQL has pg_trgm).
 */
function numberFilter(keyword: string | undefined): SQL | undefined {
  const k = keyword ? normaliseCode(keyword) : '';
  if (!k) return undefined;
  const pattern = k.length < 3 ? `${likePattern(k).slice(1)}` : likePattern(k);
  return sql`(${cylinders.containerNo} like ${pattern} or ${cylinders.labelNo} like ${pattern})`;
}

/** The registry's search and filters as one condition (the list and the label sheet share it). */
export function registryFilter(ctx: Ctx, q: Omit<Query, 'page' | 'pageSize' | 'sort'>, day: InspectionDay): SQL | undefined {
  return and(
    isNull(cylinders.deletedAt),
    groupScope(ctx, cylinders.groupId),
    q.groupId != null ? eq(cylinders.groupId, q.groupId) : undefined,
    storeFilter(ctx, cylinders.storeId, q.storeId),
    numberFilter(q.keyword),
    q.locationKind ? eq(cylinders.locationKind, q.locationKind) : undefined,
    q.fill ? eq(cylinders.fill, q.fill) : undefined,
    q.status ? statusFilter(q.status, day) : undefined,
    q.material ? eq(cylinders.material, q.material) : undefined,
    q.sizeKg ? eq(cylinders.sizeKg, q.sizeKg) : undefined,
    q.containerSpec ? sql`${cylinders.containerSpec} ilike ${likePattern(q.containerSpec)}` : undefined,
    q.customerId ? eq(cylinders.customerId, q.customerId) : undefined,
    q.deadlineFrom ? sql`${cylinders.dueDate} >= ${q.deadlineFrom}::date` : undefined,
    q.deadlineTo ? sql`${cylinders.dueDate} <= ${q.deadlineTo}::date` : undefined,
  );
}

/**
 * The cylinder registry: store cylinders of the caller's stores, or (platform administrator,
 * SystemCylinderMaintenance) every group's, one group at a time with `groupId`. Search by number,
 * filters by place, fill, inspection status, size, specification, material, customer and deadline;
 * paged in SQL with a capped count.
 */
export async function listCylinders(db: Executor, ctx: Ctx, q: Query): Promise<CylinderPage> {
  if (q.groupId != null && !ctx.user.isPlatformAdmin && q.groupId !== ctx.user.groupId) throw notFound();
  const groupId = q.groupId ?? ctx.user.groupId;
  const day = await inspectionDayOf(db, groupId);
  const where = registryFilter(ctx, q, day);
  const { limit, offset } = pageOf(q);
  const order = q.sort === 'deadline' ? [sql`${cylinders.dueDate} asc nulls last`, asc(cylinders.id)] : [desc(cylinders.id)];
  const rows = await selectCylinderRows(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const matching = db
    .select({ one: sql`1` })
    .from(cylinders)
    .$dynamic()
    .where(where);
  const total = await cappedTotal(db, matching, q, rows.length);
  // Across groups (platform administrator), each row's status is on its own group's day.
  const days =
    groupId === null
      ? await inspectionDaysOf(
          db,
          rows.map((r) => r.c.groupId),
        )
      : null;
  return {
    items: rows.map((r) => toCylinderRow(r, days?.get(r.c.groupId) ?? day)),
    ...total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
