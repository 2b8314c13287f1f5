import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { paramDef, translate, type paramResetBody, type ParamRow, type ParamValueBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { params } from '../../platform/platform.schema.js';
import { assertGroupExists, listParams } from './list-params.js';

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
