import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ResidualRow,
  StoreDeviceRow,
  createDeviceBody,
  installDeviceBody,
  recycleDeviceBody,
  transferDeviceBody,
  uninstallDeviceBody,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { useWrite, type FormBody } from '../../components/mutations';
import { usePagedQuery } from '../../components/paged-query';

// Response types: to be replaced by z.infer of the shared contracts
// (packages/shared/src/api/iot.ts has the store device and residual gas rows; these answers have no schema yet).

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

/** Where a device can be transferred to: every group with its stores. */
export type TransferTargets = { groups: { id: number; name: string; stores: { id: number; name: string }[] }[] };

/** A device's secret, shown once (on creation and rotation). */
export type DeviceSecret = { serial: string; secret: string };

/** What adding a device answers: its row and its secret. */
export type CreatedDevice = { detail: string; secret: string; device: DeviceRow };

export type IotCustomer = { id: number; name: string; address: string | null };

export type ResidualDetail = ResidualRow & {
  usageGramsPerDay: number | null;
  averageDays: number;
  thresholds: { lowGasPercent: number; lowBatteryPercent: number; offlineMinutes: number };
};

export type Readings = { points: { ts: string; grossGrams: number; battery: number | null }[]; tareGrams: number };

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

// End of the response types.

/** Query keys of the IoT module (/iot/…, and /store/nearbyDisabled, which the IoT module serves). */
export const iotKeys = {
  all: ['iot'] as const,
  devices: (q: Record<string, QueryValue>) => [...iotKeys.all, 'devices', q] as const,
  transfers: (deviceId: number) => [...iotKeys.all, 'transfers', deviceId] as const,
  targets: () => [...iotKeys.all, 'targets'] as const,
  storeDevices: (q: Record<string, QueryValue>) => [...iotKeys.all, 'store-devices', q] as const,
  customers: (storeId: number, keyword: string | undefined) => [...iotKeys.all, 'customers', storeId, keyword] as const,
  residual: (q: Record<string, QueryValue>) => [...iotKeys.all, 'residual-gas', q] as const,
  detail: (storeDeviceId: number) => [...iotKeys.all, 'residual', storeDeviceId] as const,
  readings: (storeDeviceId: number, days: number) => [...iotKeys.all, 'readings', storeDeviceId, days] as const,
  alerts: (q: Record<string, QueryValue>) => [...iotKeys.all, 'alerts', q] as const,
  lowGas: (limit: number) => [...iotKeys.all, 'low-gas', limit] as const,
};

const IOT = [iotKeys.all];
const FORM_ANSWERS = { silent: [400, 409] } as const;
/** Lists of live readings refresh in the background this often. */
const LIVE_MS = 30_000;

type Detail = { detail: string };

/* devices (platform administrator) */

export const useDevices = (filters: Record<string, QueryValue>) => usePagedQuery<DeviceRow>(iotKeys.devices, '/iot/devices', filters);

export const useCreateDevice = () =>
  useWrite((body: FormBody<z.input<typeof createDeviceBody>>) => api.post<CreatedDevice>('/iot/devices', body, FORM_ANSWERS), IOT);

export const useTransferDevice = (deviceId: number) =>
  useWrite(
    (body: FormBody<z.input<typeof transferDeviceBody>>) => api.post<Detail>(`/iot/devices/${deviceId}/transfer`, body, FORM_ANSWERS),
    IOT,
  );

export const useRecycleDevice = (deviceId: number) =>
  useWrite(
    (body: FormBody<z.input<typeof recycleDeviceBody>>) => api.post<Detail>(`/iot/devices/${deviceId}/recycle`, body, FORM_ANSWERS),
    IOT,
  );

/** A new secret for a device (the old one stops working). */
export const useRotateSecret = () =>
  useWrite((deviceId: number) => api.post<Detail & DeviceSecret>(`/iot/devices/${deviceId}/secret`), IOT);

/** A device's transfers and recycles. */
export function useDeviceTransfers(deviceId: number) {
  return useQuery({
    queryKey: iotKeys.transfers(deviceId),
    queryFn: ({ signal }) => api.get<{ items: TransferRow[] }>(`/iot/devices/${deviceId}/transfers`, { signal }),
  });
}

export function useTransferTargets() {
  return useQuery({ queryKey: iotKeys.targets(), queryFn: ({ signal }) => api.get<TransferTargets>('/iot/transfer-targets', { signal }) });
}

/* store devices */

export const useStoreDevices = (filters: Record<string, QueryValue>) =>
  usePagedQuery<StoreDeviceRow>(iotKeys.storeDevices, '/iot/store-devices', filters);

/** The customers of a store a device can be installed at, searched on the server. */
export function useIotCustomers(storeId: number, keyword: string | undefined) {
  return useQuery({
    queryKey: iotKeys.customers(storeId, keyword),
    queryFn: ({ signal }) => api.get<{ items: IotCustomer[] }>('/iot/customers', { signal, query: { storeId, keyword }, loading: false }),
  });
}

export const useInstallDevice = () =>
  useWrite((body: FormBody<z.input<typeof installDeviceBody>>) => api.post<Detail>('/iot/store-devices', body, FORM_ANSWERS), IOT);

export const useUninstallDevice = (storeDeviceId: number | null) =>
  useWrite(
    (body: FormBody<z.input<typeof uninstallDeviceBody>>) =>
      api.post<Detail>(`/iot/store-devices/${storeDeviceId}/uninstall`, body, FORM_ANSWERS),
    IOT,
  );

/* residual gas */

export const useResidualGas = (filters: Record<string, QueryValue>) =>
  usePagedQuery<ResidualRow>(iotKeys.residual, '/iot/residual-gas', filters, { refetchMs: LIVE_MS });

export function useResidualDetail(storeDeviceId: number) {
  return useQuery({
    queryKey: iotKeys.detail(storeDeviceId),
    queryFn: ({ signal }) => api.get<ResidualDetail>(`/iot/residual-gas/${storeDeviceId}`, { signal, loading: false }),
    refetchInterval: 15_000,
  });
}

/** The readings of the last `days` days. */
export function useReadings(storeDeviceId: number, days: number) {
  return useQuery({
    queryKey: iotKeys.readings(storeDeviceId, days),
    queryFn: ({ signal }) =>
      api.get<Readings>(`/iot/residual-gas/${storeDeviceId}/readings`, {
        signal,
        loading: false,
        query: { from: new Date(Date.now() - days * 86_400_000).toISOString() },
      }),
    refetchInterval: 15_000,
  });
}

export const useAlerts = (filters: Record<string, QueryValue>) =>
  usePagedQuery<AlertRow>(iotKeys.alerts, '/iot/alerts', filters, { refetchMs: LIVE_MS });

/** Creates the suggested gas order of an open alert. */
export const useOrderFromAlert = () =>
  useWrite((alertId: number) => api.post<Detail & { orderId: number }>(`/iot/alerts/${alertId}/order`), IOT);

/** Customers near one customer whose gas runs low (a question, not a write: nothing to refresh). */
export function useNearby() {
  return useMutation({
    mutationFn: (customerId: number) =>
      api.post<{ radiusKm: number; items: NearbyRow[] }>('/store/nearbyDisabled', { customerId }, { silent: [400] }),
  });
}

/** The customers lowest on gas, for Home. */
export function useLowGas(limit: number) {
  return useQuery({
    queryKey: iotKeys.lowGas(limit),
    queryFn: ({ signal }) => api.get<{ items: ResidualRow[]; total: number }>('/iot/low-gas', { signal, query: { limit }, loading: false }),
    refetchInterval: LIVE_MS,
  });
}
