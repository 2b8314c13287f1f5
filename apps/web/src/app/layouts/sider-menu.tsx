import { useMemo, useState, type ReactNode } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  AlertOutlined,
  BarChartOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  SettingOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MENU_GROUPS, type Me, type MenuGroupKey, type ScreenKey } from '@gasops/shared';
import { screenFromPath } from '../menu-history';
import { canView } from '../permissions';

const GROUP_ICONS: Partial<Record<MenuGroupKey, ReactNode>> = {
  system: <SettingOutlined />,
  store: <ShopOutlined />,
  cylinder: <DatabaseOutlined />,
  report: <BarChartOutlined />,
  service: <CustomerServiceOutlined />,
  invoiceGroup: <FileTextOutlined />,
};
const HOME_ICONS: Partial<Record<ScreenKey, ReactNode>> = { Home: <DashboardOutlined />, examinedSuggest: <AlertOutlined /> };

type Item = Required<MenuProps>['items'][number];

/** The manager groups of menu.ts, each screen only when the role may view it (field screens live in /mobile). */
function managerMenuGroups(me: Me) {
  return MENU_GROUPS.filter((g) => g.key !== 'mobile')
    .map((g) => ({ key: g.key, screens: g.screens.filter((s) => canView(me, s)) }))
    .filter((g) => g.screens.length > 0);
}

function buildItems(me: Me, t: TFunction): Item[] {
  const items: Item[] = [];
  for (const group of managerMenuGroups(me)) {
    const leaves: Item[] = group.screens.map((screen) => ({
      key: screen,
      icon: group.key === 'home' ? HOME_ICONS[screen] : undefined,
      label: (
        <Link to={`/manager/${screen}`} data-testid={`menu-item-${screen}`}>
          {t(`menu.${screen}`)}
        </Link>
      ),
    }));
    // The two home screens sit at the top level; every other group is a submenu.
    if (group.key === 'home') items.push(...leaves);
    else items.push({ key: `group:${group.key}`, icon: GROUP_ICONS[group.key], label: t(`menu.group.${group.key}`), children: leaves });
  }
  return items;
}

function groupOf(screen: ScreenKey | null): string | null {
  if (!screen) return null;
  const group = MENU_GROUPS.find((g) => (g.screens as readonly string[]).includes(screen));
  return group && group.key !== 'home' ? `group:${group.key}` : null;
}

export function SiderMenu({ me, collapsed, onNavigate }: { me: Me; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const screen = screenFromPath(pathname);
  // `t` changes with the language, so labels are rebuilt per language, not on every render.
  const items = useMemo(() => buildItems(me, t), [me, t]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const g = groupOf(screen);
    return g ? [g] : [];
  });

  // Opening another screen (link, back button) unfolds its group; adjusted during render, not in an effect.
  const [shownScreen, setShownScreen] = useState(screen);
  if (screen !== shownScreen) {
    setShownScreen(screen);
    const g = groupOf(screen);
    if (g && !openKeys.includes(g)) setOpenKeys([...openKeys, g]);
  }

  return (
    <Menu
      data-testid="sider-menu"
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={screen ? [screen] : []}
      // Collapsed menus show submenus as popups; controlled open keys would pin them open.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={() => onNavigate?.()}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
