import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { api, type QueryValue } from '../app/api';

/** A page of a list; `totalIsLowerBound`: the server stopped counting at `total` (at least that many match). */
export type Paged<T> = { items: T[]; total: number; totalIsLowerBound?: boolean; page: number; pageSize: number };

const EXPORT_PAGE = 500;
const MAX_EXPORT_PAGES = 200;

type PagedQueryOptions = {
  enabled?: boolean;
  /** Refetch in the background every this many ms (without the global loading bar). */
  refetchMs?: number;
};

/**
 * The one server-paged list hook: page and page size live here, filters come from the screen (a
 * change of filters goes back to page 1), `paging` feeds DataTable, and `fetchAll` walks every page
 * for the export button (also past a capped count). Modules pass their query key factory, so their
 * invalidations keep reaching their lists.
 */
export function usePagedQuery<T, R extends Paged<T> = Paged<T>>(
  keyOf: (params: Record<string, QueryValue>) => QueryKey,
  path: string,
  filters: Record<string, QueryValue>,
  opts: PagedQueryOptions = {},
) {
  const [pageSize, setPageSize] = useState(20);
  const filterKey = JSON.stringify(filters);
  // The page belongs to the filters it was chosen under: new filters start again at page 1.
  const [pageState, setPageState] = useState({ key: filterKey, page: 1 });
  const page = pageState.key === filterKey ? pageState.page : 1;
  const setPage = (p: number) => setPageState({ key: filterKey, page: p });
  const params = useMemo(() => ({ ...filters, page, pageSize }), [filterKey, page, pageSize]); // eslint-disable-line react-hooks/exhaustive-deps
  const background = opts.refetchMs !== undefined;
  const query = useQuery({
    queryKey: keyOf(params),
    queryFn: ({ signal }) => api.get<R>(path, { signal, query: params, ...(background ? { loading: false } : {}) }),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
    refetchInterval: opts.refetchMs,
  });
  const total = query.data?.total ?? 0;
  const totalIsLowerBound = query.data?.totalIsLowerBound === true;
  return {
    data: query.data,
    rows: query.data?.items ?? [],
    total,
    loading: query.isFetching,
    refetch: query.refetch,
    resetPage: () => setPage(1),
    /** The list's route and filters: xlsx and csv exports stream every row from it (server side). */
    path,
    filters,
    /**
     * Every page for the exports built in the browser (xls, html), up to MAX_EXPORT_PAGES pages:
     * `onCapped` is told when rows were left out, so the user hears of it (xlsx and csv have no cap).
     */
    fetchAll: async (onCapped?: (count: number) => void): Promise<T[]> => {
      const out: T[] = [];
      for (let p = 1; p <= MAX_EXPORT_PAGES; p++) {
        const res = await api.get<R>(path, { query: { ...filters, page: p, pageSize: EXPORT_PAGE } });
        out.push(...res.items);
        if (res.items.length < EXPORT_PAGE || (!res.totalIsLowerBound && out.length >= res.total)) return out;
      }
      onCapped?.(out.length);
      return out;
    },
    paging: {
      page,
      pageSize,
      total,
      totalIsLowerBound,
      onChange: (p: number, size: number) => {
        setPage(size !== pageSize ? 1 : p);
        setPageSize(size);
      },
    },
  };
}

/** What `usePagedQuery` gives a screen: rows, paging for DataTable, `fetchAll` for the export. */
export type PagedList<T> = ReturnType<typeof usePagedQuery<T>>;
