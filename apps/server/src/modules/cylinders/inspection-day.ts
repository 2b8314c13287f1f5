import { eq, sql } from 'drizzle-orm';
import { DEFAULT_DUE_DAYS, dateIn } from '@gasops/shared';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { storeGroups } from '../../platform/platform.schema.js';

/** The parameter naming the warning window of "due" cylinders (days before the deadline). */
export const DUE_DAYS_PARAM = 'CYLINDER_DUE_DAYS';

/** What the inspection status of a group's cylinders is computed against: the group's today and warning window. */
export type InspectionDay = { today: string; dueDays: number; timeZone: string };

/**
 * The group's warning window: the group's or the platform's CYLINDER_DUE_DAYS parameter, else 60.
 * Read by its code (not through PARAM_DEFS) so a group's value counts as soon as it is set.
 */
async function dueDaysOf(db: Executor, groupId: number | null): Promise<number> {
  const [row] = rowsOfResult<{ v: string }>(
    await db.execute(sql`select p.value as v from params p where p.code = ${DUE_DAYS_PARAM}
      and (p.group_id = ${groupId ?? null}::int or p.group_id is null) order by p.group_id nulls last limit 1`),
  );
  const n = Number(row?.v);
  return Number.isInteger(n) && n >= 0 && n <= 3650 ? n : DEFAULT_DUE_DAYS;
}

/** Today on the group's calendar (never the server's UTC date) and its warning window. */
export async function inspectionDayOf(db: Executor, groupId: number | null, at: Date = new Date()): Promise<InspectionDay> {
  let timeZone = 'Asia/Taipei';
  if (groupId !== null) {
    const [g] = await db.select({ tz: storeGroups.timeZone }).from(storeGroups).where(eq(storeGroups.id, groupId));
    if (g) timeZone = g.tz;
  }
  return { today: dateIn(timeZone, at), dueDays: await dueDaysOf(db, groupId), timeZone };
}

/** The inspection day of each of several groups (lists across groups, for the platform administrator). */
export async function inspectionDaysOf(db: Executor, groupIds: number[]): Promise<Map<number, InspectionDay>> {
  const out = new Map<number, InspectionDay>();
  for (const id of [...new Set(groupIds)]) out.set(id, await inspectionDayOf(db, id));
  return out;
}
