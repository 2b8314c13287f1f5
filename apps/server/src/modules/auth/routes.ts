import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBody, errorBody, loginBody, loginResponse, meSchema } from '@gasops/shared';
import { loadAuthUser } from '../../platform/auth.js';
import { clearSessionCookies, ctxOf, setSessionCookies } from '../../platform/guard.js';
import { t } from '../../platform/i18n.js';
import type { Module, ModuleOptions } from '../index.js';
import { changePassword } from './change-password.js';
import { getMe } from './get-me.js';
import { logIn, recordRateLimited } from './log-in.js';

const routes: FastifyPluginAsync<ModuleOptions> = async (base, { tokens }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const cookieOpts = (token: string) => ({ token, maxAgeSeconds: tokens.lifetimeSeconds, secure: config.cookieSecure });

  app.post(
    '/auth/login',
    {
      config: {
        permission: 'public',
        rateLimit: {
          max: config.loginRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (req) => req.ip,
          onExceeded: (req) => {
            const body = (req.body ?? {}) as { account?: unknown; place?: unknown };
            void recordRateLimited(
              db,
              typeof body.account === 'string' ? body.account : '',
              req.ip,
              req.headers['user-agent'] ?? null,
              body.place === 'seeker' ? 'seeker' : 'admin',
            ).catch(() => undefined);
          },
        },
      },
      schema: {
        tags: ['auth'],
        security: [],
        body: loginBody,
        response: { 200: loginResponse, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const { userId, tokenVersion } = await logIn(db, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
      const token = await tokens.sign(userId, tokenVersion, req.body.place);
      const user = await loadAuthUser(db, userId, tokenVersion, req.body.place);
      req.user = user;
      setSessionCookies(reply, cookieOpts(token));
      return { token, user: await getMe(db, ctxOf(req)) };
    },
  );

  app.post(
    '/auth/logout',
    { config: { permission: 'public' }, schema: { tags: ['auth'], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (_req, reply) => {
      clearSessionCookies(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/me',
    { config: { permission: 'authenticated' }, schema: { tags: ['auth'], response: { 200: meSchema, 401: errorBody } } },
    async (req) => getMe(db, ctxOf(req)),
  );

  app.put(
    '/auth/password',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], body: changePasswordBody, response: { 200: z.object({ detail: z.string(), token: z.string() }), 400: errorBody } },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const version = await changePassword(db, ctx, req.body);
      const token = await tokens.sign(ctx.user.id, version, ctx.user.place);
      setSessionCookies(reply, cookieOpts(token), req.cookies.csrf);
      return { detail: t(req, 'feedback.success.passwordChanged'), token };
    },
  );
};

export const authModule: Module = { name: 'auth', routes };
