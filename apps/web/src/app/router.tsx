import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { MENU_GROUPS, type ScreenKey } from '@gasops/shared';
import { LegalPage } from '../modules/platform/legal-page';
import { LoginPage } from '../modules/auth/login-page';
import { PublicLayout } from '../modules/platform/public-layout';
import { Spin } from 'antd';
import { alwaysRevalidate, RouteError, ScreenGuard, sessionLoader } from './guards';
import { ManagerLayout } from './layouts/manager-layout';
import { MobileLayout, MOBILE_TABS } from './layouts/mobile-layout';
import { PUBLIC_ELEMENTS, SCREEN_ELEMENTS, SCREEN_PATH_SUFFIX } from './screens';
import { setNavigator } from './session';

const MANAGER_HOME = '/manager/Home';
const MOBILE_HOME = '/mobile/mobileIndex';

/** Every screen of the manager groups of menu.ts: /manager/<key>. */
const managerScreens: ScreenKey[] = MENU_GROUPS.filter((g) => g.key !== 'mobile').flatMap((g) => [...g.screens]);

function screenRoute(screen: ScreenKey, home: string): RouteObject {
  return {
    path: `${screen}${SCREEN_PATH_SUFFIX[screen] ?? ''}`,
    element: (
      <ScreenGuard screen={screen} home={home}>
        {SCREEN_ELEMENTS[screen]}
      </ScreenGuard>
    ),
  };
}

export const routes: RouteObject[] = [
  // Public (seed §2). /seekerLogin is the seed's name for the field login (PRODUCT.md).
  { path: '/', element: <LoginPage place="admin" /> },
  { path: '/mobileLogin', element: <LoginPage place="seeker" /> },
  { path: '/seekerLogin', element: <LoginPage place="seeker" /> },
  { path: '/PrivacyPolicy', element: <LegalPage doc="privacy" /> },
  { path: '/ServiceTerms', element: <LegalPage doc="terms" /> },
  { path: '/addOrder', element: <PublicLayout>{PUBLIC_ELEMENTS.addOrder}</PublicLayout> },
  { path: '/barcode', element: <PublicLayout maxWidth={560}>{PUBLIC_ELEMENTS.barcode}</PublicLayout> },

  // Field side: login required, phone layout.
  {
    id: 'mobile',
    element: <MobileLayout />,
    loader: sessionLoader('/mobileLogin'),
    shouldRevalidate: alwaysRevalidate,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spin fullscreen />,
    children: [
      // A pathless layout child with a relative path: /MobileCylinderMaintenance.
      screenRoute('MobileCylinderMaintenance', MOBILE_HOME),
      {
        path: '/mobile',
        children: [{ index: true, element: <Navigate to={MOBILE_HOME} replace /> }, ...MOBILE_TABS.map((s) => screenRoute(s, MOBILE_HOME))],
      },
    ],
  },

  // Manager side: login required, sidebar layout.
  {
    id: 'manager',
    path: '/manager',
    element: <ManagerLayout />,
    loader: sessionLoader('/'),
    shouldRevalidate: alwaysRevalidate,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spin fullscreen />,
    children: [
      { index: true, element: <Navigate to={MANAGER_HOME} replace /> },
      ...managerScreens.map((s) => screenRoute(s, MANAGER_HOME)),
    ],
  },

  // Seed §2: unknown paths go to the login page.
  { path: '*', loader: () => redirect('/') },
];

export const router = createBrowserRouter(routes);

setNavigator((to) => void router.navigate(to, { replace: true }));
