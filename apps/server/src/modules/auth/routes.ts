import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordBody, errorBody, loginBody, loginResponse, meSchema, okAnswer, passwordChangedAnswer } from '@gasops/shared';
import { clearSessionCookies, ctxOf, setSessionCookies } from '../../platform/guard.js';
import { t } from '../../platform/i18n.js';
import type { ModuleOptions } from '../../platform/module.js';
import { changePassword } from './change-password.js';
import { getMe } from './get-me.js';
import { logIn, recordRateLimited } from './log-in.js';

export const authRoutes: FastifyPluginAsync<ModuleOptions> = async (base, { tokens }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['auth'];
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
          // Counted once the body is read (the history names the account tried), before it is validated
          // (a malformed attempt counts too).
          hook: 'preValidation',
        },
      },
      // A refused attempt is in the login history before its 429 is answered (so the next look at the
      // history sees it); a failure to record it is logged and does not change the answer.
      onSend: async (req, reply, payload) => {
        if (reply.statusCode === 429)
          await recordRateLimited(db, req.body, req.ip, req.headers['user-agent'] ?? null).catch((err: unknown) =>
            req.log.warn({ err }, 'login history: a refused attempt was not recorded'),
          );
        return payload;
      },
      schema: { tags, security: [], body: loginBody, response: { 200: loginResponse, 400: errorBody, 401: errorBody, 429: errorBody } },
    },
    async (req, reply) => {
      const { token, user, sessionId } = await logIn(db, tokens, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
      // The answer describes the user who has just signed in.
      req.user = user;
      req.sessionId = sessionId;
      setSessionCookies(reply, cookieOpts(token));
      return { token, user: await getMe(db, ctxOf(req)) };
    },
  );
  // Public so that a caller whose session already ended can still clear its cookies; a valid token's
  // session is revoked (every server process refuses its tokens from the next request on).
  app.post('/auth/logout', { config: { permission: 'public' }, schema: { tags, response: { 200: okAnswer } } }, async (req, reply) => {
    if (req.sessionId) await tokens.revokeSession(db, req.sessionId);
    clearSessionCookies(reply);
    return { ok: true as const };
  });
  app.get(
    '/auth/me',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: meSchema, 401: errorBody } } },
    async (req) => getMe(db, ctxOf(req)),
  );
  app.put(
    '/auth/password',
    {
      config: { permission: 'authenticated' },
      schema: { tags, body: changePasswordBody, response: { 200: passwordChangedAnswer, 400: errorBody } },
    },
    async (req, reply) => {
      const token = await changePassword(db, tokens, ctxOf(req), req.sessionId ?? '', req.body);
      setSessionCookies(reply, cookieOpts(token), req.cookies.csrf);
      return { detail: t(req, 'feedback.success.passwordChanged'), token };
    },
  );
};
