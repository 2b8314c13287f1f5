import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResidualRow } from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';

/** Query keys of the IoT module (one factory, so a write invalidates exactly what it changed). */
export const iotKeys = {
  all: ['iot'] as const,
  list: (path: string, params: Record<string, QueryValue>) => ['iot', path, params] as const,
  detail: (id: number) => ['iot', 'residual', id] as const,
  readings: (id: number, range: string) => ['iot', 'readings', id, range] as const,
};

export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

export type DeviceRow = {
  id: number;
  serial: string;
  groupId: number | null;
  groupName: string | null;
  storeId: number | null;
  storeName: string | null;
  transferred: boolean;
  transferDate: string | null;
  recycleDate: string | null;
  simulated: boolean;
  remark: string | null;
  secretRotatedAt: string;
  lastSeenAt: string | null;
  installed: boolean;
};

export type TransferRow = {
  id: number;
  kind: 'transfer' | 'recycle';
  groupName: string | null;
  storeName: string | null;
  date: string;
  account: string | null;
  remark: string | null;
  at: string;
};

export type ResidualDetail = ResidualRow & {
  usageGramsPerDay: number | null;
  averageDays: number;
  thresholds: { lowGasPercent: number; lowBatteryPercent: number; offlineMinutes: number };
};

export type AlertRow = {
  id: number;
  kind: 'lowGas' | 'leak' | 'offline' | 'lowBattery';
  value: number | null;
  openedAt: string;
  closedAt: string | null;
  orderId: number | null;
  storeDeviceId: number;
  storeName: string;
  customerName: string;
  serial: string;
};

export type NearbyRow = {
  customerId: number;
  name: string;
  address: string | null;
  phone: string | null;
  storeDeviceId: number;
  serial: string;
  remainingGrams: number;
  percent: number;
  distanceKm: number;
};

/** A server-paged list with its filters; `fetchAll` pages through everything for export. */
export function usePaged<T>(path: string, filters: Record<string, QueryValue>, opts: { refetchMs?: number } = {}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const params = { ...filters, page, pageSize };
  const q = useQuery({
    queryKey: iotKeys.list(path, params),
    queryFn: ({ signal }) => api.get<Paged<T>>(path, { signal, query: params, loading: false }),
    placeholderData: keepPreviousData,
    refetchInterval: opts.refetchMs,
  });
  const fetchAll = async (): Promise<T[]> => {
    const out: T[] = [];
    for (let p = 1; p <= 200; p++) {
      const res = await api.get<Paged<T>>(path, { query: { ...filters, page: p, pageSize: 500 } });
      out.push(...res.items);
      if (out.length >= res.total || res.items.length === 0) break;
    }
    return out;
  };
  return {
    rows: q.data?.items ?? [],
    loading: q.isFetching,
    total: q.data?.total ?? 0,
    resetPage: () => setPage(1),
    paging: {
      page,
      pageSize,
      total: q.data?.total ?? 0,
      onChange: (p: number, s: number) => {
        setPage(s !== pageSize ? 1 : p);
        setPageSize(s);
      },
    },
    fetchAll,
  };
}

export function useInvalidateIot() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: iotKeys.all });
}

export const kg = (grams: number | null | undefined, digits = 1) => (grams === null || grams === undefined ? '' : (grams / 1000).toFixed(digits));
export const fmtTime = (v: string | null | undefined) => (v ? new Date(v).toLocaleString() : '');
export const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
