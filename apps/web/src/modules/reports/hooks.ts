import { useQuery } from '@tanstack/react-query';
import type { DailyReport, DeliveryPersonOption, GasReport, MonthlyReport, ProductReport, ServiceReport } from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { usePagedQuery } from '../../components/paged-query';

/** Query keys of the reports module (/reports/…). */
export const reportKeys = {
  all: ['reports'] as const,
  gas: (q: Record<string, QueryValue>) => [...reportKeys.all, 'order-gas', q] as const,
  products: (q: Record<string, QueryValue>) => [...reportKeys.all, 'order-product', q] as const,
  services: (q: Record<string, QueryValue>) => [...reportKeys.all, 'order-service', q] as const,
  daily: (q: Record<string, QueryValue>) => [...reportKeys.all, 'daily', q] as const,
  monthly: (q: Record<string, QueryValue>) => [...reportKeys.all, 'monthly', q] as const,
  deliveryPersons: (storeId: number | undefined) => [...reportKeys.all, 'delivery-persons', storeId] as const,
};

type GasRow = GasReport['items'][number];
type ServiceRow = ServiceReport['items'][number];

/** Gas and propane orders of a period: totals and daily series with the page of orders. */
export const useGasReport = (filters: Record<string, QueryValue>) =>
  usePagedQuery<GasRow, GasReport>(reportKeys.gas, '/reports/order-gas', filters);

/** Quantities and amounts per product of a period (every product at once). */
export function useProductReport(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: reportKeys.products(filters),
    queryFn: ({ signal }) => api.get<ProductReport>('/reports/order-product', { signal, query: filters }),
    enabled: Boolean(filters.from && filters.to),
  });
}

/** Service lines of a period with totals per service and the page of lines. */
export const useServiceReport = (filters: Record<string, QueryValue>) =>
  usePagedQuery<ServiceRow, ServiceReport>(reportKeys.services, '/reports/order-service', filters);

export function useDailyReport(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: reportKeys.daily(filters),
    queryFn: ({ signal }) => api.get<DailyReport>('/reports/daily', { signal, query: filters }),
  });
}

export function useMonthlyReport(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: reportKeys.monthly(filters),
    queryFn: ({ signal }) => api.get<MonthlyReport>('/reports/monthly', { signal, query: filters }),
  });
}

/** The delivery persons the report filters offer (of one store, or of all the user's stores). */
export function useReportDeliveryPersons(storeId: number | undefined) {
  return useQuery({
    queryKey: reportKeys.deliveryPersons(storeId),
    queryFn: ({ signal }) => api.get<DeliveryPersonOption[]>('/reports/delivery-persons', { signal, query: { storeId } }),
  });
}
