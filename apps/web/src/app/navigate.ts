/*
 * Leaving a page from code outside React (the session ending after a 403, a logout) and the login
 * page's redirect: a module of its own, without the session's query cache, so that the login page
 * and the router (the entry every page loads) do not carry TanStack Query (issue 16).
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

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
