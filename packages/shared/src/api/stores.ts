import { z } from 'zod';
import { timestamp } from './answers.js';
import { paged } from '../validation.js';

/** Answers of the store administration API: store groups, group staff, stores, store users, back-office users. */

/* ----------------------------------------------------------- store groups */

export const groupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  responsiblePerson: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  unifiedNumber: z.string().nullable(),
  issuesInvoice: z.boolean(),
  currency: z.string(),
  timeZone: z.string(),
  storeCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: timestamp,
});
export type GroupRow = z.infer<typeof groupRow>;
export const groupPage = paged(groupRow);
/** GET /store/group answers one group when asked by id, else a page of them. */
export const groupOrPage = z.union([groupRow, groupPage]);

export const groupUserRow = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roleName: z.string().nullable(),
  active: z.boolean(),
  /** Group-level staff: works in every store of the group. */
  allStores: z.boolean(),
});
export type GroupUserRow = z.infer<typeof groupUserRow>;
export const groupUserPage = paged(groupUserRow);
/** The answer to PUT /store/groupuser: the group-level staff afterwards (ascending ids). */
export const groupUserIds = z.object({ userIds: z.array(z.number().int()) });

/* ----------------------------------------------------------------- stores */

export const storeRow = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  currency: z.string(),
  name: z.string(),
  responsiblePerson: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  unifiedNumber: z.string().nullable(),
  customerGasPrice: z.number().int(),
  storeGasPrice: z.number().int(),
  issuesInvoice: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  userCount: z.number().int(),
  createdAt: timestamp,
});
export type StoreRow = z.infer<typeof storeRow>;
export const storePage = paged(storeRow);

export const storeUserRow = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roleName: z.string().nullable(),
  active: z.boolean(),
  /** Assigned explicitly (user_stores) or through being group-level staff. */
  via: z.enum(['store', 'group']),
});
export type StoreUserRow = z.infer<typeof storeUserRow>;
export const storeUserList = z.array(storeUserRow);

export const backgroundUserRow = z.object({ id: z.number().int(), account: z.string(), name: z.string(), roleName: z.string().nullable() });
export type BackgroundUserRow = z.infer<typeof backgroundUserRow>;
export const backgroundUserList = z.array(backgroundUserRow);
