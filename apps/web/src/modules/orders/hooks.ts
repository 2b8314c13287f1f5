import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BillingPage,
  BillingPeriod,
  BillingRow,
  CustomerOption,
  DispatchLoad,
  DispatchResult,
  GeneratedBills,
  OrderBody,
  OrderCustomerBody,
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
  customerMatches: (id: number | null) => [...orderKeys.detail(id), 'customer-matches'] as const,
  billing: (q: Record<string, QueryValue>) => [...orderKeys.all, 'billing', q] as const,
  billingPeriod: (storeId: number | undefined) => [...orderKeys.all, 'billing-period', storeId] as const,
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

/* the customer of a public order by an unknown phone */

/** Customers of the order's store with the order's phone: offered instead of a new customer. */
export function useCustomerMatches(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.customerMatches(id),
    queryFn: ({ signal }) => api.get<CustomerOption[]>(`/orders/${id}/customer-matches`, { signal }),
    enabled: !!id && enabled,
  });
}

/** Creates the order's customer (the customer form, prefilled from the order) and links it. */
export const useCreateOrderCustomer = (id: number | null) =>
  useWrite((body: OrderCustomerBody) => api.post<OrderDetail>(`/orders/${id}/customer`, body), SALES);

/** Links a customer already on file to the order. */
export const useAttachOrderCustomer = (id: number | null) =>
  useWrite((customerId: number) => api.post<OrderDetail>(`/orders/${id}/attach-customer`, { customerId }), SALES);

/* monthly billing */

/** The period billing opens on: the latest month with something to bill, else this month. */
export function useBillingPeriod(storeId: number | undefined) {
  return useQuery({
    queryKey: orderKeys.billingPeriod(storeId),
    queryFn: ({ signal }) => api.get<BillingPeriod>('/billing/period', { signal, query: { storeId } }),
    staleTime: 0,
  });
}

export const useBilling = (filters: Record<string, QueryValue>, enabled = true) =>
  usePagedQuery<BillingRow, BillingPage>(orderKeys.billing, '/billing', filters, { enabled });

/**
 * Generates the bills of the chosen customers; per-customer problems come back as field messages, a
 * bill of 0 as a 409 (`zeroBill`) for the screen to confirm.
 */
export const useGenerateBills = () =>
  useWrite(
    (body: FormBody<z.input<typeof generateBillsBody>>) => api.post<GeneratedBills>('/billing', body, { silent: [400, 409] }),
    SALES,
  );

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
