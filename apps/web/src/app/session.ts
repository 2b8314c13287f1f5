import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DefaultStore, Me } from '@gasops/shared';
import { api, isApiError, setForbiddenHandler } from './api';
import { clearReadableCookies, deleteCookie, writeCookie } from './cookies';
import { setGroupTimeZone } from './time-zone';
import { applyUiSettings } from './feedback';
import { queryClient } from './query-client';
import { navigateTo } from './navigate';
import { forgetFieldUser, rememberFieldUser } from '../modules/field/offline-session';

export type LoginPlace = Me['place'];

const PLACE_KEY = 'loginPlace';
const AUTHORITY_KEY = 'authority';

export const meQuery = queryOptions({
  queryKey: ['auth', 'me'] as const,
  // 401 here only means "not logged in": the guard redirects, no notification needed.
  queryFn: async ({ signal }) => {
    const me = await api.get<Me>('/auth/me', { signal, silent: [401] });
    applyUiSettings(me.settings);
    setGroupTimeZone(me.timeZone);
    return me;
  },
  staleTime: 60_000,
});

export const defaultStoreQuery = queryOptions({
  queryKey: ['store', 'UserDefaultStore'] as const,
  queryFn: ({ signal }) => api.get<DefaultStore>('/store/UserDefaultStore', { signal }),
  // Components read what the route loader just fetched; the loader itself always refetches.
  staleTime: 30_000,
});

/** The signed-in user; the route loaders guarantee it before a guarded screen renders. */
export function useMe(): Me | undefined {
  return useQuery(meQuery).data;
}

/** The user's default store (the store switcher's choice). */
export function useDefaultStore(): DefaultStore | undefined {
  return useQuery(defaultStoreQuery).data;
}

function loginPathFor(place: LoginPlace): string {
  // Seed §6: `/` for the admin place, otherwise `/seekerLogin` (an alias of /mobileLogin).
  return place === 'admin' ? '/' : '/seekerLogin';
}

function safeStorage<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

function storedPlace(): LoginPlace {
  return safeStorage(() => (localStorage.getItem(PLACE_KEY) === 'seeker' ? 'seeker' : 'admin'), 'admin');
}

/** Seed §4/§6: remembers where the user logged in and a local authority value (display only; the server decides). */
export function rememberLogin(me: Me, place: LoginPlace): void {
  safeStorage(() => {
    localStorage.setItem(PLACE_KEY, place);
    const authority = me.isPlatformAdmin ? ['platformAdmin'] : me.role ? [me.role.code] : [];
    localStorage.setItem(AUTHORITY_KEY, JSON.stringify(authority));
  }, undefined);
  applyUiSettings(me.settings);
  setGroupTimeZone(me.timeZone);
  queryClient.setQueryData(meQuery.queryKey, me);
  // The field app opens with this user (offline, or at once while /auth/me is asked): never a previous one.
  rememberFieldUser(me);
}

/** Seed §2: the default store's id and the first character of its name live in cookies. */
function writeStoreCookies(store: DefaultStore): void {
  if (store.storeId === null) {
    deleteCookie('storeId');
    deleteCookie('storeName');
    return;
  }
  writeCookie('storeId', String(store.storeId));
  writeCookie('storeName', Array.from(store.name ?? '')[0] ?? '');
}

export async function syncDefaultStore(): Promise<DefaultStore | null> {
  try {
    const store = await queryClient.fetchQuery({ ...defaultStoreQuery, staleTime: 0 });
    writeStoreCookies(store);
    return store;
  } catch (error) {
    // The screen can still open; the failure was already shown by the API layer.
    if (isApiError(error)) return null;
    throw error;
  }
}

export async function switchStore(storeId: number): Promise<DefaultStore> {
  const store = await api.put<DefaultStore>('/store/UserDefaultStore', { storeId });
  writeStoreCookies(store);
  queryClient.setQueryData(defaultStoreQuery.queryKey, store);
  // Every list is scoped to the store, so all cached answers are stale now.
  await queryClient.invalidateQueries();
  return store;
}

function clearLocalSession(): void {
  clearReadableCookies();
  safeStorage(() => localStorage.removeItem(AUTHORITY_KEY), undefined);
  forgetFieldUser();
  queryClient.clear();
}

export async function logout(): Promise<void> {
  const place = storedPlace();
  // Only the server can delete the httpOnly auth cookie; leave locally even when it fails.
  await api.post('/auth/logout', undefined, { silent: true }).catch(() => undefined);
  clearLocalSession();
  navigateTo(loginPathFor(place));
}

let ending = false;
/** Seed §6: on 403 clear cookies and the stored authority, then go to the login page of the place. */
function endSessionAfterForbidden(): void {
  if (ending) return;
  ending = true;
  const place = storedPlace();
  void api
    .post('/auth/logout', undefined, { silent: true, loading: false })
    .catch(() => undefined)
    .finally(() => {
      clearLocalSession();
      navigateTo(loginPathFor(place));
      ending = false;
    });
}

setForbiddenHandler(endSessionAfterForbidden);
