import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Expense,
  ExpenseItem,
  ExpensePage,
  Overview,
  expenseBody,
  expenseItemBody,
  expenseItemSaved,
  expenseSaved,
  financeDone,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites } from '../../components/mutations';
import { usePagedQuery, type Paged } from '../../components/paged-query';

/** Query keys of the finance module (/finance/…: expense items, expenses, the financial overview). */
export const financeKeys = {
  all: ['finance'] as const,
  expenses: (q: Record<string, QueryValue>) => [...financeKeys.all, 'expenses', q] as const,
  items: (q: Record<string, QueryValue>) => [...financeKeys.all, 'items', q] as const,
  itemOptions: (storeId: number | undefined) => [...financeKeys.all, 'item-options', storeId] as const,
  overview: (q: Record<string, QueryValue>) => [...financeKeys.all, 'overview', q] as const,
};

/** The finance writes answer the saved row with the server's success text; a delete answers the text. */
type ExpenseSaved = z.infer<typeof expenseSaved>;
type ExpenseItemSaved = z.infer<typeof expenseItemSaved>;
type Done = z.infer<typeof financeDone>;
const FINANCE = [financeKeys.all];
const FORM_ANSWERS = { silent: [400] } as const;

/** Expenses with the total amount of every expense the filters match. */
export const useExpenses = (filters: Record<string, QueryValue>) =>
  usePagedQuery<Expense, ExpensePage>(financeKeys.expenses, '/finance/expenses', filters);

const expenseWrites = resourceWrites<z.input<typeof expenseBody>, ExpenseSaved, Done>('/finance/expenses', FINANCE, FORM_ANSWERS);
/** Adds (no id) or changes (with the row's id). */
export const useSaveExpense = expenseWrites.useSave;
export const useDeleteExpense = expenseWrites.useDelete;

/** The miscellaneous expense items (incidentals). */
export const useExpenseItems = (filters: Record<string, QueryValue>) =>
  usePagedQuery<ExpenseItem>(financeKeys.items, '/finance/expense-items', filters);

/** The expense items of a store, for the expense form. */
export function useExpenseItemOptions(storeId: number | undefined) {
  return useQuery({
    queryKey: financeKeys.itemOptions(storeId),
    queryFn: ({ signal }) => api.get<Paged<ExpenseItem>>('/finance/expense-items', { signal, query: { storeId, pageSize: 500 } }),
    enabled: storeId != null,
  });
}

const itemWrites = resourceWrites<z.input<typeof expenseItemBody>, ExpenseItemSaved, Done>('/finance/expense-items', FINANCE, FORM_ANSWERS);
/** Adds (no id) or changes (with the row's id). */
export const useSaveExpenseItem = itemWrites.useSave;
export const useDeleteExpenseItem = itemWrites.useDelete;

/** Income, sales, expenses and receivables of a period (both ends required). */
export function useOverview(filters: { storeId?: number; from?: string; to?: string }) {
  return useQuery({
    queryKey: financeKeys.overview(filters),
    queryFn: ({ signal }) => api.get<Overview>('/finance/overview', { signal, query: filters }),
    enabled: Boolean(filters.from && filters.to),
  });
}
