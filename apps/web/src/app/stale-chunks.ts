/**
 * A page kept open across a deployment asks for chunks that no longer exist (the server answers 404
 * for unknown /assets files): reload once to get the new page, rather than fail. Both entries (main.tsx's
 * router.tsx and field-main.tsx) install it.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const KEY = 'chunkReloadAt';
    try {
      if (Date.now() - Number(sessionStorage.getItem(KEY) ?? 0) < 10_000) return; // reloaded just now: show the error
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      return;
    }
    event.preventDefault();
    window.location.reload();
  });
}
