import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CategoryKind,
  CategoryOption,
  CategoryRow,
  Customer,
  CustomerBillRow,
  CustomerBody,
  CustomerCylinderRow,
  CustomerOption,
  CustomerOrderRow,
  CustomerPage,
  CustomerPaymentRow,
  CustomerRow,
  GasCreditPage,
  GasCreditRow,
  ImportBody,
  ImportReport,
  PriceChangeBody,
  PriceChangePreview,
  PriceChangeResult,
  categoryBody,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites, useWrite } from '../../components/mutations';
import { usePagedQuery } from '../../components/paged-query';

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
  gasCredit: (id: number, q: Record<string, QueryValue>) => [...customerKeys.detail(id), 'gas-credit', q] as const,
  categories: (q: Record<string, QueryValue>) => [...customerKeys.all, 'categories', q] as const,
  categoryOptions: (kind: string) => [...customerKeys.all, 'category-options', kind] as const,
};

const SALES = [salesKeys.all];

/* customers */

export const useCustomers = (filters: Record<string, QueryValue>) =>
  usePagedQuery<CustomerRow, CustomerPage>(customerKeys.list, '/customers', filters);

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
    queryFn: ({ signal }) => api.get<CustomerOption[]>('/customers/options', { signal, query: q, auxiliary: true }),
  });
}

const customerWrites = resourceWrites<CustomerBody, Customer>('/customers', SALES);
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

/** The customer's gas credit: its balance and ledger (paged). */
export const useGasCredit = (id: number) =>
  usePagedQuery<GasCreditRow, GasCreditPage>((q) => customerKeys.gasCredit(id, q), `/customers/${id}/gas-credit`, {});

/** What a batch price change would do (a question: nothing changes, nothing to refresh). */
export function usePriceChangePreview() {
  return useMutation({ mutationFn: (body: PriceChangeBody) => api.post<PriceChangePreview>('/customers/price-change/preview', body) });
}

export const useChangePrices = () =>
  useWrite((body: PriceChangeBody) => api.post<PriceChangeResult>('/customers/price-change', body), SALES);

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
export function useCategoryOptions(kind: CategoryKind) {
  return useQuery({
    queryKey: customerKeys.categoryOptions(kind),
    queryFn: ({ signal }) => api.get<CategoryOption[]>('/categories/options', { signal, query: { kind } }),
  });
}

const categoryWrites = resourceWrites<z.input<typeof categoryBody>, CategoryRow>('/categories', SALES);
/** Adds (no id) or changes (with the row's id). */
export const useSaveCategory = categoryWrites.useSave;
export const useDeleteCategory = categoryWrites.useDelete;
