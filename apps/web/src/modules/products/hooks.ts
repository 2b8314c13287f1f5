import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductRow, ProductTypeRow, productBody, productTypeBody } from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites } from '../../components/mutations';
import { usePagedQuery, type Paged } from '../../components/paged-query';
import { adminKeys } from '../stores/hooks';

/** Query keys of the products module (/prod…: the store group's product types and products). */
export const productKeys = {
  all: [...adminKeys.all, 'products'] as const,
  types: (q: Record<string, QueryValue>) => [...productKeys.all, 'types', q] as const,
  typeOptions: (groupId: number | null) => [...productKeys.all, 'type-options', groupId] as const,
  list: (q: Record<string, QueryValue>) => [...productKeys.all, 'list', q] as const,
};

const ADMIN = [adminKeys.all];
const FORM_ANSWERS = { silent: [400, 409], idIn: 'body' } as const;

export const useProductTypes = (filters: Record<string, QueryValue>) =>
  usePagedQuery<ProductTypeRow>(productKeys.types, '/prod/type', filters);

/** The product types of a group, for pickers. */
export function useProductTypeOptions(groupId: number | null) {
  return useQuery({
    queryKey: productKeys.typeOptions(groupId),
    queryFn: ({ signal }) =>
      api.get<Paged<ProductTypeRow>>('/prod/type', { signal, query: { groupId: groupId ?? undefined, pageSize: 500 } }),
    select: (d) => d.items,
  });
}

type WithGroup<B> = B & { groupId: number | null };

const typeWrites = resourceWrites<WithGroup<z.input<typeof productTypeBody>>>('/prod/type', ADMIN, FORM_ANSWERS);
/** Adds (no id) or changes (with the row's id). */
export const useSaveProductType = typeWrites.useSave;
export const useDeleteProductType = typeWrites.useDelete;

export const useProducts = (filters: Record<string, QueryValue>) => usePagedQuery<ProductRow>(productKeys.list, '/prod', filters);

const productWrites = resourceWrites<WithGroup<z.input<typeof productBody>>>('/prod', ADMIN, FORM_ANSWERS);
/** Adds (no id) or changes (with the row's id). */
export const useSaveProduct = productWrites.useSave;
export const useDeleteProduct = productWrites.useDelete;
