import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { t } from './i18n';

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

type Bound = { notification: NotificationInstance; message: MessageInstance };
let bound: Bound | null = null;
// Calls made before React mounted (route loaders run first) wait here instead of being lost.
const pending: ((b: Bound) => void)[] = [];

/** Called by the provider tree with antd App's context-aware instances (theme and locale apply). */
export function bindFeedback(b: Bound | null): void {
  bound = b;
  if (b) for (const run of pending.splice(0)) run(b);
}

function withBound(run: (b: Bound) => void): void {
  if (bound) run(bound);
  else pending.push(run);
}

export function showError(description: string): void {
  withBound(({ notification }) =>
    notification.error({
      title: t('feedback.error.title'),
      description,
      placement: 'topRight',
      duration: uiSettings.errorNotificationMs / 1000,
      // Seed §8: the notification stays while the pointer is over it.
      pauseOnHover: true,
      // The same text from several parallel requests shows once instead of stacking up.
      key: `error:${description}`,
      props: { 'data-testid': 'error-notification' } as React.HTMLAttributes<HTMLDivElement>,
    }),
  );
}

export function showSuccess(content: string): void {
  withBound(({ message }) => {
    void message.success({ content, duration: uiSettings.successMessageMs / 1000 });
  });
}
