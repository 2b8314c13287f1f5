import type { ComponentType, ReactElement } from 'react';
import { createBrowserRouter, Navigate, redirect, redirectDocument, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { MENU_GROUPS, type ScreenKey } from '@gasops/shared';
import { LoginPage } from '../modules/auth/login-page';
import { Spinner } from '../modules/field/ui-core';
import { loadAllMessages, loadFieldMessages, loadLegalMessages } from './i18n';
import { isFieldPage, setNavigator } from './navigate';
import { reloadOnStaleChunks } from './stale-chunks';

/*
 * Code splitting: the entry chunk is the shell every page needs (React, router, i18n, API client, the
 * field kit's toasts and spinner) and the login page, the first page of most visits, built on the field
 * kit (modules/field/ui-core.tsx): no antd, no zod, no TanStack Query (issue 16: a phone's repeat visit in
 * < 1 s), with the active language's `core` messages (src/app/i18n.ts). Every other page loads the rest
 * when its route matches, with React Router's `lazy`: the page providers (the query cache and antd's
 * ConfigProvider, theme, texts, message, notification and modal: page-providers.tsx; the query cache alone for
 * the public pages on the field kit, /addOrder, /barcode and the legal pages: query-provider.tsx), the legal texts,
 * the public pages' layout and content, a guarded page's layout, the screen guard and its screen's
 * chunk, and the screens' messages in the active language (`loadAllMessages`), all at once and in
 * parallel with the session loader (guards.ts, loaded by the loader itself). Screens themselves are `lazyScreen`s (screens.tsx), so a page never
 * downloads another page's code. The route table of screens.tsx is a chunk of its own too (with the
 * list of every screen's files to preload, ~5 KB gzip the login page does not need, issue 16): a
 * route loads it first, then its screen.
 *
 * The field app (/mobile/…, /MobileCylinderMaintenance) is not here: it is a page of its own without
 * antd (field.html, src/field-main.tsx, app/field-router.tsx; issue 13). Going there is a page load.
 */
const screenGuard = () => import('./screen-guard');
const screens = () => import('./screens');
/** The query cache (TanStack Query, the session) and antd's providers, loaded with every page but the login pages and the kit's public pages. */
const pageProviders = () => import('./page-providers');
/** The query cache alone: the public pages on the field kit (/addOrder, /barcode, the legal pages: no antd, issue 16). */
const queryProvider = () => import('./query-provider');
/** The guarded routes' session checks, with the query cache they fill. */
const guards = () => import('./guards');

/** A layout in the page providers (the layout itself and its screens query); its error page in them too (antd's Result). */
async function guardedLayout(load: Promise<ComponentType>) {
  const [Layout, { PageProviders }, { RouteError }] = await Promise.all([load, pageProviders(), screenGuard(), loadAllMessages()]);
  const Component = () => (
    <PageProviders>
      <Layout />
    </PageProviders>
  );
  const ErrorBoundary = () => (
    <PageProviders>
      <RouteError />
    </PageProviders>
  );
  return { Component, ErrorBoundary };
}
const managerLayout = () => guardedLayout(import('./layouts/manager-layout').then((m) => m.ManagerLayout));

/** Seed §2 "before each route": re-run the loader on every navigation, not only on first entry. */
const alwaysRevalidate = () => true;

/** Shown only when a page's chunk takes a while (slow network): a quick load shows no spinner. The kit's (no antd in the entry). */
const pageFallback = <Spinner fullscreen delay={300} />;

/**
 * A public page on the field kit (/addOrder, /barcode, the legal pages: issue 16, phones on weak networks): the
 * query cache alone around it, no antd; `field` loads the field app's messages (the order page's `orders`, the
 * label check's `cylinders`), `core` none beyond the entry's (the legal pages load their own).
 */
function kitPage(path: string, load: () => Promise<ReactElement>, messages: 'field' | 'core'): RouteObject {
  return {
    path,
    hydrateFallbackElement: pageFallback,
    lazy: async () => {
      const [element, { QueryProvider }] = await Promise.all([load(), queryProvider(), messages === 'field' ? loadFieldMessages() : null]);
      return { element: <QueryProvider>{element}</QueryProvider> };
    },
  };
}

/** The legal texts: their own messages (`legal`) and the shell's (`core`), not the screens'. */
const legal = (doc: 'privacy' | 'terms') => async () => {
  const [{ LegalPage }] = await Promise.all([import('../modules/platform/legal-page'), loadLegalMessages()]);
  return <LegalPage doc={doc} />;
};
/** The public order page in the public layout: its own chunk, not through the route table (~5 KB gzip less). */
const publicOrder = async () => {
  const [{ PublicOrderPage }, { PublicLayout }] = await Promise.all([
    import('../modules/orders/public-order-page'),
    import('../modules/platform/public-layout'),
  ]);
  return (
    <PublicLayout>
      <PublicOrderPage />
    </PublicLayout>
  );
};
/** The label check in the public layout (its narrower column): its own chunk too. */
const barcode = async () => {
  const [{ BarcodePage }, { PublicLayout }] = await Promise.all([
    import('../modules/cylinders/barcode-page'),
    import('../modules/platform/public-layout'),
  ]);
  return (
    <PublicLayout maxWidth={560}>
      <BarcodePage />
    </PublicLayout>
  );
};

reloadOnStaleChunks();

/** The session check of a guarded route (guards.ts), loaded with its first match in parallel with the layout. */
const sessionCheck =
  (loginPath: string) =>
  async (args: LoaderFunctionArgs): Promise<null> =>
    (await guards()).sessionLoader(loginPath)(args);

const MANAGER_HOME = '/manager/Home';

/**
 * A field app page reached inside this app (a link, the login page's `redirect`): loaded as a page,
 * field.html. This page itself at a field path (the server answers field.html there: only a stale cache
 * could do it) goes to the login page rather than into a loop of reloads.
 */
function toFieldApp({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  return url.href === window.location.href ? redirect('/') : redirectDocument(url.pathname + url.search + url.hash);
}

/** Extra path segments a screen takes after its key. */
const SCREEN_PATH_SUFFIX: Partial<Record<ScreenKey, string>> = {
  CustomerDetail: '/:id?',
};

/** Every screen of the manager groups of menu.ts: /manager/<key>. */
const managerScreens: ScreenKey[] = MENU_GROUPS.filter((g) => g.key !== 'mobile').flatMap((g) => [...g.screens]);

function screenRoute(screen: ScreenKey, home: string): RouteObject {
  return {
    path: `${screen}${SCREEN_PATH_SUFFIX[screen] ?? ''}`,
    lazy: async () => {
      const loadScreen = async () => {
        const { SCREEN_ELEMENTS, preloadScreen } = await screens();
        await preloadScreen(SCREEN_ELEMENTS[screen]);
        return SCREEN_ELEMENTS[screen];
      };
      const [{ ScreenGuard }, element] = await Promise.all([screenGuard(), loadScreen()]);
      return {
        element: (
          <ScreenGuard screen={screen} home={home}>
            {element}
          </ScreenGuard>
        ),
      };
    },
  };
}

export const routes: RouteObject[] = [
  // Public (seed §2). /seekerLogin is the seed's name for the field login (PRODUCT.md).
  { path: '/', element: <LoginPage place="admin" /> },
  { path: '/mobileLogin', element: <LoginPage place="seeker" /> },
  { path: '/seekerLogin', element: <LoginPage place="seeker" /> },
  kitPage('/PrivacyPolicy', legal('privacy'), 'core'),
  kitPage('/ServiceTerms', legal('terms'), 'core'),
  kitPage('/addOrder', publicOrder, 'field'),
  kitPage('/barcode', barcode, 'field'),

  // The field app's pages: field.html (see above).
  { path: '/mobile/*', loader: toFieldApp },
  { path: '/MobileCylinderMaintenance/*', loader: toFieldApp },

  // Manager side: login required, sidebar layout.
  {
    id: 'manager',
    path: '/manager',
    lazy: managerLayout,
    loader: sessionCheck('/'),
    shouldRevalidate: alwaysRevalidate,
    hydrateFallbackElement: <Spinner fullscreen />,
    children: [
      { index: true, element: <Navigate to={MANAGER_HOME} replace /> },
      ...managerScreens.map((s) => screenRoute(s, MANAGER_HOME)),
    ],
  },

  // Seed §2: unknown paths go to the login page.
  { path: '*', loader: () => redirect('/') },
];

export const router = createBrowserRouter(routes);

setNavigator((to) => {
  if (isFieldPage(to)) window.location.assign(to);
  else void router.navigate(to, { replace: true });
});
