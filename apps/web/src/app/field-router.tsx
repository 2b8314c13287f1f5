import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, redirectDocument, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ScreenKey } from '@gasops/shared';
import { Spinner } from '../modules/field/ui';
import { FieldRouteError, FieldScreenGuard } from './field-guard';
import { fieldSessionLoader } from './guards';
import { MobileLayout } from './layouts/mobile-layout';
import { MOBILE_TABS } from './mobile-tabs';
import { isFieldPage, setNavigator } from './navigate';

/*
 * The field app's routes (field.html, src/field-main.tsx; issue 13): /mobile → /mobile/mobileIndex,
 * /mobile/<tab> for the tabs, /MobileCylinderMaintenance. Everything else is the main app's
 * (index.html): the login pages, the back office, the public pages; going there is a full page load
 * (the server answers each page's html: apps/server/src/platform/web-assets.ts). The shell (this
 * table, the layout, the session check) is in the entry chunk; each screen is a chunk of its own,
 * loaded with its route, in parallel with the session check.
 */

const HOME = '/mobile/mobileIndex';
const LOGIN = '/mobileLogin';

type FieldScreen = (typeof MOBILE_TABS)[number] | 'MobileCylinderMaintenance';

/** Each field screen's chunk. The Record type makes a forgotten tab a compile error. */
const SCREENS: Record<FieldScreen, () => Promise<ComponentType>> = {
  mobileIndex: () => import('../modules/field/home-screen').then((m) => m.MobileIndexScreen),
  gasRound: () => import('../modules/field/round-screen').then((m) => m.GasRoundScreen),
  gasReturn: () => import('../modules/field/return-screen').then((m) => m.GasReturnScreen),
  gasPackaging: () => import('../modules/field/packaging-screen').then((m) => m.GasPackagingScreen),
  gasExamine: () => import('../modules/field/examine-screen').then((m) => m.GasExamineScreen),
  MobileCylinderMaintenance: () => import('../modules/cylinders/mobile-screen').then((m) => m.MobileCylinderScreen),
};

function screenRoute(screen: FieldScreen & ScreenKey): RouteObject {
  return {
    path: screen,
    lazy: async () => {
      // The tabs show the person's day: it is asked for while the screen's chunk loads, not after it rendered.
      if (screen !== 'MobileCylinderMaintenance') void import('../modules/field/hooks').then((m) => m.prefetchFieldToday());
      const Screen = await SCREENS[screen]();
      return {
        element: (
          <FieldScreenGuard screen={screen} home={HOME}>
            <Screen />
          </FieldScreenGuard>
        ),
      };
    },
  };
}

/** A redirect out of the field app (to the login page) is a full page load: that page is the main app's. */
const toDocument = (error: unknown) =>
  error instanceof Response && error.status >= 300 && error.status < 400 && error.headers.get('Location')
    ? redirectDocument(error.headers.get('Location')!)
    : error;

const session = fieldSessionLoader(LOGIN);
/** guards.ts's session check (the copy of the user offline, seed §2 before each route), leaving for the login page by a page load. */
async function sessionCheck(args: LoaderFunctionArgs): Promise<null> {
  try {
    return await session(args);
  } catch (error) {
    throw toDocument(error);
  }
}

/**
 * Any other path: the main app's pages by a page load; an unknown field path (/mobile/nothing) goes to
 * the login page, as unknown paths do in the main app (seed §2).
 */
function elsewhere({ request }: LoaderFunctionArgs): never {
  const url = new URL(request.url);
  throw redirectDocument(isFieldPage(url.pathname) ? '/' : url.pathname + url.search + url.hash);
}

export const fieldRoutes: RouteObject[] = [
  {
    id: 'mobile',
    Component: MobileLayout,
    ErrorBoundary: FieldRouteError,
    loader: sessionCheck,
    // Seed §2 "before each route": the session is checked on every navigation, not only on the first;
    // not when only the hash changes (a sheet opened or closed within a screen: mobile-screen.tsx).
    shouldRevalidate: ({ currentUrl, nextUrl }) =>
      !(currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search && currentUrl.hash !== nextUrl.hash),
    hydrateFallbackElement: <Spinner fullscreen />,
    children: [
      // A pathless layout child with a relative path: /MobileCylinderMaintenance.
      screenRoute('MobileCylinderMaintenance'),
      {
        path: '/mobile',
        children: [{ index: true, element: <Navigate to={HOME} replace /> }, ...MOBILE_TABS.map(screenRoute)],
      },
    ],
  },
  { path: '*', loader: elsewhere },
];

export const fieldRouter = createBrowserRouter(fieldRoutes);

// Leaving from code outside React (the logout, a session ended by the server): inside the field app
// by the router, elsewhere (the login pages) by a page load.
setNavigator((to) => {
  if (isFieldPage(to)) void fieldRouter.navigate(to, { replace: true });
  else window.location.assign(to);
});
