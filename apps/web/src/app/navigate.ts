/*
 * Leaving a page from code outside React (the session ending after a 403, a logout) and the login
 * page's redirect: a module of its own, without the session's query cache, so that the login page
 * and the router (the entry every page loads) do not carry TanStack Query (issue 16).
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

/**
 * The field app's pages (/mobile, /mobile/…, /MobileCylinderMaintenance) are a page of their own,
 * field.html (src/field-main.tsx, issue 13), answered by the server for these paths (and by the dev
 * server: vite.config.ts FIELD_PAGES): going there from the main app, or from there to any other
 * page, is a page load, not a route change.
 */
const FIELD_PAGES = /^\/(mobile|MobileCylinderMaintenance)(\/|$)/;

/** Whether a path (or URL) is one of the field app's pages. */
export function isFieldPage(to: string): boolean {
  return FIELD_PAGES.test(new URL(to, window.location.href).pathname);
}

/** The router registers its navigate so leaving after a 403 keeps the app loaded. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(to: string): void {
  navigate(to);
}

/** Only same-origin paths are followed after login, never `//host` or `https://…`. */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}
