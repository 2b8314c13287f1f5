/**
 * Registers the field app's service worker (/sw.js, written by the build: apps/web/vite.config.ts
 * `fieldOffline`, source src/modules/field/service-worker.js). Production builds only: the dev server
 * has no /sw.js. Registered once the field app (field.html) has been opened, so /mobile/* opens offline
 * afterwards, with field.html and its chunks from the worker's cache.
 */
let registered = false;

export function registerFieldWorker(): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    registered = false;
  });
}
