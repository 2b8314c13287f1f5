import { useContext, useEffect, useMemo, type ReactNode } from 'react';
// Not from 'antd' (its index of every component): vite.config.ts follows this file's antd imports into one chunk.
import ConfigProvider from 'antd/es/config-provider';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale } from '@gasops/shared';
import { bindFeedback, uiSettings, WARNING_MS } from './feedback';
import { antdLocale, t } from './i18n';
import { QueryProvider } from './query-provider';
import { theme } from './theme';
// The session's 403 handling (it registers itself with the API client) comes with the first page that queries.
import './session';

/**
 * antd's `App`: the wrapper with antd's base text style, and the context-aware message, notification and
 * modal, for `App.useApp()` and for code outside React (the API client's errors, through app/feedback.ts:
 * this host, mounted after the entry's toasts, shows the messages while a page past the login is on screen).
 */
function ShellApp({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [message, messageHolder] = useMessage({ duration: uiSettings.successMessageMs / 1000 });
  const [notification, notificationHolder] = useNotification({
    placement: 'topRight',
    duration: uiSettings.errorNotificationMs / 1000,
    pauseOnHover: true,
  });
  const [modal, modalHolder] = useModal();
  useEffect(
    () =>
      bindFeedback({
        error: (description) =>
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
        success: (content) => void message.success({ content, duration: uiSettings.successMessageMs / 1000 }),
        warning: (content) => void message.warning({ content, duration: WARNING_MS / 1000 }),
      }),
    [notification, message],
  );
  const app = useMemo(() => ({ message, notification, modal }) as useAppProps, [message, notification, modal]);
  return (
    <AppContext.Provider value={app}>
      {/* antd's App renders this wrapper; full height lets layouts fill the screen. */}
      <div className={[prefixCls, hashId, cssVarCls].filter(Boolean).join(' ')} style={{ height: '100%' }}>
        {messageHolder}
        {notificationHolder}
        {modalHolder}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/**
 * What every page but the login pages has around it, loaded with its chunks by the router: the app's
 * query cache, and antd's ConfigProvider (theme, texts in the active language) with its message,
 * notification and modal. The login pages (in the entry every page loads) use none of them: no antd and
 * no TanStack Query there (issue 16: the login page on a phone in < 1 s). The public pages on the field kit
 * (/addOrder, the legal pages) have the query cache alone (query-provider.tsx), without antd.
 */
export function PageProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return (
    <QueryProvider>
      <ConfigProvider locale={antdLocale(locale)} theme={theme}>
        <ShellApp>{children}</ShellApp>
      </ConfigProvider>
    </QueryProvider>
  );
}
