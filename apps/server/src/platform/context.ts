import type { Action, Locale, MenuSetting, ScreenKey } from '@gasops/shared';
import type { Database, Db } from './db.js';
import type { Config } from './config.js';

/** The signed-in user as loaded on every request (so role and store changes apply at once). */
export type AuthUser = {
  id: number;
  account: string;
  name: string;
  email: string | null;
  groupId: number | null;
  isPlatformAdmin: boolean;
  allStores: boolean;
  roleId: number | null;
  roleName: string | null;
  roleCode: string | null;
  menu: MenuSetting;
  /** Stores this user may touch; every store for a platform admin is expressed as `null`. */
  storeIds: number[] | null;
  defaultStoreId: number | null;
  place: 'admin' | 'seeker';
};

/**
 * What a route may require. Exactly one per route, declared in its `config.permission`:
 * - `{ screen, action }`: the role's menu setting must allow the action on the screen;
 * - `{ anyOf: [...] }`: any one of several screen/actions (a lookup used by several screens);
 * - `'authenticated'`: any signed-in user (own profile, own default store, menu history);
 * - `'platformAdmin'`: only the platform administrator;
 * - `'public'`: no sign-in; must also be listed in public-routes.ts.
 */
export type Permission =
  { screen: ScreenKey; action: Action } | { anyOf: { screen: ScreenKey; action: Action }[] } | 'authenticated' | 'platformAdmin' | 'public';

/** Request-scoped context handed to services: who, where from, in which language, under which screen. */
export type Ctx = {
  user: AuthUser;
  locale: Locale;
  ip: string;
  method: string;
  path: string;
  screen: ScreenKey | null;
  action: Action | null;
  /** Set when a service wrote an action-log row, so the fallback hook does not write another. */
  audited: { count: number };
  /**
   * The store the header's store switcher narrows lists, reports and the dashboard to (`X-Store-Scope`),
   * when the request names no store itself; absent: all the user's stores (tenancy.ts `storeFilter`).
   */
  storeScope?: number | null;
};

export type AppDeps = { database: Database; db: Db; config: Config };

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The session of the request's valid token (sessions table), null without one. */
    sessionId: string | null;
    audited: { count: number };
  }
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, with its declared permission (for the enumeration tests). */
    routeRegistry: { method: string; url: string; permission: Permission | undefined }[];
  }
}
