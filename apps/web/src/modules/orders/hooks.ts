import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  OrderBody,
  OrderStatus,
  PaymentBody,
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

// Response types: to be replaced by z.infer of the shared contracts

export type OrderListRow = {
  id: number;
  orderNo: string;
  orderDate: string;
  storeId: number;
  storeName: string;
  customerId: number | null;
  customerName: string | null;
  customerPhone: string | null;
  customerType: string | null;
  source: 'staff' | 'public' | 'mobile';
  status: OrderStatus;
  totalAmount: number;
  deliveryPersonId: number | null;
  deliveryPersonName: string | null;
  deliveryAt: string | null;
  preferredTime: string | null;
  deliveryAddress: string | null;
  gasWeightG: number;
  residualGasG: number;
  gasRefundAmount: number;
  monthlyBillId: number | null;
  cancelReason: string | null;
  remark: string | null;
};

export type OrderFull = OrderListRow & {
  gasUnitPrice: number;
  gasAmount: number;
  propaneUnitPrice: number;
  propaneWeightG: number;
  propaneAmount: number;
  propaneResidualG: number;
  propaneRefundAmount: number;
  productsAmount: number;
  servicesAmount: number;
  cylindersAmount: number;
  previousOrderId: number | null;
  previousOrderNo: string | null;
  previousUsageG: number | null;
  currentUsageG: number | null;
  currentRemainingG: number | null;
  previousRefundAmount: number;
  scaleDeviceId: string | null;
  contactName: string | null;
  contactPhone: string | null;
  products: { id: number; productId: number | null; productName: string; unitPrice: number; quantity: number; amount: number }[];
  services: { id: number; content: string; amount: number }[];
  cylinders: {
    id: number;
    kind: 'deposit' | 'return' | 'borrow' | 'repay';
    opDate: string;
    gas: string;
    quantity: number;
    unitPrice: number;
    amount: number;
  }[];
  payments: {
    id: number;
    postingDate: string;
    paymentType: 'cash' | 'bill';
    cashAmount: number;
    billAmount: number;
    billNumber: string | null;
    invoiceNumber: string | null;
  }[];
};

export type Quote = {
  pricePerKg: number;
  minRefundGrams: number;
  customer: { id: number; name: string; type: string; address: string | null; phone: string | null; gasPrice: number | null } | null;
  previous: { id: number; orderNo: string; orderDate: string; deliveredG: number; usageG: number | null; refundAmount: number } | null;
};

/** Each delivery person's orders of a day. */
export type DispatchLoadRow = {
  userId: number;
  name: string;
  account: string;
  count: number;
  open: number;
  orders: {
    id: number;
    orderNo: string;
    deliveryAt: string;
    status: string;
    customerName: string | null;
    deliveryAddress: string | null;
  }[];
};

/** A monthly-settlement customer of a period: what is unbilled, and the bill once generated. */
export type BillingRow = {
  customerId: number;
  customerName: string;
  type: 'monthly_count' | 'monthly_meter';
  storeName: string;
  meterNumber: string | null;
  meterReading: number | null;
  meterUnitPrice: number | null;
  unbilledCount: number;
  unbilledAmount: number;
  billId: number | null;
  billingDate: string | null;
  mode: 'count' | 'meter' | null;
  orderCount: number | null;
  previousReading: number | null;
  currentReading: number | null;
  amount: number | null;
  linesAmount: number | null;
  status: 'billed' | 'posted' | null;
};

/** A store on the public order page, with its group's currency. */
export type PublicStore = { id: number; name: string; address: string | null; phone: string | null; currency: string };
export type PublicProduct = { id: number; name: string; salePrice: number };
export type PublicOrderAnswer = { reference: string; detail: string };

// End of the response types.

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

export const useOrders = (filters: Record<string, QueryValue>) => usePagedQuery<OrderListRow>(orderKeys.list, '/orders', filters);

const getOrder = (id: number | null, signal?: AbortSignal) => api.get<OrderFull>(`/orders/${id}`, { signal });

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
    queryFn: ({ signal }) => api.get<DispatchLoadRow[]>('/orders/dispatch-load', { signal, query: { storeId, date } }),
    enabled: !!storeId,
  });
}

/** Creates an order once per `idempotencyKey` (a double click creates one order). */
export const useCreateOrder = () =>
  useWrite(
    ({ body, idempotencyKey }: { body: OrderBody; idempotencyKey: string }) =>
      api.post<OrderFull>('/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    SALES,
  );

export const useUpdateOrder = () =>
  useWrite(({ id, body }: { id: number; body: OrderBody }) => api.put<OrderFull>(`/orders/${id}`, body), SALES);

export const useDeleteOrder = () => useWrite((id: number) => api.delete(`/orders/${id}`), SALES);

/** The driver leaves (`start`) or a counter sale ends (`complete`). */
export const useOrderStep = () =>
  useWrite(({ id, step }: { id: number; step: 'start' | 'complete' }) => api.post(`/orders/${id}/${step}`), SALES);

export const useDispatchOrders = () =>
  useWrite(
    (body: FormBody<z.input<typeof dispatchBody>> & { orderIds: number[] }) => api.post<{ dispatched: number }>('/orders/dispatch', body),
    SALES,
  );

export const useDeliverOrder = (id: number | undefined) =>
  useWrite((body: FormBody<z.input<typeof deliveredBody>>) => api.post(`/orders/${id}/delivered`, body), SALES);

export const useCancelOrder = (id: number | undefined) =>
  useWrite((body: FormBody<z.input<typeof cancelBody>>) => api.post(`/orders/${id}/cancel`, body), SALES);

export const usePayOrder = () =>
  useWrite(({ id, body }: { id: number; body: PaymentBody }) => api.post(`/orders/${id}/payment`, body), SALES);

/* monthly billing */

export const useBilling = (filters: Record<string, QueryValue>) => usePagedQuery<BillingRow>(orderKeys.billing, '/billing', filters);

/** Generates the bills of the chosen customers; per-customer problems come back as field messages. */
export const useGenerateBills = () =>
  useWrite(
    (body: FormBody<z.input<typeof generateBillsBody>>) => api.post<{ created: number }>('/billing', body, { silent: [400] }),
    SALES,
  );

/** Takes back a bill that is not posted yet. */
export const useWithdrawBill = () => useWrite((billId: number) => api.delete(`/billing/${billId}`), SALES);

export const usePostBill = () =>
  useWrite(({ id, body }: { id: number; body: PaymentBody }) => api.post(`/billing/${id}/post`, body), SALES);

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
