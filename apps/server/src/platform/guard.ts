import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mayDo } from '@gasops/shared';
import type { AuthCache } from './auth-cache.js';
import { sessionOf, type AuthSession, type TokenService } from './auth.js';
import type { Ctx, Permission } from './context.js';
import { forbidden, unauthorized } from './errors.js';
import { localeOf } from './i18n.js';
import { isListedPublic } from './public-routes.js';

export const AUTH_COOKIE = 'auth';
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const TOKEN_HEADER = 'x-access-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every /api route registered must declare a permission; public ones must be on the list. */
export function declarationProblem(method: string, url: string, permission: Permission | undefined): string | null {
  if (!url.startsWith('/api')) return null;
  if (permission === undefined) return isListedPublic(method, url) ? null : `${method} ${url} declares no permission`;
  if (permission === 'public' && !isListedPublic(method, url)) return `${method} ${url} is public but not in PUBLIC_ROUTES`;
  return null;
}

export function isAllowed(user: NonNullable<FastifyRequest['user']>, permission: Permission): boolean {
  if (permission === 'public' || permission === 'authenticated') return true;
  if (permission === 'platformAdmin') return user.isPlatformAdmin;
  const checks = 'anyOf' in permission ? permission.anyOf : [permission];
  return checks.some((c) => mayDo(user, c.screen, c.action));
}

export type SessionCookies = { token: string; maxAgeSeconds: number; secure: boolean };

/** Sets the session cookie and the readable CSRF cookie (double-submit pattern). */
export function setSessionCookies(reply: FastifyReply, { token, maxAgeSeconds, secure }: SessionCookies, csrf?: string) {
  reply.setCookie(AUTH_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds });
  reply.setCookie(CSRF_COOKIE, csrf ?? crypto.randomBytes(24).toString('base64url'), {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(AUTH_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.toLowerCase().startsWith('bearer ')) return h.slice(7).trim() || null;
  return null;
}

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * The one place that authenticates and authorises API requests: reads the token (Bearer header
 * or `auth` cookie), loads the user fresh from the database, enforces the route's permission,
 * checks CSRF for cookie-authenticated writes, and renews a token past half its lifetime.
 */
export type RouteInfo = { method: string; url: string; permission: Permission | undefined };

export function installGuard(app: FastifyInstance, tokens: TokenService, users: AuthCache) {
  const registry: RouteInfo[] = [];
  app.decorate('routeRegistry', registry);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      const problem = declarationProblem(m, route.url, route.config?.permission);
      if (problem) throw new Error(`Route permission missing: ${problem}`);
      registry.push({ method: m, url: route.url, permission: route.config?.permission });
    }
  });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('audited', null as unknown as { count: number });

  app.addHook('onRequest', async (req, reply) => {
    req.audited = { count: 0 };
    if (!req.url.startsWith('/api')) return;
    const permission = req.routeOptions.config?.permission;
    const isPublic = permission === undefined || permission === 'public';

    const headerToken = bearer(req);
    const cookieToken = req.cookies[AUTH_COOKIE] ?? null;
    const token = headerToken ?? cookieToken;
    const claims = token ? await tokens.verify(token) : null;
    // The user and the token's session, in one statement (or from the cache of recent ones, dropped on
    // any change in any process): a revoked session ends here.
    const session: AuthSession | null = claims ? await users.load(app.deps.db, sessionOf(claims)) : null;
    req.user = session?.user ?? null;
    req.sessionId = session?.sessionId ?? null;
    if (isPublic) return;
    if (!session || !claims) throw unauthorized(token ? 'feedback.error.sessionExpired' : 'feedback.error.unauthenticated');

    if (!headerToken && !SAFE_METHODS.has(req.method)) {
      const sent = req.headers[CSRF_HEADER];
      const expected = req.cookies[CSRF_COOKIE];
      if (typeof sent !== 'string' || !expected || !sameSecret(sent, expected)) throw forbidden('feedback.error.csrf');
    }
    if (!isAllowed(session.user, permission)) throw forbidden();

    // Sliding renewal: past half its lifetime, hand out a fresh token (header + cookie) of the same
    // session. The session's end moves at most once per half lifetime (a write); a client still sending
    // the older token meanwhile gets one up to that end. A session revoked meanwhile is not renewed.
    const now = Math.floor(Date.now() / 1000);
    const half = tokens.lifetimeSeconds / 2;
    if (claims.exp - now < half) {
      const s = sessionOf(claims);
      const extend = session.sessionExpiresAt - now < half;
      const fresh = extend ? await tokens.extendSession(app.deps.db, s) : await tokens.reissue(s, session.sessionExpiresAt);
      // The session's end moved: this process's cached copy of it is old (other processes are notified).
      if (extend) users.clear();
      if (!fresh) return;
      reply.header(TOKEN_HEADER, fresh);
      if (cookieToken && !headerToken) {
        reply.setCookie(AUTH_COOKIE, fresh, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: app.deps.config.cookieSecure,
          maxAge: tokens.lifetimeSeconds,
        });
      }
    }
  });
}

/** The service context of an authenticated request (routes call this; public routes must not). */
export function ctxOf(req: FastifyRequest): Ctx {
  if (!req.user) throw unauthorized();
  const permission = req.routeOptions.config?.permission;
  const single = permission && typeof permission === 'object' && 'screen' in permission ? permission : null;
  return {
    user: req.user,
    locale: localeOf(req),
    ip: req.ip,
    method: req.method,
    path: req.routeOptions.url ?? req.url,
    screen: single?.screen ?? null,
    action: single?.action ?? null,
    audited: req.audited,
    storeScope: storeScopeOf(req),
  };
}

/** The request's `X-Store-Scope` header (the header's store switcher): a store id, or null for all stores. */
export function storeScopeOf(req: FastifyRequest): number | null {
  const raw = req.headers['x-store-scope'];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
