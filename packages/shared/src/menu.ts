/**
 * The screens of seed §2 as a permission tree. A role's menu setting maps a screen key to the
 * actions it allows; the sidebar, the route guards and every API route use these keys.
 */
export const ACTIONS = ['view', 'create', 'edit', 'delete', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export const MENU_GROUPS = [
  { key: 'home', screens: ['Home', 'examinedSuggest'] },
  {
    key: 'system',
    screens: [
      'LoginHistory',
      'ActionLog',
      'MenuHistory',
      'UserManagement',
      'Role',
      'Product',
      'Group',
      'Device',
      'ParamsSetting',
      'CylinderHandlingSite',
    ],
  },
  {
    key: 'store',
    screens: [
      'financial',
      'Category',
      'deliveryPerson',
      'deliveryRoute',
      'Customer',
      'CustomerDetail',
      'StoreProduct',
      'DispatchOrder',
      'incidentals',
      'expense',
      'invoice',
    ],
  },
  {
    key: 'cylinder',
    screens: [
      'StoreDevice',
      'ScanResultStatistics',
      'ScanResultSearch',
      'CylinderMaintenance',
      'CylinderMaintenanceKeyIn',
      'residualGas',
      'SystemCylinderMaintenance',
      'CylinderStockMaintenance',
      'penddingDataMaintenance',
    ],
  },
  { key: 'report', screens: ['order_gas', 'order_product', 'order_service', 'DailyReport', 'MonthlyReport'] },
  { key: 'service', screens: ['contact_customer', 'replay_customer', 'chatroom', 'faq'] },
  { key: 'invoiceGroup', screens: ['InvoiceLookup'] },
  {
    key: 'mobile',
    screens: ['mobileIndex', 'gasRound', 'gasReturn', 'gasPackaging', 'gasExamine', 'MobileCylinderMaintenance'],
  },
] as const;

export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];
export type ScreenKey = (typeof MENU_GROUPS)[number]['screens'][number];

export const SCREENS: readonly ScreenKey[] = MENU_GROUPS.flatMap((g) => [...g.screens]) as ScreenKey[];

/** Screens only the platform administrator may ever reach, whatever a role says. */
export const PLATFORM_ONLY_SCREENS: readonly ScreenKey[] = ['Group', 'Device', 'ParamsSetting', 'CylinderHandlingSite'];

export function isScreenKey(value: unknown): value is ScreenKey {
  return typeof value === 'string' && (SCREENS as readonly string[]).includes(value);
}

/** A role's menu setting: screen → allowed actions. Screens absent are not allowed at all. */
export type MenuSetting = Partial<Record<ScreenKey, Action[]>>;

/** Whether a menu setting allows an action on a screen (the role's part of the rule below). */
export function can(menu: MenuSetting, screen: ScreenKey, action: Action): boolean {
  return menu[screen]?.includes(action) ?? false;
}

/**
 * The permission rule, the one place it is written: the platform administrator may do everything;
 * anyone else may do what their role's menu setting allows, never on a platform-only screen. The
 * server checks it on every call (guard.ts); the web uses it to show menus and buttons.
 */
export function mayDo(user: { isPlatformAdmin: boolean; menu: MenuSetting }, screen: ScreenKey, action: Action): boolean {
  if (user.isPlatformAdmin) return true;
  if (PLATFORM_ONLY_SCREENS.includes(screen)) return false;
  return can(user.menu, screen, action);
}

/** Every screen with every action: the platform administrator's effective setting. */
export function fullMenu(): MenuSetting {
  const all: MenuSetting = {};
  for (const s of SCREENS) all[s] = [...ACTIONS];
  return all;
}

/** Drops unknown screens and actions, de-duplicates, and keeps view implied by any other action. */
export function normaliseMenu(input: Record<string, readonly string[]>): MenuSetting {
  const out: MenuSetting = {};
  for (const [screen, actions] of Object.entries(input)) {
    if (!isScreenKey(screen)) continue;
    const allowed = ACTIONS.filter((a) => actions.includes(a));
    if (allowed.length === 0) continue;
    if (!allowed.includes('view')) allowed.unshift('view');
    out[screen] = allowed;
  }
  return out;
}
