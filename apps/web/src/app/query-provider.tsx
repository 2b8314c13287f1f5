import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * The app's query cache alone, without antd: what the public pages on the field kit (/addOrder, the legal
 * pages: issue 16, phones on weak networks) have around them. page-providers.tsx adds antd's providers and the
 * session to it for every other page past the login.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
