import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { PARAM_DEFS, paramDef, translate, type ParamCode } from '@gasops/shared';
import type { Executor } from './db.js';
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

/** A parameter's text value for a store group: the group's override, else the platform value, else the code default. */
export async function getParamText(db: Executor, groupId: number | null, code: ParamCode): Promise<string> {
  const rows = await db
    .select({ groupId: params.groupId, value: params.value })
    .from(params)
    .where(and(eq(params.code, code), groupId === null ? isNull(params.groupId) : or(isNull(params.groupId), eq(params.groupId, groupId))))
    .orderBy(sql`${params.groupId} nulls last`);
  return rows[0]?.value ?? paramDef(code)?.value ?? '';
}

export async function getParamNumber(db: Executor, groupId: number | null, code: ParamCode): Promise<number> {
  const value = Number(await getParamText(db, groupId, code));
  if (Number.isFinite(value)) return value;
  return Number(paramDef(code)?.value ?? 0);
}
