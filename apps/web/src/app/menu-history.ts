import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isScreenKey, type ScreenKey } from '@gasops/shared';
import { api } from './api';

/** The screen key a manager or field path opens, or null for other paths. */
export function screenFromPath(pathname: string): ScreenKey | null {
  const [first, second] = pathname.split('/').filter(Boolean);
  if ((first === 'manager' || first === 'mobile') && isScreenKey(second)) return second;
  if (first === 'MobileCylinderMaintenance') return 'MobileCylinderMaintenance';
  return null;
}

/** Records each screen opened for the MenuHistory screen; a lost record must never bother the user. */
export function useMenuHistory(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const screen = screenFromPath(pathname);
    if (!screen) return;
    api.post('/system/menu-history', { screen, path: pathname }, { background: true }).catch(() => undefined);
  }, [pathname]);
}
