import { useQueryClient } from '@tanstack/react-query';
import type { ResidualRow } from '@gasops/shared';
import type { QueryValue } from '../../app/api';
import { usePagedQuery } from '../../components/paged-query';

/** Query keys of the IoT module (one factory, so a write invalidates exactly what it changed). */
export const iotKeys = {
  all: ['iot'] as const,
  list: (path: string, params: Record<string, QueryValue>) => ['iot', path, params] as const,
  detail: (id: number) => ['iot', 'residual', id] as const,
  readings: (id: number, range: string) => ['iot', 'readings', id, range] as const,
};

export type { Paged } from '../../components/paged-query';

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

/** A server-paged list of the IoT screens, refreshed in the background (see components/paged-query.ts). */
export function usePaged<T>(path: string, filters: Record<string, QueryValue>, opts: { refetchMs?: number } = {}) {
  return usePagedQuery<T>((params) => iotKeys.list(path, params), path, filters, opts);
}

export function useInvalidateIot() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: iotKeys.all });
}

export const kg = (grams: number | null | undefined, digits = 1) => (grams === null || grams === undefined ? '' : (grams / 1000).toFixed(digits));
