/* global self, caches */
/**
 * The field app's service worker (/sw.js), built by the `gasops:field-offline` plugin of
 * apps/web/vite.config.ts, which replaces the two placeholders below with the build's file list and
 * its hash. It makes /mobile/* open with no network after one visit:
 * - install: precaches the field app (field.html, its entry and everything it loads: the field
 *   screens' chunks, the camera scanner's chunk and its ZXing .wasm, the field messages of every
 *   language), the main app's shell (index.html, its entry: the login page), the manifest and the icons;
 * - navigations (any page outside /api) answer the precached page: field.html under /mobile and
 *   /MobileCylinderMaintenance (the field app, issue 13), index.html elsewhere; each app routes itself;
 * - /assets files answer from the caches first (their names carry a content hash), and are kept in
 *   a runtime cache when fetched (other screens visited while online then open offline too);
 * - the API is never touched: the app keeps its own outbox and answers in IndexedDB.
 * A new build has a new hash: the new worker installs, takes over at once and drops the old shell.
 */
const PRECACHE = self.__GASOPS_PRECACHE__;
const VERSION = '__GASOPS_VERSION__';
const SHELL = `gasops-shell-${VERSION}`;
const RUNTIME = 'gasops-assets';
const INDEX = '/index.html';
const FIELD = '/field.html';
/** The field app's pages: the same rule as the server's (apps/server/src/platform/web-assets.ts) and vite.config.ts's. */
const FIELD_PAGES = /^\/(mobile|MobileCylinderMaintenance)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('gasops-shell-') && n !== SHELL).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function fromCacheThenNetwork(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const copy = response.clone();
    void caches.open(RUNTIME).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function appShell(request) {
  const shell = await caches.open(SHELL);
  const cached = await shell.match(FIELD_PAGES.test(new URL(request.url).pathname) ? FIELD : INDEX);
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch {
    return new Response('offline', { status: 503, headers: { 'content-type': 'text/plain' } });
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api')) return;
  if (request.mode === 'navigate') {
    event.respondWith(appShell(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) event.respondWith(fromCacheThenNetwork(request));
});
