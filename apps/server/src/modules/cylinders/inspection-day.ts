import { sql } from 'drizzle-orm';
import {
  DEFAULT_DUE_DAYS,
  INTERVAL_TABLE_PARAM_CODES,
  dateIn,
  inspectionRulesFrom,
  type InspectionRules,
  type InspectionRulesAnswer,
  type IntervalStep,
  type IntervalTableParam,
} from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { storeGroups } from '../../platform/platform.schema.js';

/** The parameter naming the warning window of "due" cylinders (days before the deadline). */
export const DUE_DAYS_PARAM = 'CYLINDER_DUE_DAYS';

/**
 * What the inspection status of a group's cylinders is computed against: the group's today, its
 * warning window and its inspection rules (the interval tables of its parameters).
 */
export type InspectionDay = { today: string; dueDays: number; timeZone: string; rules: InspectionRules };

/** The row of `cylinderSettingsOf` that carries the group's time zone (no parameter has this code). */
const TIME_ZONE_ROW = '@time_zone';

/**
 * The group's time zone and cylinder parameters in one query (one round trip on every registry
 * request): the time zone (else Asia/Taipei), the warning window (CYLINDER_DUE_DAYS, else 60) and the
 * interval tables (CYLINDER_INTERVALS_*, else DOMAIN.md's), each the group's value, else the
 * platform's. Read by code (not through PARAM_DEFS) so a group's value counts as soon as it is set.
 */
async function cylinderSettingsOf(
  db: Executor,
  groupId: number | null,
): Promise<{ timeZone: string; dueDays: number; rules: InspectionRules }> {
  const codes = [DUE_DAYS_PARAM, ...INTERVAL_TABLE_PARAM_CODES];
  const rows = rowsOfResult<{ code: string; v: string }>(
    await db.execute(sql`(select distinct on (p.code) p.code, p.value as v from params p
      where p.code = any(${`{${codes.join(',')}}`}::text[]) and (p.group_id = ${groupId ?? null}::int or p.group_id is null)
      order by p.code, p.group_id nulls last)
      union all
      select ${TIME_ZONE_ROW}, g.time_zone from ${storeGroups} g where g.id = ${groupId ?? null}::int`),
  );
  const values = new Map(rows.map((r) => [r.code, r.v]));
  const n = Number(values.get(DUE_DAYS_PARAM));
  const dueDays = values.has(DUE_DAYS_PARAM) && Number.isInteger(n) && n >= 0 && n <= 3650 ? n : DEFAULT_DUE_DAYS;
  const tables: Partial<Record<IntervalTableParam, string>> = {};
  for (const code of INTERVAL_TABLE_PARAM_CODES) tables[code] = values.get(code);
  return { timeZone: values.get(TIME_ZONE_ROW) ?? 'Asia/Taipei', dueDays, rules: inspectionRulesFrom(tables) };
}

/** Today on the group's calendar (never the server's UTC date), its warning window and its inspection rules. */
export async function inspectionDayOf(db: Executor, groupId: number | null, at: Date = new Date()): Promise<InspectionDay> {
  const { timeZone, dueDays, rules } = await cylinderSettingsOf(db, groupId);
  return { today: dateIn(timeZone, at), timeZone, dueDays, rules };
}

/** The inspection day of each of several groups (lists across groups, for the platform administrator). */
export async function inspectionDaysOf(db: Executor, groupIds: number[]): Promise<Map<number, InspectionDay>> {
  const out = new Map<number, InspectionDay>();
  for (const id of [...new Set(groupIds)]) out.set(id, await inspectionDayOf(db, id));
  return out;
}

/** The caller group's inspection rules and warning window, as the forms' suggestions need them. */
export async function inspectionRulesOf(db: Executor, ctx: Ctx): Promise<InspectionRulesAnswer> {
  const { rules, dueDays } = await inspectionDayOf(db, ctx.user.groupId);
  const copy = (steps: readonly IntervalStep[]) => steps.map((s) => ({ ...s }));
  return {
    steelLifeYears: rules.steelLifeYears,
    compositeLifeYears: rules.compositeLifeYears,
    newTableFrom: rules.newTableFrom,
    steel: copy(rules.steel),
    steelOld: { small: copy(rules.steelOld.small), medium: copy(rules.steelOld.medium), large: copy(rules.steelOld.large) },
    composite: copy(rules.composite),
    dueDays,
  };
}
