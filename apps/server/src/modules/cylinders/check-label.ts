import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { INSPECTION_STATUS_COLOURS, normaliseCode, QUALIFIED_STATUSES, type PublicCylinder } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { cylinders } from './cylinders.schema.js';
import { statusOf } from './cylinder-view.js';
import { inspectionDayOf } from './inspection-day.js';

/**
 * The public label check (/barcode, no sign-in): anyone checks a cylinder by its label or container
 * number and sees its specification, label validity, inspection deadline, status and owning shop.
 * Never customer data, never where the cylinder is. Unknown → 404 with a clear message.
 */
export async function checkLabel(db: Executor, rawCode: string): Promise<PublicCylinder> {
  const code = normaliseCode(rawCode);
  if (!code) throw notFound('cylinders.public.unknown');
  // The same number in two groups (a cylinder sold on): the one whose label it is, else the latest moved.
  const [row] = await db
    .select({ c: cylinders, shopName: stores.name, shopPhone: stores.phone })
    .from(cylinders)
    .innerJoin(stores, eq(stores.id, cylinders.storeId))
    .where(and(isNull(cylinders.deletedAt), or(eq(cylinders.containerNo, code), eq(cylinders.labelNo, code))))
    .orderBy(sql`coalesce(${cylinders.labelNo} = ${code}, false) desc`, sql`${cylinders.lastMovedAt} desc nulls last`, desc(cylinders.id))
    .limit(1);
  if (!row) throw notFound('cylinders.public.unknown');
  const c = row.c;
  const status = statusOf(c, await inspectionDayOf(db, c.groupId));
  return {
    containerNo: c.containerNo,
    labelNo: c.labelNo,
    containerSpec: c.containerSpec,
    sizeKg: c.sizeKg,
    material: c.material,
    labelValid: !!c.labelNo && QUALIFIED_STATUSES.includes(status),
    nextInspectionDeadline: c.nextInspectionDeadline,
    endOfLifeDate: c.endOfLifeDate,
    inspectionStatus: status,
    statusColour: INSPECTION_STATUS_COLOURS[status],
    shop: { name: row.shopName, phone: row.shopPhone },
  };
}
