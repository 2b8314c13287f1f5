import { mayDo, type Action, type Me, type ScreenKey } from '@gasops/shared';

/**
 * Whether the signed-in user may do an action on a screen (buttons, menus): the shared rule the
 * server checks on every call. Display only.
 */
export function canDo(me: Me | undefined, screen: ScreenKey, action: Action): boolean {
  return me ? mayDo(me, screen, action) : false;
}

/** Whether the sidebar shows a screen and its route opens. */
export function canView(me: Me, screen: ScreenKey): boolean {
  return canDo(me, screen, 'view');
}
