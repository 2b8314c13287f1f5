import { z } from 'zod';
import { ACTIONS, SCREENS } from '../menu.js';
import { idSchema } from '../validation.js';

/** The signed-in user as `GET /api/auth/me` and the login answer describe it. */
export const meSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  currency: z.string(),
  timeZone: z.string(),
  isPlatformAdmin: z.boolean(),
  role: z.object({ id: z.number().int(), name: z.string(), code: z.string() }).nullable(),
  menu: z.partialRecord(z.enum(SCREENS as [string, ...string[]]), z.array(z.enum(ACTIONS))),
  stores: z.array(z.object({ id: z.number().int(), name: z.string(), groupId: z.number().int() })),
  defaultStoreId: z.number().int().nullable(),
  place: z.enum(['admin', 'seeker']),
  /** Seed §9 constants the web app uses, from the group's system parameters. */
  settings: z.object({ errorNotificationMs: z.number(), successMessageMs: z.number(), requestTimeoutMs: z.number() }),
});
export type Me = z.infer<typeof meSchema>;

export const loginResponse = z.object({ token: z.string(), user: meSchema });
/** The answer to a password change: the message and the session's new token (other sessions end). */
export const passwordChangedAnswer = z.object({ detail: z.string(), token: z.string() });

export const defaultStoreSchema = z.object({ storeId: z.number().int().nullable(), name: z.string().nullable() });
export type DefaultStore = z.infer<typeof defaultStoreSchema>;
export const defaultStoreBody = z.object({ storeId: idSchema });
