import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { roundBadge } from '../../components/round-badge';
import { FlaskIcon, HomeIcon, ReturnIcon, ShieldIcon, TruckIcon } from '../../modules/field/icons';
import { Spinner } from '../../modules/field/ui';
import { screenFromPath, useMenuHistory } from '../menu-history';
import { MOBILE_TABS } from '../mobile-tabs';
import { canView } from '../permissions';
import { useDefaultStore, useMe } from '../session';
import { COLORS } from '../theme';
import { FieldLanguageSwitch, FieldUserMenu } from './field-menus';
import './field-layout.css';

type MobileTab = (typeof MOBILE_TABS)[number];

const TAB_ICONS: Record<MobileTab, ReactNode> = {
  mobileIndex: <HomeIcon />,
  gasRound: <TruckIcon />,
  gasReturn: <ReturnIcon />,
  gasPackaging: <FlaskIcon />,
  gasExamine: <ShieldIcon />,
};

const HEADER_HEIGHT = 52;
const TABBAR_HEIGHT = 60;
// Phones first (360 px); on a desktop the field app stays phone-shaped in the middle.
const MAX_WIDTH = 560;

/**
 * The field side (seed §2 /mobile): header, the screen, and a bottom tab bar for the thumb. Plain
 * React and CSS (field-layout.css): the field app (field.html, src/field-main.tsx) loads no antd (issue 13).
 */
export function MobileLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const screen = screenFromPath(useLocation().pathname);
  const store = useDefaultStore();
  useMenuHistory();
  if (!me) return <Spinner fullscreen />;
  const tabs = MOBILE_TABS.filter((tab) => canView(me, tab));
  // Same rule as the storeName cookie (seed §2): the store's first character stands for it.
  const storeInitial = Array.from(store?.name ?? '')[0];

  return (
    <div data-testid="mobile-layout" className="fl-root">
      <header
        style={{
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          zIndex: 20,
          height: HEADER_HEIGHT,
          background: COLORS.primary,
          color: '#fff',
          boxShadow: '0 1px 4px rgba(0,0,0,0.2)',
        }}
      >
        <div
          style={{
            maxWidth: MAX_WIDTH,
            margin: '0 auto',
            height: '100%',
            display: 'flex',
            alignItems: 'center',
            gap: 6,
            padding: '0 8px 0 12px',
          }}
        >
          {storeInitial ? (
            <span
              aria-label={`${t('auth.currentStore')}: ${store?.name ?? ''}`}
              title={store?.name ?? undefined}
              data-testid="mobile-store"
              style={roundBadge(28, COLORS.accent)}
            >
              {storeInitial}
            </span>
          ) : null}
          <h1
            data-testid="page-title"
            style={{
              flex: 1,
              minWidth: 0,
              margin: 0,
              fontSize: 17,
              fontWeight: 600,
              lineHeight: 1.5,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              color: '#fff',
            }}
          >
            {screen ? t(`menu.${screen}`) : t('common.appShort')}
          </h1>
          <FieldLanguageSwitch />
          <FieldUserMenu />
        </div>
      </header>

      <main style={{ maxWidth: MAX_WIDTH, margin: '0 auto', padding: `${HEADER_HEIGHT + 12}px 12px ${TABBAR_HEIGHT + 16}px` }}>
        <div style={{ background: '#fff', borderRadius: 10, padding: 12, minHeight: 240 }}>
          <Suspense fallback={<Spinner delay={300} />}>
            <Outlet />
          </Suspense>
        </div>
      </main>

      <nav
        data-testid="mobile-tabbar"
        aria-label={t('menu.group.mobile')}
        style={{
          position: 'fixed',
          bottom: 0,
          left: 0,
          right: 0,
          zIndex: 20,
          background: '#fff',
          borderTop: '1px solid #e3e7ed',
          paddingBottom: 'env(safe-area-inset-bottom)',
        }}
      >
        <div style={{ maxWidth: MAX_WIDTH, margin: '0 auto', display: 'flex', height: TABBAR_HEIGHT }}>
          {tabs.map((tab) => (
            <NavLink
              key={tab}
              to={`/mobile/${tab}`}
              data-testid={`mobile-tab-${tab}`}
              title={t(`menu.${tab}`)}
              className="fl-tab"
              style={({ isActive }) => (isActive ? { color: COLORS.accent, borderTopColor: COLORS.accent } : undefined)}
            >
              <span className="fl-tab-icon">{TAB_ICONS[tab]}</span>
              <span className="fl-tab-label">{t(`menu.tab.${tab}`)}</span>
            </NavLink>
          ))}
        </div>
      </nav>
    </div>
  );
}
