import { useSyncExternalStore } from 'react';
import { setStoreScopeSource } from '../api';
import { queryClient } from '../query-client';
import { defaultStoreQuery, meQuery } from '../session';

/**
 * The header's store switcher is a filter (docs/CONVENTIONS.md "Store switcher"): for a user with
 * several stores, lists, reports and the dashboard show the chosen store (their default store) unless
 * the screen's own store filter names another, or "All stores" was chosen. The choice of "All stores"
 * is kept in this browser; the store itself is the user's default store on the server.
 */
const ALL_KEY = 'storeScope';
const listeners = new Set<() => void>();

function readAll(): boolean {
  try {
    return localStorage.getItem(ALL_KEY) === 'all';
  } catch {
    return false;
  }
}

let allStores = readAll();

/** The store lists are narrowed to, or null (all stores: one store only, the platform administrator, or "All stores"). */
export function currentStoreScope(): number | null {
  if (allStores) return null;
  const me = queryClient.getQueryData(meQuery.queryKey);
  if (!me || me.isPlatformAdmin || me.stores.length < 2) return null;
  const store = queryClient.getQueryData(defaultStoreQuery.queryKey);
  const id = store?.storeId ?? me.defaultStoreId ?? null;
  return id !== null && me.stores.some((s) => s.id === id) ? id : null;
}

setStoreScopeSource(currentStoreScope);

/** Chooses "All stores" (true) or the default store (false); every cached answer is stale then. */
export async function setAllStores(all: boolean): Promise<void> {
  allStores = all;
  try {
    if (all) localStorage.setItem(ALL_KEY, 'all');
    else localStorage.removeItem(ALL_KEY);
  } catch {
    // private mode: the choice lasts for this page only
  }
  listeners.forEach((l) => l());
  await queryClient.invalidateQueries();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether "All stores" is chosen (re-renders on change). */
export function useAllStores(): boolean {
  return useSyncExternalStore(subscribe, () => allStores);
}
