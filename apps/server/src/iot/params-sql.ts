import { sql, type SQL } from 'drizzle-orm';
import { paramDef, type ParamCode } from '@gasops/shared';

/**
 * A numeric system parameter as a SQL expression for a store group (the group's override, else
 * the platform value, else the code default), so set-based queries over many groups need no
 * per-row round trips. A non-numeric stored value falls back to the default.
 */
export function paramNumSql(groupId: SQL, code: ParamCode): SQL {
  const dflt = Number(paramDef(code)?.value ?? 0);
  return sql`coalesce((select case when p.value ~ '^-?[0-9]+(\\.[0-9]+)?$' then p.value::float8 end from params p
    where p.code = ${code} and (p.group_id = ${groupId} or p.group_id is null) order by p.group_id nulls last limit 1), ${dflt}::float8)`;
}
