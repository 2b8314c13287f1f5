import { PLATFORM_ONLY_SCREENS, type Me, type ScreenKey } from '@gasops/shared';

/**
 * Whether the sidebar shows a screen and its route opens. Display only: the server checks the same
 * menu setting on every call.
 */
export function canView(me: Me, screen: ScreenKey): boolean {
  if (me.isPlatformAdmin) return true;
  if (PLATFORM_ONLY_SCREENS.includes(screen)) return false;
  return me.menu[screen]?.includes('view') ?? false;
}
