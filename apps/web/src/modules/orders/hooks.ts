import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BillingPage,
  BillingRow,
  DispatchLoad,
  DispatchResult,
  GeneratedBills,
  OrderBody,
  OrderDetail,
  OrderListPage,
  OrderListRow,
  PaymentBody,
  PostedBill,
  PublicOrderAnswer,
  PublicProduct,
  PublicStore,
  Quote,
  cancelBody,
  deliveredBody,
  dispatchBody,
  generateBillsBody,
  publicOrderBody,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { useWrite, type FormBody } from '../../components/mutations';
import { usePagedQuery } from '../../components/paged-query';
import { salesKeys } from '../customers/hooks';

/** Query keys of the orders module (/orders…, /billing…, /public/…). */
export const orderKeys = {
  all: [...salesKeys.all, 'orders'] as const,
  list: (q: Record<string, QueryValue>) => [...orderKeys.all, 'list', q] as const,
  detail: (id: number | null) => [...orderKeys.all, 'detail', id] as const,
  quote: (q: Record<string, QueryValue>) => [...orderKeys.all, 'quote', q] as const,
  dispatchLoad: (q: Record<string, QueryValue>) => [...orderKeys.all, 'dispatch-load', q] as const,
  billing: (q: Record<string, QueryValue>) => [...orderKeys.all, 'billing', q] as const,
  publicStores: () => [...orderKeys.all, 'public-stores'] as const,
  publicProducts: (storeId: number | undefined) => [...orderKeys.all, 'public-products', storeId] as const,
};

const SALES = [salesKeys.all];

/* orders */

export const useOrders = (filters: Record<string, QueryValue>) =>
  usePagedQuery<OrderListRow, OrderListPage>(orderKeys.list, '/orders', filters);

const getOrder = (id: number | null, signal?: AbortSignal) => api.get<OrderDetail>(`/orders/${id}`, { signal });

export function useOrder(id: number | null) {
  return useQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal), enabled: !!id });
}

/** Reads an order afresh (to edit it). */
export function useFetchOrder() {
  const qc = useQueryClient();
  return (id: number) => qc.fetchQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal), staleTime: 0 });
}

/** The price per kg for a store (and customer) and the customer's previous order, for the order form. */
export function useQuote(storeId: number | undefined, customerId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.quote({ storeId, customerId }),
    queryFn: ({ signal }) => api.get<Quote>('/orders/quote', { signal, query: { storeId, customerId } }),
    enabled,
  });
}

export function useDispatchLoad(storeId: number | undefined, date: string) {
  return useQuery({
    queryKey: orderKeys.dispatchLoad({ storeId, date }),
    queryFn: ({ signal }) => api.get<DispatchLoad>('/orders/dispatch-load', { signal, query: { storeId, date } }),
    enabled: !!storeId,
  });
}

/** Creates an order once per `idempotencyKey` (a double click creates one order). */
export const useCreateOrder = () =>
  useWrite(
    ({ body, idempotencyKey }: { body: OrderBody; idempotencyKey: string }) =>
      api.post<OrderDetail>('/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    SALES,
  );

export const useUpdateOrder = () =>
  useWrite(({ id, body }: { id: number; body: OrderBody }) => api.put<OrderDetail>(`/orders/${id}`, body), SALES);

export const useDeleteOrder = () => useWrite((id: number) => api.delete(`/orders/${id}`), SALES);

/** The driver leaves (`start`) or a counter sale ends (`complete`). */
export const useOrderStep = () =>
  useWrite(({ id, step }: { id: number; step: 'start' | 'complete' }) => api.post<OrderDetail>(`/orders/${id}/${step}`), SALES);

export const useDispatchOrders = () =>
  useWrite(
    (body: FormBody<z.input<typeof dispatchBody>> & { orderIds: number[] }) => api.post<DispatchResult>('/orders/dispatch', body),
    SALES,
  );

export const useDeliverOrder = (id: number | undefined) =>
  useWrite((body: FormBody<z.input<typeof deliveredBody>>) => api.post<OrderDetail>(`/orders/${id}/delivered`, body), SALES);

export const useCancelOrder = (id: number | undefined) =>
  useWrite((body: FormBody<z.input<typeof cancelBody>>) => api.post<OrderDetail>(`/orders/${id}/cancel`, body), SALES);

export const usePayOrder = () =>
  useWrite(({ id, body }: { id: number; body: PaymentBody }) => api.post<OrderDetail>(`/orders/${id}/payment`, body), SALES);

/* monthly billing */

export const useBilling = (filters: Record<string, QueryValue>) =>
  usePagedQuery<BillingRow, BillingPage>(orderKeys.billing, '/billing', filters);

/** Generates the bills of the chosen customers; per-customer problems come back as field messages. */
export const useGenerateBills = () =>
  useWrite((body: FormBody<z.input<typeof generateBillsBody>>) => api.post<GeneratedBills>('/billing', body, { silent: [400] }), SALES);

/** Takes back a bill that is not posted yet. */
export const useWithdrawBill = () => useWrite((billId: number) => api.delete(`/billing/${billId}`), SALES);

export const usePostBill = () =>
  useWrite(({ id, body }: { id: number; body: PaymentBody }) => api.post<PostedBill>(`/billing/${id}/post`, body), SALES);

/* the public order page (no account) */

export function usePublicStores() {
  return useQuery({ queryKey: orderKeys.publicStores(), queryFn: ({ signal }) => api.get<PublicStore[]>('/public/stores', { signal }) });
}

export function usePublicProducts(storeId: number | undefined) {
  return useQuery({
    queryKey: orderKeys.publicProducts(storeId),
    queryFn: ({ signal }) => api.get<PublicProduct[]>(`/public/stores/${storeId}/products`, { signal }),
    enabled: !!storeId,
  });
}

/** Places a public order once per `idempotencyKey`. */
export const usePlaceOrder = () =>
  useWrite(
    ({ body, idempotencyKey }: { body: z.input<typeof publicOrderBody>; idempotencyKey: string }) =>
      api.post<PublicOrderAnswer>('/public/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    [],
  );
