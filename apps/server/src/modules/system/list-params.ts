import { and, eq, isNull, or } from 'drizzle-orm';
import { PARAM_DEFS, translate, type ParamRow } from '@gasops/shared';
import { iso } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { params, storeGroups } from '../../platform/platform.schema.js';

/** The chosen store group exists (else a field error on groupId). */
export async function assertGroupExists(db: Executor, groupId: number) {
  const [g] = await db
    .select({ id: storeGroups.id })
    .from(storeGroups)
    .where(and(eq(storeGroups.id, groupId), isNull(storeGroups.deletedAt)));
  if (!g) throw invalidField('groupId', 'feedback.validation.invalid');
}

/**
 * Every parameter of the registry (params.ts) with its built-in default, the platform value and,
 * when a store group is chosen, that group's override and the value that group actually uses.
 */
export async function listParams(
  db: Executor,
  ctx: Ctx,
  q: { groupId?: number | null; keyword?: string },
): Promise<{ groupId: number | null; items: ParamRow[] }> {
  const groupId = q.groupId ?? null;
  if (groupId !== null) await assertGroupExists(db, groupId);
  const rows = await db
    .select()
    .from(params)
    .where(groupId === null ? isNull(params.groupId) : or(isNull(params.groupId), eq(params.groupId, groupId)));
  const k = q.keyword?.trim().toLowerCase();
  const items = PARAM_DEFS.map((def): ParamRow => {
    const platform = rows.find((r) => r.code === def.code && r.groupId === null);
    const group = groupId === null ? undefined : rows.find((r) => r.code === def.code && r.groupId === groupId);
    const platformValue = platform?.value ?? def.value;
    return {
      code: def.code,
      name: translate(ctx.locale, `params.${def.code}`),
      type: def.type,
      min: 'min' in def ? def.min : null,
      max: 'max' in def ? def.max : null,
      defaultValue: def.value,
      platformValue,
      groupValue: group?.value ?? null,
      effectiveValue: group?.value ?? platformValue,
      updatedAt: iso((group ?? platform)?.updatedAt),
    };
  }).filter((p) => !k || p.code.toLowerCase().includes(k) || p.name.toLowerCase().includes(k));
  return { groupId, items };
}
