import { z } from 'zod';
import { timestamp } from './answers.js';
import { paged } from '../validation.js';

/** Answers of the products API: product types and products (prices in the group currency's minor units). */

export const productTypeRow = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  productCount: z.number().int(),
  updatedAt: timestamp,
});
export type ProductTypeRow = z.infer<typeof productTypeRow>;
export const productTypePage = paged(productTypeRow);

export const productRow = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  currency: z.string(),
  typeId: z.number().int(),
  typeName: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  unit: z.string(),
  price: z.number().int(),
  active: z.boolean(),
  updatedAt: timestamp,
});
export type ProductRow = z.infer<typeof productRow>;
export const productPage = paged(productRow);
