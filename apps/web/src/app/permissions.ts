import { PLATFORM_ONLY_SCREENS, type Action, type Me, type ScreenKey } from '@gasops/shared';

/**
 * Whether the signed-in user may do an action on a screen (buttons, menus). Display only: the
 * server checks the same menu setting on every call.
 */
export function canDo(me: Me | undefined, screen: ScreenKey, action: Action): boolean {
  if (!me) return false;
  if (me.isPlatformAdmin) return true;
  if (PLATFORM_ONLY_SCREENS.includes(screen)) return false;
  return me.menu[screen]?.includes(action) ?? false;
}

/** Whether the sidebar shows a screen and its route opens. */
export function canView(me: Me, screen: ScreenKey): boolean {
  return canDo(me, screen, 'view');
}
