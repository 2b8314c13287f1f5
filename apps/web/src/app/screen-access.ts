import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import type { ScreenKey } from '@gasops/shared';
import { isApiError } from './api';
import { canView } from './permissions';
import { useMe } from './session';

/*
 * The rules of a screen's guard and of a route's error, without their looks: the back office shows
 * them with antd (screen-guard.tsx), the field app with its own kit (field-guard.tsx, no antd).
 */

/** Whether the signed-in user may see `screen`: not known yet, allowed by the user's menu, or not (the server enforces the same). */
export function useScreenAccess(screen: ScreenKey): 'loading' | 'allowed' | 'forbidden' {
  const me = useMe();
  if (!me) return 'loading';
  return canView(me, screen) ? 'allowed' : 'forbidden';
}

/** Why a route's loader failed (server down, 500), in words for the page that offers a retry. */
export function useRouteErrorDetail(): string {
  const error = useRouteError();
  const { t } = useTranslation();
  return isApiError(error) ? error.message : error instanceof Error ? error.message : t('feedback.error.noResponse');
}
