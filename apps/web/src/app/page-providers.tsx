import { useContext, useMemo, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import AppContext from 'antd/es/app/context';
import useModal from 'antd/es/modal/useModal';
import { queryClient } from './query-client';
// The session's 403 handling (it registers itself with the API client) comes with the first page that queries.
import './session';

/**
 * What every page but the login pages has around it, loaded with its chunks by the router: the app's
 * query cache, and antd's modal added to the shell's `App.useApp()` (its message and notification
 * are the shell's, providers.tsx). The login page posts once and confirms nothing, so TanStack Query
 * and antd's Modal (~22 KB gzip together) are not in the entry every page loads (issue 16).
 */
export function PageProviders({ children }: { children: ReactNode }) {
  const shell = useContext(AppContext);
  const [modal, modalHolder] = useModal();
  const app = useMemo(() => ({ ...shell, modal }), [shell, modal]);
  return (
    <QueryClientProvider client={queryClient}>
      <AppContext.Provider value={app}>
        {modalHolder}
        {children}
      </AppContext.Provider>
    </QueryClientProvider>
  );
}
