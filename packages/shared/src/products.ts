import { z } from 'zod';
import { optionalRefId, priceSchema, queryId, refId } from './stores.js';
import { V, optionalText, pageQuery, requiredText } from './validation.js';

/** Product types and products of a store group: request schemas shared by the server and the web forms. */

export const productTypeBody = z.object({
  groupId: optionalRefId,
  name: requiredText(50),
  sortOrder: z.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(9999, { error: V.max }).default(0),
});
export type ProductTypeBody = z.infer<typeof productTypeBody>;
export const productTypeUpdateBody = productTypeBody.extend({ id: refId });
export const productTypeQuery = pageQuery.extend({ groupId: queryId.optional(), id: queryId.optional() });

export const productBody = z.object({
  groupId: optionalRefId,
  typeId: refId,
  name: requiredText(100),
  code: optionalText(30),
  unit: requiredText(10),
  price: priceSchema,
  active: z.boolean().default(true),
});
export type ProductBody = z.infer<typeof productBody>;
export const productUpdateBody = productBody.extend({ id: refId });
export const productQuery = pageQuery.extend({
  groupId: queryId.optional(),
  typeId: queryId.optional(),
  active: z.enum(['true', 'false']).optional(),
});
