import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from './api';
import { queryClient } from './query-client';
import { meQuery, syncDefaultStore } from './session';

// What a guarded route shows (the screen guard, the 403 and error pages) is in screen-guard.tsx,
// loaded with the layouts: the login page does not carry it.

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

/** Seed §2 "before each route": re-run the loader on every navigation, not only on first entry. */
export const alwaysRevalidate = () => true;
