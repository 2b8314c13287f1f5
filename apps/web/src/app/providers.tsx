import type { ReactNode } from 'react';
import { Toasts } from '../modules/field/toasts';
import { GlobalLoadingBar } from './global-loading-bar';

/**
 * What every page of the main app has around it, in the entry: the loading bar and the field kit's
 * toasts, which show the app's messages (app/feedback.ts) on the login pages — the "logged out" of a
 * logout too. No antd (issue 16: the login page on a phone): antd's ConfigProvider, theme, texts, message
 * and notification come with the pages past the login (page-providers.tsx, loaded by the router), whose
 * host then shows the messages instead of these toasts (the most recently mounted host wins).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      <GlobalLoadingBar />
      <Toasts />
      {children}
    </>
  );
}
