import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DeliveryPerson,
  DeliveryPersonCandidate,
  DeliveryRoute,
  DeliveryRouteRow,
  ProductInForce,
  RouteMap,
  StoreProduct,
  StoreProductRow,
  deliveryRouteBody,
  storeProductBody,
} from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites, useWrite } from '../../components/mutations';
import { usePagedQuery } from '../../components/paged-query';
import { salesKeys } from '../customers/hooks';

/** Query keys of the catalogue module (/store-products…, /delivery-routes…, /delivery-persons…). */
export const catalogueKeys = {
  all: [...salesKeys.all, 'catalogue'] as const,
  storeProducts: (q: Record<string, QueryValue>) => [...catalogueKeys.all, 'store-products', q] as const,
  inForce: (q: Record<string, QueryValue>) => [...catalogueKeys.all, 'in-force', q] as const,
  routes: (q: Record<string, QueryValue>) => [...catalogueKeys.all, 'routes', q] as const,
  routeMap: (storeId: number | undefined) => [...catalogueKeys.all, 'route-map', storeId] as const,
  deliveryPersons: (storeId: number | undefined) => [...catalogueKeys.all, 'delivery-persons', storeId] as const,
  candidates: (storeId: number | undefined) => [...catalogueKeys.all, 'candidates', storeId] as const,
};

const SALES = [salesKeys.all];

/* store products */

export const useStoreProducts = (filters: Record<string, QueryValue>) =>
  usePagedQuery<StoreProductRow>(catalogueKeys.storeProducts, '/store-products', filters);

/** The products of a store whose price is in force on `date`. */
export function useProductsInForce(storeId: number | undefined, date: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: catalogueKeys.inForce({ storeId, date }),
    queryFn: ({ signal }) => api.get<ProductInForce[]>('/store-products/in-force', { signal, query: { storeId, date } }),
    enabled: enabled && !!storeId && !!date,
  });
}

const productWrites = resourceWrites<z.input<typeof storeProductBody>, StoreProduct>('/store-products', SALES);
/** Adds (no id) or changes (with the row's id). */
export const useSaveStoreProduct = productWrites.useSave;
export const useDeleteStoreProduct = productWrites.useDelete;

/* delivery routes */

export const useDeliveryRoutes = (filters: Record<string, QueryValue>) =>
  usePagedQuery<DeliveryRouteRow>(catalogueKeys.routes, '/delivery-routes', filters);

export function useRouteMap(storeId: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.routeMap(storeId),
    queryFn: ({ signal }) => api.get<RouteMap>('/delivery-routes/map', { signal, query: { storeId } }),
  });
}

const routeWrites = resourceWrites<z.input<typeof deliveryRouteBody>, DeliveryRoute>('/delivery-routes', SALES);
/** Adds (no id) or changes (with the row's id). */
export const useSaveDeliveryRoute = routeWrites.useSave;
export const useDeleteDeliveryRoute = routeWrites.useDelete;

/* delivery persons */

/** Who delivers for a store (only they can be dispatched). */
export function useDeliveryPersons(storeId: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.deliveryPersons(storeId),
    queryFn: ({ signal }) => api.get<DeliveryPerson[]>('/delivery-persons', { signal, query: { storeId } }),
    enabled: !!storeId,
  });
}

/** The group's accounts, ticked when they deliver for the store. */
export function useDeliveryPersonCandidates(storeId: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.candidates(storeId),
    queryFn: ({ signal }) => api.get<DeliveryPersonCandidate[]>('/delivery-persons/candidates', { signal, query: { storeId } }),
    enabled: !!storeId,
  });
}

export const useSetDeliveryPersons = () =>
  useWrite((body: { storeId: number | undefined; userIds: number[] }) => api.put<DeliveryPerson[]>('/delivery-persons', body), SALES);
