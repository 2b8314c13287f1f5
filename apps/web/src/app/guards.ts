import { redirect, type LoaderFunctionArgs } from 'react-router';
import { offlineFieldUser } from '../modules/field/offline-session';
import { isApiError } from './api';
import { applyUiSettings } from './feedback';
import { queryClient } from './query-client';
import { meQuery, syncDefaultStore } from './session';
import { navigateTo } from './navigate';
import { setGroupTimeZone } from './time-zone';

// What a guarded route shows (the screen guard, the 403 and error pages) is in screen-guard.tsx,
// loaded with the layouts: the login page does not carry it. These loaders are loaded by the router
// when a guarded route first matches (with the session's query cache): not in the entry either. The
// field app (field.html, field-router.tsx) has `fieldSessionLoader` in its own entry: it is its first step.

/**
 * Runs before every guarded route (the layouts revalidate on each navigation): a 401 from
 * /auth/me sends the user to the login page of that side, then the default store is fetched and
 * written to cookies (seed §2).
 */
export function sessionLoader(loginPath: string) {
  return async ({ request }: LoaderFunctionArgs) => {
    try {
      await queryClient.fetchQuery(meQuery);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        const url = new URL(request.url);
        throw redirect(`${loginPath}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
      }
      throw error;
    }
    await syncDefaultStore();
    return null;
  };
}

/**
 * The field app's session check (field-router.tsx, which turns its redirect to the login page into a
 * page load: that page is the main app's): as everywhere, but with no network (a phone in a basement) the
 * field app opens with the user it last saw online while the session cookie is there (issue 13).
 */
export function fieldSessionLoader(loginPath: string) {
  const online = sessionLoader(loginPath);
  return async (args: LoaderFunctionArgs) => {
    const remembered = queryClient.getQueryData(meQuery.queryKey) ? null : offlineFieldUser();
    if (remembered) {
      // Opened again on this phone (a reload, the next morning): the day shows at once with the user of
      // this session as last seen, while /auth/me and the default store are asked (issue 13: a repeat
      // visit interactive in < 1.5 s on a weak network). A session the server ended sends to the login
      // page when the answer comes; no network keeps the copy, as below.
      applyUiSettings(remembered.settings);
      setGroupTimeZone(remembered.timeZone);
      // Marked as old, so the check below asks the server rather than answering from this copy.
      queryClient.setQueryData(meQuery.queryKey, remembered, { updatedAt: 0 });
      void online(args).catch((error: unknown) => {
        if (error instanceof Response && error.headers.get('Location')) navigateTo(error.headers.get('Location')!);
      });
      return null;
    }
    try {
      return await online(args);
    } catch (error) {
      const offline = isApiError(error) && (error.kind === 'offline' || error.kind === 'network' || error.kind === 'timeout');
      const me = offline ? offlineFieldUser() : null;
      if (!me) throw error;
      setGroupTimeZone(me.timeZone);
      queryClient.setQueryData(meQuery.queryKey, me);
      return null;
    }
  };
}
