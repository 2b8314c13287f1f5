import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomerBody, CustomerTypeKey, ImportField, PriceChangeBody, categoryBody } from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites, useWrite } from '../../components/mutations';
import { usePagedQuery } from '../../components/paged-query';

// Response types: to be replaced by z.infer of the shared contracts

export type CustomerRow = {
  id: number;
  storeId: number;
  storeName: string;
  type: CustomerTypeKey;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  unifiedNumber: string | null;
  remark1: string | null;
  remark2: string | null;
  phone: string | null;
  categoryId: number | null;
  categoryName: string | null;
  inArrears: boolean;
  gasPrice: number | null;
  effectiveGasPrice: number;
  meterNumber: string | null;
  meterReading: number | null;
  meterReadDate: string | null;
  meterUnitPrice: number | null;
};

/** A customer in the customer pickers. */
export type CustomerOption = { id: number; name: string; phone: string | null; address: string | null; type: string; storeId: number };

export type CategoryRow = { id: number; kind: 'customer' | 'product'; name: string };

/** An order on the customer's detail screen. */
export type CustomerOrderRow = {
  id: number;
  orderNo: string;
  orderDate: string;
  status: string;
  totalAmount: number;
  gasWeightG: number;
  residualGasG: number;
  gasRefundAmount: number;
  deliveryAt: string | null;
  deliveryPersonName: string | null;
};

export type CustomerPaymentRow = {
  id: number;
  postingDate: string;
  invoiceNumber: string | null;
  cashAmount: number;
  billAmount: number;
  paymentType: 'cash' | 'bill';
  billNumber: string | null;
  orderNo: string | null;
};

export type CustomerBillRow = {
  id: number;
  period: string;
  billingDate: string;
  mode: 'count' | 'meter';
  orderCount: number;
  amount: number;
  status: 'billed' | 'posted';
  previousReading: number | null;
  currentReading: number | null;
};

/** Cylinders a customer holds, per gas. */
export type CustomerCylinderRow = {
  gas: string;
  deposit: number;
  return: number;
  borrow: number;
  repay: number;
  depositBalance: number;
  borrowBalance: number;
};

/** What a batch price change would do: how many customers, and the first of them old → new. */
export type PriceChangePreview = {
  total: number;
  newPrice: number | null;
  sample: { id: number; name: string; oldPrice: number | null; oldEffectivePrice: number; storeName: string }[];
};

/** The check (dry run) or the result of an import: every row's problems, by field. */
export type ImportReport = {
  rows: { row: number; ok: boolean; errors: Record<string, string> }[];
  valid: number;
  invalid: number;
  imported: number;
};

// End of the response types.

/**
 * The sales data (customers and categories here, the catalogue, orders and billing in their modules)
 * answers questions about each other: a customer's orders and bills, the products an order offers.
 * Their keys share one root, and every write there refreshes all of it.
 */
export const salesKeys = { all: ['sales'] as const };

/** Query keys of the customers module (/customers…, /categories…). */
export const customerKeys = {
  all: [...salesKeys.all, 'customers'] as const,
  list: (q: Record<string, QueryValue>) => [...customerKeys.all, 'list', q] as const,
  options: (q: Record<string, QueryValue>) => [...customerKeys.all, 'options', q] as const,
  detail: (id: number | null) => [...customerKeys.all, 'detail', id] as const,
  orders: (id: number, q: Record<string, QueryValue>) => [...customerKeys.detail(id), 'orders', q] as const,
  recentOrders: (id: number) => [...customerKeys.detail(id), 'recent-orders'] as const,
  payments: (id: number, q: Record<string, QueryValue>) => [...customerKeys.detail(id), 'payments', q] as const,
  bills: (id: number) => [...customerKeys.detail(id), 'bills'] as const,
  cylinders: (id: number) => [...customerKeys.detail(id), 'cylinders'] as const,
  categories: (q: Record<string, QueryValue>) => [...customerKeys.all, 'categories', q] as const,
  categoryOptions: (kind: string) => [...customerKeys.all, 'category-options', kind] as const,
};

const SALES = [salesKeys.all];

/* customers */

export const useCustomers = (filters: Record<string, QueryValue>) => usePagedQuery<CustomerRow>(customerKeys.list, '/customers', filters);

export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => api.get<CustomerRow>(`/customers/${id}`, { signal }),
    enabled: !!id,
  });
}

/** Customers of a store matching a name, phone or address, for pickers. */
export function useCustomerOptions(q: { storeId?: number; keyword?: string }) {
  return useQuery({
    queryKey: customerKeys.options(q),
    queryFn: ({ signal }) => api.get<CustomerOption[]>('/customers/options', { signal, query: q }),
  });
}

const customerWrites = resourceWrites<CustomerBody>('/customers', SALES);
/** Adds (no id) or changes (with the row's id). */
export const useSaveCustomer = customerWrites.useSave;
export const useDeleteCustomer = customerWrites.useDelete;

export const useCustomerOrders = (id: number) =>
  usePagedQuery<CustomerOrderRow>((q) => customerKeys.orders(id, q), `/customers/${id}/orders`, {});

export function useRecentOrders(id: number) {
  return useQuery({
    queryKey: customerKeys.recentOrders(id),
    queryFn: ({ signal }) => api.get<CustomerOrderRow[]>(`/customers/${id}/recent-orders`, { signal }),
  });
}

export const useCustomerPayments = (id: number) =>
  usePagedQuery<CustomerPaymentRow>((q) => customerKeys.payments(id, q), `/customers/${id}/payments`, {});

export function useCustomerBills(id: number) {
  return useQuery({
    queryKey: customerKeys.bills(id),
    queryFn: ({ signal }) => api.get<CustomerBillRow[]>(`/customers/${id}/bills`, { signal }),
  });
}

export function useCustomerCylinders(id: number) {
  return useQuery({
    queryKey: customerKeys.cylinders(id),
    queryFn: ({ signal }) => api.get<CustomerCylinderRow[]>(`/customers/${id}/cylinders`, { signal }),
  });
}

/** What a batch price change would do (a question: nothing changes, nothing to refresh). */
export function usePriceChangePreview() {
  return useMutation({ mutationFn: (body: PriceChangeBody) => api.post<PriceChangePreview>('/customers/price-change/preview', body) });
}

export const useChangePrices = () =>
  useWrite((body: PriceChangeBody) => api.post<{ changed: number }>('/customers/price-change', body), SALES);

type ImportBody = {
  storeId: number | undefined;
  rows: Partial<Record<ImportField, string | null>>[];
  mode: 'all' | 'valid';
  dryRun: boolean;
};

/** Checks (`dryRun`) or imports customers; only an import that added customers refreshes the lists. */
export function useImportCustomers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => api.post<ImportReport>('/customers/import', body),
    onSuccess: (report, body) => {
      if (!body.dryRun && report.imported > 0) void qc.invalidateQueries({ queryKey: salesKeys.all });
    },
  });
}

/* categories */

export const useCategories = (filters: Record<string, QueryValue>) =>
  usePagedQuery<CategoryRow>(customerKeys.categories, '/categories', filters);

/** The customer or product categories of the group, for pickers. */
export function useCategoryOptions(kind: 'customer' | 'product') {
  return useQuery({
    queryKey: customerKeys.categoryOptions(kind),
    queryFn: ({ signal }) => api.get<{ id: number; name: string }[]>('/categories/options', { signal, query: { kind } }),
  });
}

const categoryWrites = resourceWrites<z.input<typeof categoryBody>>('/categories', SALES);
/** Adds (no id) or changes (with the row's id). */
export const useSaveCategory = categoryWrites.useSave;
export const useDeleteCategory = categoryWrites.useDelete;
