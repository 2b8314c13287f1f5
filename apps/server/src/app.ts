import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TokenService } from './platform/auth.js';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db.js';
import { installErrorHandler, logErr, refuseControlChars } from './platform/errors.js';
import { installListExport } from './platform/export.js';
import { installAuthCache } from './platform/auth-cache.js';
import { installRowsById } from './platform/rows-by-id.js';
import { installGuard } from './platform/guard.js';
import { registerWebApp } from './platform/web-assets.js';
import { actionLog } from './platform/platform.schema.js';
import { MODULES } from './modules/index.js';

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers of every answer (web app, API, docs). The content security policy allows what the
 * app and the API docs load and nothing else: scripts only from this origin (no inline script, no
 * eval); inline styles, because antd writes its CSS-in-JS into <style> elements and Leaflet, ECharts
 * and Swagger UI set style attributes; images also from data:/blob: and any https host (map tiles:
 * OpenStreetMap or the VITE_MAP_TILE_URL server). No one may frame the app. Behind HTTPS
 * (COOKIE_SECURE) the browser is also told to stay on HTTPS.
 */
export function securityHeaders(config: Config): HelmetOptions {
  const directives: Record<string, string[]> = {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // 'wasm-unsafe-eval': the field app's barcode reader (ZXing compiled to WebAssembly, served by us) may compile; no JS eval.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
  if (config.cookieSecure) directives.upgradeInsecureRequests = [];
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    // Cross-origin requests (map tiles) carry the origin only: OpenStreetMap's tile policy wants a referrer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}

/** Builds the whole HTTP application (API, docs, web app) without listening: tests inject into it. */
export async function buildApp({ config, database, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged without the values of a failed query (customer data): see loggableError.
    logger: logger && { ...(logger === true ? {} : logger), serializers: { ...(logger === true ? {} : logger.serializers), err: logErr } },
    bodyLimit: 5 * 1024 * 1024,
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY); otherwise the connection's address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Request ids in every log line make one request's story greppable.
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { database, db: database.db, config });

  const tokens = await TokenService.create(database.db, config.jwtSecret, config.sessionHours);
  await app.register(cookie);
  // Helmet's middleware built once: @fastify/helmet builds it again for every request, parsing its options and
  // the policy each time (bench/RESULTS.md, 28 Nov).
  const setSecurityHeaders = helmet(securityHeaders(config));
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, () => done()));
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GasOps API',
        version: '0.1.0',
        description:
          'REST API of GasOps. Authenticate with POST /api/auth/login, then send the token as `Authorization: Bearer <token>` ' +
          '(or rely on the `auth` cookie plus the `x-csrf-token` header for writes). Errors are `{detail, errors?}` in the ' +
          'language of `Accept-Language` (zh-TW, en-US, zh-CN, ja-JP, ms-MY).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installErrorHandler(app);
  installGuard(app, tokens, await installAuthCache(app, database, config.authCacheSeconds));
  await installRowsById(app, database);
  refuseControlChars(app);
  // Every paged list also answers ?format=xlsx|csv with all its rows, streamed (platform/export.ts).
  installListExport(app, database.db);

  app.get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: { tags: ['platform'], response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) } },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind };
    },
  );
  app.get('/api/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () => app.swagger());

  for (const mod of MODULES) await app.register(mod.routes, { prefix: '/api', tokens });

  // Fallback audit: a successful write whose service did not log itself still leaves a row.
  app.addHook('onResponse', async (req, reply) => {
    if (!req.user || !WRITE_METHODS.has(req.method) || !req.url.startsWith('/api') || reply.statusCode >= 400) return;
    if (req.audited.count > 0) return;
    const permission = req.routeOptions.config?.permission;
    if (permission === 'public' || req.routeOptions.url === '/api/system/menu-history') return;
    const screen = permission && typeof permission === 'object' && 'screen' in permission ? permission.screen : null;
    const action = permission && typeof permission === 'object' && 'screen' in permission ? permission.action : req.method.toLowerCase();
    await database.db
      .insert(actionLog)
      .values({
        userId: req.user.id,
        account: req.user.account,
        groupId: req.user.groupId,
        screen,
        action,
        method: req.method,
        path: req.routeOptions.url ?? req.url,
        ip: req.ip,
      })
      .catch((err: unknown) => req.log.error({ err }, 'fallback audit failed'));
  });

  // The web app (apps/web/dist): precompressed files, cache headers, the app shell for deep links.
  await registerWebApp(app, config.webDist);

  // Graceful close: a request whose client went away keeps running; the database closes only when
  // every handler has answered (bounded), so none fails half-way on a closed pool.
  let running = 0;
  const started = new WeakSet<object>();
  app.addHook('onRequest', (req, _reply, next) => {
    started.add(req);
    running++;
    next();
  });
  app.addHook('onSend', (req, _reply, payload, next) => {
    if (started.delete(req)) running--;
    next(null, payload);
  });
  app.addHook('onClose', async () => {
    const deadline = Date.now() + 10_000;
    while (running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await database.close();
  });
  return app;
}
