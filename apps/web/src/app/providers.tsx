import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import { useTranslation } from 'react-i18next';
import { isLocale, DEFAULT_LOCALE } from '@gasops/shared';
import { bindFeedback, uiSettings } from './feedback';
import { GlobalLoadingBar } from './global-loading-bar';
import { antdLocale, t } from './i18n';
import { theme } from './theme';

/**
 * antd's `App` without its modal: the wrapper with antd's base text style, and the context-aware
 * message and notification, handed to code outside React (the API client's errors) and to
 * `App.useApp()`. antd's own App always builds a modal holder too (Modal, Skeleton, rc-dialog: ~11 KB
 * gzip) that the login page never shows; the pages that may confirm something get the modal from
 * page-providers.tsx, loaded with them (issue 16).
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
  useEffect(() => {
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
      warning: (content) => void message.warning({ content, duration: 4 }),
    });
    return () => bindFeedback(null);
  }, [notification, message]);
  // `modal` is added by page-providers.tsx for the pages past the login.
  const app = useMemo(() => ({ message, notification }) as useAppProps, [message, notification]);
  return (
    <AppContext.Provider value={app}>
      {/* antd's App renders this wrapper; full height lets layouts and the login page fill the screen. */}
      <div className={[prefixCls, hashId, cssVarCls].filter(Boolean).join(' ')} style={{ height: '100%' }}>
        {messageHolder}
        {notificationHolder}
        <GlobalLoadingBar />
        {children}
      </div>
    </AppContext.Provider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  // No QueryClientProvider here: the router puts the pages past the login in it (page-providers.tsx).
  return (
    <ConfigProvider locale={antdLocale(locale)} theme={theme}>
      <ShellApp>{children}</ShellApp>
    </ConfigProvider>
  );
}
