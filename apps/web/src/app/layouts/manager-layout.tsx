import { Suspense, useState } from 'react';
import { Breadcrumb, Button, Grid, Layout, Space, Spin, theme as antdTheme } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { MENU_GROUPS } from '@gasops/shared';
import { lazyComponent } from '../lazy';
import { LanguageSwitch } from '../../components/language-switch';
import { screenFromPath, useMenuHistory } from '../menu-history';
import { useMe } from '../session';
import { COLORS } from '../theme';
import { SiderMenu } from './sider-menu';
import { StoreSwitcher } from './store-switcher';
import { UserMenu } from './user-menu';

const SIDER_WIDTH = 224;
/**
 * The phone's sidebar drawer, loaded only under 768 px (where it is used): ~5 KB gzip a desktop
 * page does not need (issue 16). Closed at first, so it shows nothing while it loads.
 */
const Drawer = lazyComponent(
  () => import('antd/es/drawer'),
  (m) => m.default,
  null,
);
const COLLAPSED_KEY = 'siderCollapsed';

function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/manager/Home"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        height: 56,
        padding: collapsed ? '0 24px' : '0 20px',
        color: '#fff',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
      }}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} style={{ flex: 'none', background: '#fff', borderRadius: 6, padding: 2 }} />
      {collapsed ? null : <strong style={{ fontSize: 18, letterSpacing: 0.5 }}>{t('common.appShort')}</strong>}
    </Link>
  );
}

function PageTitle() {
  const { t } = useTranslation();
  const screen = screenFromPath(useLocation().pathname);
  if (!screen) return null;
  const group = MENU_GROUPS.find((g) => (g.screens as readonly string[]).includes(screen));
  const items = [
    ...(group && group.key !== 'home' ? [{ title: t(`menu.group.${group.key}`) }] : []),
    { title: <span data-testid="page-title">{t(`menu.${screen}`)}</span> },
  ];
  // One line: where the header is narrow the titles end in an ellipsis instead of wrapping letter by letter.
  return <Breadcrumb className="manager-page-title" items={items} />;
}

/** The manager side (seed §2 /manager): sidebar from the role's menu, header with store, language and user. */
export function ManagerLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const screens = Grid.useBreakpoint();
  // Under 768 px the sidebar becomes a drawer so a phone keeps the full width for the screen.
  const phone = screens.md === false;
  // Under 992 px beside the sidebar (a tablet) the header's controls go compact so the page title keeps its room.
  const narrow = screens.lg === false;
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { token } = antdTheme.useToken();
  useMenuHistory();

  if (!me) return <Spin fullscreen />;

  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
  };

  return (
    <Layout style={{ minHeight: '100%' }} data-testid="manager-layout">
      {phone ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH + 16}
          closable={false}
          styles={{ body: { padding: 0, background: COLORS.primaryDark }, header: { display: 'none' } }}
        >
          <Brand collapsed={false} />
          <SiderMenu me={me} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          <Brand collapsed={collapsed} />
          <SiderMenu me={me} collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            position: 'sticky',
            top: 0,
            zIndex: 10,
            boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
          }}
        >
          {phone ? (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('common.openMenu')}
              data-testid="sider-toggle"
              onClick={() => setDrawerOpen(true)}
            />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? t('common.expandMenu') : t('common.collapseMenu')}
              data-testid="sider-toggle"
              onClick={toggleCollapsed}
            />
          )}
          <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>{phone ? null : <PageTitle />}</div>
          <Space size={phone ? 0 : 8} align="center">
            <StoreSwitcher width={phone ? 120 : narrow ? 160 : 200} />
            <LanguageSwitch compact={narrow} />
            <UserMenu showName={!narrow} />
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: phone ? 8 : 16 }}>
          {phone ? (
            <div style={{ marginBottom: 8 }}>
              <PageTitle />
            </div>
          ) : null}
          <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: phone ? 12 : 24, minHeight: 360 }}>
            <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
              <Outlet />
            </Suspense>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
