import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@gasops/shared';
import { api } from '../../app/api';

/** Query keys of the dashboard module (/dashboard). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  of: (storeId: number | undefined) => [...dashboardKeys.all, storeId] as const,
};

/** Home's figures of a store (or of all the user's stores), refreshed every minute. */
export function useDashboard(storeId: number | undefined) {
  return useQuery({
    queryKey: dashboardKeys.of(storeId),
    queryFn: ({ signal }) => api.get<Dashboard>('/dashboard', { signal, query: { storeId } }),
    refetchInterval: 60_000,
  });
}
