import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deliveryRouteBody, storeProductBody } from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { resourceWrites, useWrite } from '../../components/mutations';
import { usePagedQuery } from '../../components/paged-query';
import { salesKeys } from '../customers/hooks';

// Response types: to be replaced by z.infer of the shared contracts

export type StoreProductRow = {
  id: number;
  storeId: number;
  storeName: string;
  name: string;
  salePrice: number;
  categoryId: number | null;
  categoryName: string | null;
  startDate: string;
  endDate: string | null;
};

/** A product whose price is in force on a day (what an order offers). */
export type ProductInForce = { id: number; name: string; salePrice: number };

export type RouteRow = {
  id: number;
  storeId: number;
  storeName: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  distanceM: number;
  durationMin: number;
  amountPerDispatch: number;
  remarks: string | null;
};

/** The route map: stores, their routes and the distance rings. */
export type MapData = {
  stores: { id: number; name: string; address: string | null; latitude: number | null; longitude: number | null }[];
  routes: Omit<RouteRow, 'storeName' | 'remarks'>[];
  rings: { color: 'blue' | 'yellow' | 'red'; km: number }[];
};

/** A delivery person of a store (pickers). */
export type DeliveryPerson = { userId: number; name: string; account: string };

/** An account of the group that may be ticked as a store's delivery person. */
export type DeliveryPersonCandidate = { userId: number; account: string; name: string; worksHere: boolean; selected: boolean };

// End of the response types.

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

const productWrites = resourceWrites<z.input<typeof storeProductBody>>('/store-products', SALES);
/** Adds (no id) or changes (with the row's id). */
export const useSaveStoreProduct = productWrites.useSave;
export const useDeleteStoreProduct = productWrites.useDelete;

/* delivery routes */

export const useDeliveryRoutes = (filters: Record<string, QueryValue>) =>
  usePagedQuery<RouteRow>(catalogueKeys.routes, '/delivery-routes', filters);

export function useRouteMap(storeId: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.routeMap(storeId),
    queryFn: ({ signal }) => api.get<MapData>('/delivery-routes/map', { signal, query: { storeId } }),
  });
}

const routeWrites = resourceWrites<z.input<typeof deliveryRouteBody>>('/delivery-routes', SALES);
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
  useWrite((body: { storeId: number | undefined; userIds: number[] }) => api.put('/delivery-persons', body), SALES);
