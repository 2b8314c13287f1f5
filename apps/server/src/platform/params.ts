import { sql, type SQL } from 'drizzle-orm';
import { PARAM_DEFS, paramDef, translate, type ParamCode } from '@gasops/shared';
import { rowsOfResult, type Executor } from './db.js';
import { params } from './platform.schema.js';

/** Inserts the platform default of every parameter that does not exist yet (idempotent, at start). */
export async function seedParamDefaults(db: Executor): Promise<void> {
  for (const def of PARAM_DEFS) {
    await db
      .insert(params)
      .values({ groupId: null, code: def.code, name: translate('zh-TW', `params.${def.code}`), type: def.type, value: def.value })
      .onConflictDoNothing();
  }
}

/** A store group for a parameter lookup: its id, a SQL expression of it (set-based queries), or null (the platform's value). */
type GroupRef = number | null | SQL;
const groupSql = (g: GroupRef): SQL => (g === null ? sql`null::int` : typeof g === 'number' ? sql`${g}::int` : g);

/**
 * The parameter lookup rule, the one place it is written: the group's override, else the platform
 * value, else the code default. As a SQL expression, so set-based queries over many groups need no
 * per-row round trips; `getParamText`/`getParamNumber` evaluate the same expression.
 */
export function paramTextSql(groupId: GroupRef, code: ParamCode): SQL<string> {
  return sql<string>`coalesce((select p.value from params p where p.code = ${code} and (p.group_id = ${groupSql(groupId)} or p.group_id is null)
    order by p.group_id nulls last limit 1), ${paramDef(code)?.value ?? ''}::text)`;
}

/** A numeric parameter as a SQL expression (float8); a stored value that is not a number falls back to the code default. */
export function paramNumSql(groupId: GroupRef, code: ParamCode): SQL<number> {
  const dflt = Number(paramDef(code)?.value ?? 0);
  return sql<number>`coalesce((select case when p.value ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then p.value::float8 end from params p
    where p.code = ${code} and (p.group_id = ${groupSql(groupId)} or p.group_id is null) order by p.group_id nulls last limit 1), ${dflt}::float8)`;
}

/**
 * Numeric parameters per store group, for a set-based query over the rows of many groups: a select of
 * one row per distinct `group_id` among `rows` (a CTE or subquery with a `group_id` column), with
 * `group_id` and each parameter (`paramNumSql`) under its name in `columns`. Used as a materialized
 * CTE joined on `group_id`, each lookup runs once per group, not once per row (the IoT alert
 * thresholds and the residual gas list read theirs alike).
 */
export function groupParamsSql(rows: SQL, columns: Record<string, ParamCode>): SQL {
  const list = Object.entries(columns).map(([name, code]) => sql`${paramNumSql(sql`g.group_id`, code)} as ${sql.identifier(name)}`);
  return sql`select g.group_id, ${sql.join(list, sql`, `)} from (select distinct group_id from ${rows}) g`;
}

/** A parameter's text value for a store group (see `paramTextSql`). */
export async function getParamText(db: Executor, groupId: number | null, code: ParamCode): Promise<string> {
  const [row] = rowsOfResult<{ v: string }>(await db.execute(sql`select ${paramTextSql(groupId, code)} as v`));
  return row?.v ?? paramDef(code)?.value ?? '';
}

/** A numeric parameter's value for a store group (see `paramNumSql`). */
export async function getParamNumber(db: Executor, groupId: number | null, code: ParamCode): Promise<number> {
  const [row] = rowsOfResult<{ v: number | string }>(await db.execute(sql`select ${paramNumSql(groupId, code)} as v`));
  return Number(row?.v ?? paramDef(code)?.value ?? 0);
}
