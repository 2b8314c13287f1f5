import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { BLOCKING_STATUSES, INSPECTION_STATUS_COLOURS, type FieldCylinder } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { findByCodes, statusOf, type CylinderRecord, type InspectionDay } from '../cylinders/index.js';
import { cylinders } from '../cylinders/cylinders.schema.js';

// The cylinders as a phone checks them: one compact row per cylinder, its inspection status on the
// group's today. Read from the cylinders module's table (its schema is public for joins).

/** The stored columns of a cylinder that a phone needs, as they are. */
const PHONE_COLUMNS = [
  'id',
  'storeId',
  'containerNo',
  'labelNo',
  'containerSpec',
  'sizeKg',
  'tareG',
  'material',
  'locationKind',
  'locationId',
  'customerId',
  'holding',
  'fill',
  'nextInspectionDeadline',
] as const satisfies readonly (keyof CylinderRecord & keyof FieldCylinder)[];

/** The compact view of a cylinder row: its stored columns the phone needs and its inspection status. */
export function toFieldCylinder(c: CylinderRecord, day: InspectionDay): FieldCylinder {
  const status = statusOf(c, day);
  const stored = Object.fromEntries(PHONE_COLUMNS.map((k) => [k, c[k]])) as Pick<CylinderRecord, (typeof PHONE_COLUMNS)[number]>;
  return {
    ...stored,
    inspectionStatus: status,
    statusColour: INSPECTION_STATUS_COLOURS[status],
    handOver: !BLOCKING_STATUSES.includes(status) && status !== 'scrapped',
  };
}

/**
 * The group's cylinders with these (normalised) codes, by container number or current label number:
 * code → cylinder. No lock: the movement itself locks and re-checks.
 */
export const cylindersByCodes = (db: Executor, groupId: number, codes: readonly string[]) => findByCodes(db, groupId, codes, false);

/**
 * Field paths of codes that name a cylinder already named earlier in the same action (its container
 * number once, its label number again): seed §5's duplicate, which the schema cannot see.
 */
export function sameCylinderTwice(found: Map<string, CylinderRecord>, lists: { path: string; codes: readonly string[] }[]): string[] {
  const seen = new Set<number>();
  const out: string[] = [];
  for (const list of lists)
    list.codes.forEach((code, i) => {
      const c = found.get(code);
      if (!c) return;
      if (seen.has(c.id)) out.push(`${list.path}.${i}`);
      seen.add(c.id);
    });
  return out;
}

/** Cylinders of the group matching a condition (the day's list), at most `limit`. */
export async function cylindersWhere(db: Executor, groupId: number, where: SQL, limit: number): Promise<CylinderRecord[]> {
  return db
    .select()
    .from(cylinders)
    .where(and(eq(cylinders.groupId, groupId), isNull(cylinders.deletedAt), where))
    .orderBy(asc(cylinders.id))
    .limit(limit);
}

/** The codes of the cylinders at each of these customers (container numbers). */
export async function codesAtCustomers(db: Executor, groupId: number, customerIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (customerIds.length === 0) return out;
  const rows = await db
    .select({ customerId: cylinders.customerId, containerNo: cylinders.containerNo })
    .from(cylinders)
    .where(
      and(
        eq(cylinders.groupId, groupId),
        isNull(cylinders.deletedAt),
        eq(cylinders.locationKind, 'customer'),
        inArray(cylinders.customerId, customerIds),
      ),
    )
    .orderBy(asc(cylinders.id));
  for (const r of rows) {
    const list = out.get(r.customerId!) ?? [];
    list.push(r.containerNo);
    out.set(r.customerId!, list);
  }
  return out;
}
