import { z } from 'zod';
import { int, isoDate, timestamp } from './answers.js';
import { paged } from '../validation.js';

// Response contracts of the catalogue module's routes (docs/CONVENTIONS.md "Contracts").
// Timestamps travel as ISO 8601 strings (the services convert them), dates as 'YYYY-MM-DD'.

/** A saved store product (the answer to a create or an edit): a sale price valid from start to end date. */
export const storeProductSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  name: z.string(),
  salePrice: int,
  categoryId: int.nullable(),
  startDate: isoDate,
  /** Inclusive; null: open-ended. */
  endDate: isoDate.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type StoreProduct = z.infer<typeof storeProductSchema>;

/** A store product in the list, with its store and category names. */
export const storeProductRowSchema = storeProductSchema
  .omit({ groupId: true, createdAt: true })
  .extend({ storeName: z.string(), categoryName: z.string().nullable() });
export type StoreProductRow = z.infer<typeof storeProductRowSchema>;
export const storeProductPage = paged(storeProductRowSchema);

/** A product whose price is in force on a day (what an order offers). */
export const productInForceSchema = z.object({ id: int, name: z.string(), salePrice: int, categoryId: int.nullable() });
export type ProductInForce = z.infer<typeof productInForceSchema>;

/** An account of the group that may be ticked as a store's delivery person. */
export const deliveryPersonCandidateSchema = z.object({
  userId: int,
  account: z.string(),
  name: z.string(),
  worksHere: z.boolean(),
  selected: z.boolean(),
});
export type DeliveryPersonCandidate = z.infer<typeof deliveryPersonCandidateSchema>;

/** A delivery person of a store (dispatch pickers). */
export const deliveryPersonSchema = z.object({ userId: int, account: z.string(), name: z.string() });
export type DeliveryPerson = z.infer<typeof deliveryPersonSchema>;

/** A saved delivery route (the answer to a create or an edit). */
export const deliveryRouteSchema = z.object({
  id: int,
  groupId: int,
  storeId: int,
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** One-way distance in metres. */
  distanceM: int,
  durationMin: int,
  amountPerDispatch: int,
  remarks: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type DeliveryRoute = z.infer<typeof deliveryRouteSchema>;

/** A delivery route in the list and on the map, with its store's name. */
export const deliveryRouteRowSchema = deliveryRouteSchema.omit({ groupId: true, createdAt: true }).extend({ storeName: z.string() });
export type DeliveryRouteRow = z.infer<typeof deliveryRouteRowSchema>;
export const deliveryRoutePage = paged(deliveryRouteRowSchema);

/** The route map: the stores, every route destination and the distance rings around the stores. */
export const routeMapSchema = z.object({
  stores: z.array(
    z.object({
      id: int,
      name: z.string(),
      address: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  ),
  routes: z.array(deliveryRouteRowSchema),
  rings: z.array(z.object({ color: z.enum(['blue', 'yellow', 'red']), km: z.number() })),
});
export type RouteMap = z.infer<typeof routeMapSchema>;
