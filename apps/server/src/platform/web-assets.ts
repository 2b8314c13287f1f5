import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translate } from '@gasops/shared';
import { localeOf } from './i18n.js';

/** Vite's content-hashed files (/assets): a new build gives them new names, so browsers keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files (favicon): revalidated on each visit (a 304 when unchanged). */
const REVALIDATE = 'no-cache';

/**
 * The field app's pages (issue 13): a page of its own, field.html (apps/web/src/field-main.tsx, no
 * antd), for /mobile, /mobile/… and /MobileCylinderMaintenance; every other client-side route gets
 * index.html. The same rule as apps/web/vite.config.ts (dev server) and the service worker.
 */
const FIELD_PAGES = /^\/(mobile|MobileCylinderMaintenance)(\/|$)/;

/** While the web app is being built (first `npm start`) or when it was never built (API only). */
const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>GasOps</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 15vh auto; padding: 0 1rem; color: #2f4f6f">
<h1 style="font-size: 1.4rem">GasOps is starting</h1>
<p>The web app is being built (on the first start, about a minute). This page reloads itself every 5 seconds
and shows the login page as soon as it is ready. The API is already up.</p>
<p style="color: #6b7c8f">Not building? Build it with <code>npm run build</code>.</p>
</body>
</html>
`;

/**
 * Serves the built web app (apps/web/dist, WEB_DIST): the files as they are, with the .br or .gz
 * next to each when the browser accepts it (the build writes them: apps/web/vite.config.ts), hashed
 * assets cached for a year, everything else revalidated; any other GET outside /api gets the app
 * shell (client-side routes): field.html for the field app's pages, index.html for the others. Files are looked up per request, so a build that finishes after the
 * server started (`npm start` builds in the background: scripts/build-web-if-stale.mjs) is served
 * at once; until then pages get a "starting" page that reloads itself.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  const fieldHtml = path.join(webDist, 'field.html');
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    suppressWarning: true,
    setHeaders: (reply, file) => reply.header('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE),
  });

  app.setNotFoundHandler(async (req, reply) => {
    // A missing hashed file is a real 404 (a page of an older build asking for its chunks): the app
    // shell instead would fail as a script with a confusing MIME type error.
    if (req.url.startsWith('/api') || req.url.startsWith('/assets/') || req.method !== 'GET') {
      return reply.status(404).send({ detail: translate(localeOf(req), 'feedback.error.notFound') });
    }
    if (!fs.existsSync(indexHtml)) {
      return reply.status(503).header('retry-after', '5').header('cache-control', 'no-store').type('text/html').send(NOT_BUILT_PAGE);
    }
    // Client-side routes (deep links) get their app's page; React Router takes it from there.
    const field = FIELD_PAGES.test(req.url.split('?')[0]!) && fs.existsSync(fieldHtml);
    return reply.type('text/html').sendFile(field ? 'field.html' : 'index.html');
  });
}
