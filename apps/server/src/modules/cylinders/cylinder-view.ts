import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INSPECTION_STATUS_COLOURS, inspectionStatus, type CylinderRow, type InspectionStatus } from '@gasops/shared';
import { isoNN, iso } from '../../platform/columns.js';
import type { Executor } from '../../platform/db.js';
import { stores } from '../../platform/platform.schema.js';
import { customers } from '../customers/customers.schema.js';
import { cylinderHandlingSites } from '../system/system.schema.js';
import { cylinders } from './cylinders.schema.js';
import type { InspectionDay } from './inspection-day.js';

export type CylinderRecord = typeof cylinders.$inferSelect;

const owner = alias(stores, 'owner_store');
const atStore = alias(stores, 'at_store');
const atSite = alias(cylinderHandlingSites, 'at_site');
const station = alias(cylinderHandlingSites, 'station');
const holder = alias(customers, 'holder');

/** The columns of a cylinder row as the lists show it (names of its store, place, customer and station). */
const selection = {
  c: cylinders,
  storeName: owner.name,
  handlingSiteName: station.name,
  customerName: holder.name,
  locationName: sql<string | null>`case ${cylinders.locationKind}
    when 'store' then ${atStore.name}
    when 'customer' then ${holder.name}
    when 'filling' then ${atSite.name}
    when 'inspection' then ${atSite.name}
    end`,
};

/**
 * `select … from cylinders` with the joins the rows need; the caller adds where/order/limit.
 * `extra`: further columns (e.g. a list's ride-along total).
 */
export function selectCylinderRows<E extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra?: E) {
  return db
    .select({ ...selection, ...(extra as E) })
    .from(cylinders)
    .innerJoin(owner, eq(owner.id, cylinders.storeId))
    .leftJoin(station, eq(station.id, cylinders.handlingSiteId))
    .leftJoin(holder, eq(holder.id, cylinders.customerId))
    .leftJoin(atStore, and(eq(cylinders.locationKind, 'store'), eq(atStore.id, cylinders.locationId)))
    .leftJoin(atSite, and(sql`${cylinders.locationKind} in ('filling', 'inspection')`, eq(atSite.id, cylinders.locationId)));
}
export type CylinderJoined = {
  c: CylinderRecord;
  storeName: string;
  handlingSiteName: string | null;
  customerName: string | null;
  locationName: string | null;
};

/** A cylinder's inspection status on its group's day. */
export function statusOf(c: CylinderRecord, day: InspectionDay): InspectionStatus {
  return inspectionStatus(
    {
      material: c.material,
      pressureTestDate: c.pressureTestDate,
      nextInspectionDeadline: c.nextInspectionDeadline,
      scrapped: c.locationKind === 'scrapped',
    },
    day.today,
    day.dueDays,
    day.rules,
  );
}

/** A joined cylinder as the API answers it. */
export function toCylinderRow(r: CylinderJoined, day: InspectionDay): CylinderRow {
  const c = r.c;
  const status = statusOf(c, day);
  return {
    id: c.id,
    groupId: c.groupId,
    storeId: c.storeId,
    storeName: r.storeName,
    containerNo: c.containerNo,
    labelNo: c.labelNo,
    containerSpec: c.containerSpec,
    sizeKg: c.sizeKg,
    tareG: c.tareG,
    material: c.material,
    pressureTestDate: c.pressureTestDate,
    lastInspectionDate: c.lastInspectionDate,
    nextInspectionDeadline: c.nextInspectionDeadline,
    deadlineSuggested: c.deadlineSuggested,
    endOfLifeDate: c.endOfLifeDate,
    inspectionAgencyCode: c.inspectionAgencyCode,
    handlingSiteId: c.handlingSiteId,
    handlingSiteName: r.handlingSiteName,
    locationKind: c.locationKind,
    locationId: c.locationId,
    locationName: r.locationName,
    fill: c.fill,
    customerId: c.customerId,
    customerName: r.customerName,
    holding: c.holding,
    lastMovementKind: c.lastMovementKind,
    lastMovedAt: iso(c.lastMovedAt),
    hasImage: !!c.imagePath,
    remark: c.remark,
    inspectionStatus: status,
    statusColour: INSPECTION_STATUS_COLOURS[status],
    createdAt: isoNN(c.createdAt),
    updatedAt: isoNN(c.updatedAt),
  };
}

/**
 * The SQL form of the inspection status (shared inspectionStatus) over the stored end-of-life and
 * due dates, for list filters: `today` and the warning window are the group's.
 */
export function statusFilter(status: InspectionStatus, day: InspectionDay): SQL {
  const t = day.today;
  const alive = sql`${cylinders.locationKind} <> 'scrapped' and (${cylinders.endOfLifeDate} is null or ${cylinders.endOfLifeDate} > ${t}::date)`;
  switch (status) {
    case 'scrapped':
      return sql`${cylinders.locationKind} = 'scrapped'`;
    case 'end_of_life':
      return sql`${cylinders.locationKind} <> 'scrapped' and ${cylinders.endOfLifeDate} <= ${t}::date`;
    case 'overdue':
      return sql`${alive} and ${cylinders.dueDate} < ${t}::date`;
    case 'due':
      return sql`${alive} and ${cylinders.dueDate} >= ${t}::date and ${cylinders.dueDate} <= ${t}::date + ${day.dueDays}::int`;
    case 'in_date':
      return sql`${alive} and ${cylinders.dueDate} > ${t}::date + ${day.dueDays}::int`;
    case 'unknown':
      return sql`${alive} and ${cylinders.dueDate} is null`;
  }
}
