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

/** Called by the provider tree (antd's context-aware instances) or the field app's toast host. */
export function bindFeedback(b: Feedback | null): void {
  bound = b;
  if (b) for (const run of pending.splice(0)) run(b);
}

function withBound(run: (b: Feedback) => void): void {
  if (bound) run(bound);
  else pending.push(run);
}

export function showError(description: string): void {
  withBound((b) => b.error(description));
}

export function showSuccess(content: string): void {
  withBound((b) => b.success(content));
}

export function showWarning(content: string): void {
  withBound((b) => (b.warning ? b.warning(content) : b.success(content)));
}
