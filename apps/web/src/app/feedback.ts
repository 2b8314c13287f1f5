/**
 * Seed §9: errors 3.5 s, success 3 s, notifications top-right, requests time out after 300 s. The
 * defaults apply until the signed-in user's group parameters arrive with /auth/me.
 */
export const uiSettings = { errorNotificationMs: 3500, successMessageMs: 3000, requestTimeoutMs: 300_000 };

export function applyUiSettings(settings: Partial<typeof uiSettings> | undefined): void {
  if (!settings) return;
  for (const key of Object.keys(uiSettings) as (keyof typeof uiSettings)[]) {
    const v = settings[key];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) uiSettings[key] = v;
  }
}

/**
 * Where the app's messages are shown: the main app's antd notification and message (app/providers.tsx),
 * or the field app's light toasts (modules/field/toasts.tsx). An error stays `uiSettings.errorNotificationMs`
 * (paused while the pointer is over it, the same text never stacked twice), a success
 * `uiSettings.successMessageMs`; a warning (something to know, not a failure: "saved on the phone")
 * shows like a success where the host has no warning of its own.
 */
export type Feedback = {
  error(description: string): void;
  success(content: string): void;
  warning?(content: string): void;
};

let bound: Feedback | null = null;
// Calls made before React mounted (route loaders run first) wait here instead of being lost.
const pending: ((b: Feedback) => void)[] = [];

/**
 * A success that may have to outlive its page: leaving the field app (field.html) for its login page
 * is a page load, so "logged out" shown there would be lost. While such a message is fresh (its display
 * time), it is written to sessionStorage when the page goes (`pagehide`); the next page's host shows it
 * when it binds. A message shown and then stayed on (the main app's in-app navigation) is not carried.
 */
const CARRIED_KEY = 'gasops.feedback.carried';
let carried: { content: string; until: number } | null = null;

function keepCarried(): void {
  if (!carried || Date.now() > carried.until) return;
  try {
    sessionStorage.setItem(CARRIED_KEY, carried.content);
  } catch {
    // Private mode without storage: the message is lost with the page, as before.
  }
}

function takeCarried(): string | null {
  try {
    const content = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
    return content;
  } catch {
    return null;
  }
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', keepCarried);

/** Called by the provider tree (antd's context-aware instances) or the field app's toast host. */
export function bindFeedback(b: Feedback | null): void {
  bound = b;
  if (!b) return;
  const content = takeCarried();
  if (content) b.success(content);
  for (const run of pending.splice(0)) run(b);
}

function withBound(run: (b: Feedback) => void): void {
  if (bound) run(bound);
  else pending.push(run);
}

export function showError(description: string): void {
  withBound((b) => b.error(description));
}

/** A success message; `acrossPageLoad`: shown on the next page too if this one is left now (a logout). */
export function showSuccess(content: string, options?: { acrossPageLoad?: boolean }): void {
  if (options?.acrossPageLoad) carried = { content, until: Date.now() + uiSettings.successMessageMs };
  withBound((b) => b.success(content));
}

export function showWarning(content: string): void {
  withBound((b) => (b.warning ? b.warning(content) : b.success(content)));
}
