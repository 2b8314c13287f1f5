import { useQueryClient } from '@tanstack/react-query';
import type { QueryValue } from '../../app/api';
import { usePagedQuery } from '../../components/paged-query';

export type { Paged } from '../../components/paged-query';

/** Query keys of this module: everything under ['system'] so one invalidation refreshes all lists. */
export const systemKeys = {
  all: ['system'] as const,
  list: (path: string, params: Record<string, QueryValue>) => ['system', path, params] as const,
};

export function useInvalidateSystem() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: systemKeys.all });
}

/** A server-paged list of this module (see components/paged-query.ts). */
export function usePagedList<T>(path: string, filters: Record<string, QueryValue>, enabled = true) {
  return usePagedQuery<T>((params) => systemKeys.list(path, params), path, filters, { enabled });
}
