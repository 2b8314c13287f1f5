import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryValue } from '../../app/api';

export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Query keys of this module: everything under ['system'] so one invalidation refreshes all lists. */
export const systemKeys = {
  all: ['system'] as const,
  list: (path: string, params: Record<string, QueryValue>) => ['system', path, params] as const,
};

export function useInvalidateSystem() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: systemKeys.all });
}

const EXPORT_PAGE = 500;

/**
 * A server-paged list: page and page size live here, filters come from the screen (a change of
 * filter goes back to page 1), and `fetchAll` walks every page for the export button.
 */
export function usePagedList<T>(path: string, filters: Record<string, QueryValue>, enabled = true) {
  const [pageSize, setPageSize] = useState(20);
  const filterKey = JSON.stringify(filters);
  // The page belongs to the filters it was chosen under: new filters start again at page 1.
  const [pageState, setPageState] = useState({ key: filterKey, page: 1 });
  const page = pageState.key === filterKey ? pageState.page : 1;
  const setPage = (p: number) => setPageState({ key: filterKey, page: p });
  const params = useMemo(() => ({ ...filters, page, pageSize }), [filterKey, page, pageSize]); // eslint-disable-line react-hooks/exhaustive-deps
  const query = useQuery({
    queryKey: systemKeys.list(path, params),
    queryFn: ({ signal }) => api.get<Paged<T>>(path, { signal, query: params }),
    placeholderData: keepPreviousData,
    enabled,
  });
  const total = query.data?.total ?? 0;
  const fetchAll = async (): Promise<T[]> => {
    const out: T[] = [];
    for (let p = 1; ; p++) {
      const res = await api.get<Paged<T>>(path, { query: { ...filters, page: p, pageSize: EXPORT_PAGE } });
      out.push(...res.items);
      if (res.items.length < EXPORT_PAGE || out.length >= res.total) break;
    }
    return out;
  };
  return {
    rows: query.data?.items ?? [],
    total,
    loading: query.isFetching,
    refetch: query.refetch,
    fetchAll,
    paging: {
      page,
      pageSize,
      total,
      onChange: (p: number, size: number) => {
        setPage(size !== pageSize ? 1 : p);
        setPageSize(size);
      },
    },
  };
}
