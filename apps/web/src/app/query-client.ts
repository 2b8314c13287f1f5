import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Every failed call already showed its notification; retrying would repeat it three times.
      retry: false,
      // Screens refetch when opened; refetching on focus would surprise people mid-edit.
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // Offline, React Query would pause calls silently; seed §8 wants the "offline" message instead.
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
