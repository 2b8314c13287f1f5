import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLocale, DEFAULT_LOCALE } from '@gasops/shared';
import { bindFeedback, uiSettings } from './feedback';
import { GlobalLoadingBar } from './global-loading-bar';
import { antdLocale } from './i18n';
import { queryClient } from './query-client';
import { theme } from './theme';

/** Hands antd's context-aware message and notification to code outside React (the API client). */
function FeedbackBridge() {
  const { notification, message } = AntdApp.useApp();
  useEffect(() => {
    bindFeedback({ notification, message });
    return () => bindFeedback(null);
  }, [notification, message]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(locale)} theme={theme}>
        <AntdApp
          // antd's App renders a wrapper div; full height lets layouts and the login page fill the screen.
          style={{ height: '100%' }}
          notification={{ placement: 'topRight', duration: uiSettings.errorNotificationMs / 1000, pauseOnHover: true }}
          message={{ duration: uiSettings.successMessageMs / 1000 }}
        >
          <FeedbackBridge />
          <GlobalLoadingBar />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
