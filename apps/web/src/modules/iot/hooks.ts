import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AlertRow,
  CreatedDevice,
  DeviceRow,
  DeviceSecret,
  LowGas,
  Nearby,
  ReadingChart,
  ResidualDetail,
  ResidualRow,
  StoreDeviceRow,
  TransferTargets,
  alertOrderSchema,
  createDeviceBody,
  deviceChangedSchema,
  deviceTransfersSchema,
  installDeviceBody,
  installationChangedSchema,
  iotCustomersSchema,
  recycleDeviceBody,
  transferDeviceBody,
  uninstallDeviceBody,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { useWrite, type FormBody } from '../../components/mutations';
import { usePagedQuery } from '../../components/paged-query';

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

/** What a transfer or a recycle answers: the device as it is now. */
type DeviceChanged = z.infer<typeof deviceChangedSchema>;
/** What installing or uninstalling answers. */
type InstallationChanged = z.infer<typeof installationChangedSchema>;

/* devices (platform administrator) */

export const useDevices = (filters: Record<string, QueryValue>) => usePagedQuery<DeviceRow>(iotKeys.devices, '/iot/devices', filters);

export const useCreateDevice = () =>
  useWrite((body: FormBody<z.input<typeof createDeviceBody>>) => api.post<CreatedDevice>('/iot/devices', body, FORM_ANSWERS), IOT);

export const useTransferDevice = (deviceId: number) =>
  useWrite(
    (body: FormBody<z.input<typeof transferDeviceBody>>) =>
      api.post<DeviceChanged>(`/iot/devices/${deviceId}/transfer`, body, FORM_ANSWERS),
    IOT,
  );

export const useRecycleDevice = (deviceId: number) =>
  useWrite(
    (body: FormBody<z.input<typeof recycleDeviceBody>>) => api.post<DeviceChanged>(`/iot/devices/${deviceId}/recycle`, body, FORM_ANSWERS),
    IOT,
  );

/** A new secret for a device (the old one stops working). */
export const useRotateSecret = () => useWrite((deviceId: number) => api.post<DeviceSecret>(`/iot/devices/${deviceId}/secret`), IOT);

/** A device's transfers and recycles. */
export function useDeviceTransfers(deviceId: number) {
  return useQuery({
    queryKey: iotKeys.transfers(deviceId),
    queryFn: ({ signal }) => api.get<z.infer<typeof deviceTransfersSchema>>(`/iot/devices/${deviceId}/transfers`, { signal }),
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
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof iotCustomersSchema>>('/iot/customers', { signal, query: { storeId, keyword }, loading: false }),
  });
}

export const useInstallDevice = () =>
  useWrite(
    (body: FormBody<z.input<typeof installDeviceBody>>) => api.post<InstallationChanged>('/iot/store-devices', body, FORM_ANSWERS),
    IOT,
  );

export const useUninstallDevice = (storeDeviceId: number | null) =>
  useWrite(
    (body: FormBody<z.input<typeof uninstallDeviceBody>>) =>
      api.post<InstallationChanged>(`/iot/store-devices/${storeDeviceId}/uninstall`, body, FORM_ANSWERS),
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
      api.get<ReadingChart>(`/iot/residual-gas/${storeDeviceId}/readings`, {
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
  useWrite((alertId: number) => api.post<z.infer<typeof alertOrderSchema>>(`/iot/alerts/${alertId}/order`), IOT);

/** Customers near one customer whose gas runs low (a question, not a write: nothing to refresh). */
export function useNearby() {
  return useMutation({
    mutationFn: (customerId: number) => api.post<Nearby>('/store/nearbyDisabled', { customerId }, { silent: [400] }),
  });
}

/** The customers lowest on gas, for Home. */
export function useLowGas(limit: number) {
  return useQuery({
    queryKey: iotKeys.lowGas(limit),
    queryFn: ({ signal }) => api.get<LowGas>('/iot/low-gas', { signal, query: { limit }, loading: false }),
    refetchInterval: LIVE_MS,
  });
}
