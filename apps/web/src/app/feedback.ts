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
 * Where the app's messages are shown: antd's notification and message on the main app's pages past the
 * login (app/page-providers.tsx), or the field kit's light toasts (modules/field/toasts.tsx: the field app,
 * and the main app's login pages). An error stays `uiSettings.errorNotificationMs`
 * (paused while the pointer is over it, the same text never stacked twice), a success
 * `uiSettings.successMessageMs`; a warning (something to know, not a failure: "saved on the phone")
 * shows like a success where the host has no warning of its own.
 */
export type Feedback = {
  error(description: string): void;
  success(content: string): void;
  warning?(content: string): void;
};

/** A warning stays a little longer than a success: it asks for a look. */
export const WARNING_MS = 4000;

type Kind = 'error' | 'success' | 'warning';
type Message = { kind: Kind; text: string };

/**
 * A bound host and the messages it shows now (until when). Several hosts can be mounted over time and at
 * once (the main app's root has the kit's toasts for the login pages, app/providers.tsx; the pages past
 * the login put antd's host over it, app/page-providers.tsx): the most recently mounted one shows the
 * messages, and a host that goes away removes only its own binding. If it was the one showing, its
 * messages still on screen move to the host under it: "logged out", shown just before the manager page
 * (and its antd host) gives way to the login page, stays in sight there.
 */
type Host = { feedback: Feedback; shown: (Message & { until: number })[] };
const hosts: Host[] = [];
// Calls made while no host is bound (route loaders run before React mounts) wait here instead of being lost.
const pending: Message[] = [];

function durationOf(kind: Kind): number {
  return kind === 'error' ? uiSettings.errorNotificationMs : kind === 'success' ? uiSettings.successMessageMs : WARNING_MS;
}

function showOn(host: Host, { kind, text }: Message): void {
  const now = Date.now();
  host.shown = host.shown.filter((m) => m.until > now && !(m.kind === kind && m.text === text));
  host.shown.push({ kind, text, until: now + durationOf(kind) });
  const { feedback } = host;
  if (kind === 'error') feedback.error(text);
  else if (kind === 'warning' && feedback.warning) feedback.warning(text);
  else feedback.success(text);
}

function deliver(message: Message): void {
  const host = hosts.at(-1);
  if (host) showOn(host, message);
  else pending.push(message);
}

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

/**
 * Called by a host when it mounts (antd's context-aware instances, app/page-providers.tsx, or the kit's
 * toasts, modules/field/toasts.tsx); the returned function, called when it unmounts, unbinds that host
 * only. A message carried across a page load, and the calls made while no host was bound, show on it.
 */
export function bindFeedback(feedback: Feedback): () => void {
  // An entry of its own, even when the same object is bound twice (StrictMode runs effects twice).
  const host: Host = { feedback, shown: [] };
  hosts.push(host);
  const content = takeCarried();
  if (content) showOn(host, { kind: 'success', text: content });
  for (const message of pending.splice(0)) showOn(host, message);
  return () => {
    const at = hosts.indexOf(host);
    if (at < 0) return;
    hosts.splice(at, 1);
    if (at !== hosts.length) return;
    const now = Date.now();
    for (const { kind, text, until } of host.shown) if (until > now) deliver({ kind, text });
  };
}

export function showError(description: string): void {
  deliver({ kind: 'error', text: description });
}

/** A success message; `acrossPageLoad`: shown on the next page too if this one is left now (a logout). */
export function showSuccess(content: string, options?: { acrossPageLoad?: boolean }): void {
  if (options?.acrossPageLoad) carried = { content, until: Date.now() + uiSettings.successMessageMs };
  deliver({ kind: 'success', text: content });
}

export function showWarning(content: string): void {
  deliver({ kind: 'warning', text: content });
}
