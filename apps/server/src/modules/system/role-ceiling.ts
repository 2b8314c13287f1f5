import { PLATFORM_ONLY_SCREENS, normaliseMenu, type MenuSetting } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

/** Whether every screen/action of `menu` is also in `own` (and none is platform-only). */
function menuWithin(menu: MenuSetting, own: MenuSetting): boolean {
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

/** What a role may grant: known screens and actions, never a platform-only screen. */
export function cleanMenu(menu: Record<string, readonly string[]> | undefined): MenuSetting {
  const out = normaliseMenu(menu ?? {});
  for (const s of PLATFORM_ONLY_SCREENS) delete out[s];
  return out;
}

export const menuAboveOwn = () => new AppError(400, 'system.error.menuAboveOwn', undefined, { menu: 'system.error.menuAboveOwn' });

/** A role the caller may change: it gives nothing beyond their own. */
export function assertEditable(ctx: Ctx, role: { menu: MenuSetting }) {
  if (!mayHandle(ctx, role.menu)) throw new AppError(400, 'system.error.roleAboveOwn');
}
