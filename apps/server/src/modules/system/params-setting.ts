import { and, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { PARAM_DEFS, paramDef, translate, type paramResetBody, type ParamRow, type ParamValueBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db, Executor } from '../../platform/db.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { params, storeGroups } from '../../platform/platform.schema.js';
import { iso } from '../../platform/columns.js';

async function assertGroupExists(db: Executor, groupId: number) {
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

/** Sets the platform default (groupId null) or one group's override of a parameter. */
export async function setParam(db: Db, ctx: Ctx, body: ParamValueBody): Promise<ParamRow> {
  const def = paramDef(body.code)!;
  if (body.groupId !== null) await assertGroupExists(db, body.groupId);
  await db.transaction(async (tx) => {
    const scope = body.groupId === null ? isNull(params.groupId) : eq(params.groupId, body.groupId);
    const [before] = await tx
      .select()
      .from(params)
      .where(and(eq(params.code, def.code), scope))
      .for('update');
    if (before) {
      const [after] = await tx.update(params).set({ value: body.value, updatedAt: new Date() }).where(eq(params.id, before.id)).returning();
      await recordAction(tx, ctx, { entity: 'params', entityId: before.id, action: 'edit', before, after, groupId: body.groupId });
    } else {
      const [after] = await tx
        .insert(params)
        .values({
          groupId: body.groupId,
          code: def.code,
          name: translate('zh-TW', `params.${def.code}`),
          type: def.type,
          value: body.value,
        })
        .returning();
      await recordAction(tx, ctx, { entity: 'params', entityId: after!.id, action: 'create', after, groupId: body.groupId });
    }
  });
  const { items } = await listParams(db, ctx, { groupId: body.groupId });
  return items.find((p) => p.code === def.code)!;
}

/** Removes a group's override, so the group follows the platform value again. */
export async function resetParam(db: Db, ctx: Ctx, { code, groupId }: z.infer<typeof paramResetBody>): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .delete(params)
      .where(and(eq(params.code, code), eq(params.groupId, groupId)))
      .returning();
    if (!before) throw notFound();
    await recordAction(tx, ctx, { entity: 'params', entityId: before.id, action: 'delete', before, groupId });
  });
}
