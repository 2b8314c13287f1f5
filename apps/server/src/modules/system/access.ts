import { and, eq, isNull } from 'drizzle-orm';
import { PLATFORM_ONLY_SCREENS, V, normaliseMenu, type MenuSetting } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import { storeGroups } from '../../platform/platform.schema.js';

/**
 * The store group a write applies to. A group manager always works in their own group (naming
 * another one is answered "not found"); the platform administrator names the group, which must exist.
 */
export async function targetGroup(db: Executor, ctx: Ctx, requested: number | null | undefined): Promise<number> {
  if (!ctx.user.isPlatformAdmin) {
    if (ctx.user.groupId === null) throw notFound();
    if (requested != null && requested !== ctx.user.groupId) throw notFound();
    return ctx.user.groupId;
  }
  if (requested == null) throw invalidField('groupId', V.required);
  const [g] = await db
    .select({ id: storeGroups.id })
    .from(storeGroups)
    .where(and(eq(storeGroups.id, requested), isNull(storeGroups.deletedAt)));
  if (!g) throw invalidField('groupId', V.invalid);
  return g.id;
}

/** Whether every screen/action of `menu` is also in `own` (and none is platform-only). */
export function menuWithin(menu: MenuSetting, own: MenuSetting): boolean {
  for (const [screen, actions] of Object.entries(menu)) {
    if (PLATFORM_ONLY_SCREENS.includes(screen as never)) return false;
    const mine = own[screen as keyof MenuSetting] ?? [];
    if (!(actions ?? []).every((a) => mine.includes(a))) return false;
  }
  return true;
}

/** A group manager may only hand out (or change) what they hold themselves; the platform administrator anything. */
export function mayHandle(ctx: Ctx, menu: MenuSetting | Record<string, string[]> | null | undefined): boolean {
  if (ctx.user.isPlatformAdmin) return true;
  return menuWithin(normaliseMenu((menu ?? {}) as Record<string, string[]>), ctx.user.menu);
}

export const roleAboveOwn = (field: string) =>
  new AppError(400, 'system.error.roleAboveOwn', undefined, { [field]: 'system.error.roleAboveOwn' });
export const taken = (field: string, key: string) => new AppError(409, key, undefined, { [field]: key });
