import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../platform/config.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { openSecret, type SecretBoxConfig } from '../../platform/secret-box.js';
import { groupScope, storeScope } from '../../platform/tenancy.js';
import { createLineClient, type LineClient, type LineClientOptions } from './line-client.js';
import { lineChannels, lineContacts, lineRooms } from './line.schema.js';

/** Config the LINE services need: the secret box's key and LINE's base URL. */
export type LineConfig = SecretBoxConfig & Pick<Config, 'lineApiUrl'>;
export type ChannelRow = typeof lineChannels.$inferSelect;
export type RoomRow = typeof lineRooms.$inferSelect;

/** Purposes the channel's credentials are sealed under (secret-box.ts associated data). */
export const SEAL = { secret: 'line.channel.secret', token: 'line.channel.token' } as const;

/**
 * The rows of the LINE tables a user sees: their group's, and of those tied to a store only the
 * stores they may touch (a row of the whole group is everyone's in it).
 */
export function visibleTo(ctx: Ctx, groupColumn: AnyPgColumn, storeColumn: AnyPgColumn): SQL | undefined {
  const store = storeScope(ctx, storeColumn);
  return and(groupScope(ctx, groupColumn), store ? or(isNull(storeColumn), store) : undefined);
}

/** A chat room the user may see, or 404. */
export async function roomOf(db: Executor, ctx: Ctx, id: number): Promise<RoomRow> {
  const [room] = await db
    .select()
    .from(lineRooms)
    .where(and(eq(lineRooms.id, id), visibleTo(ctx, lineRooms.groupId, lineRooms.storeId)));
  if (!room) throw notFound();
  return room;
}

export async function contactOf(db: Executor, ctx: Ctx, id: number): Promise<typeof lineContacts.$inferSelect> {
  const [row] = await db
    .select()
    .from(lineContacts)
    .where(and(eq(lineContacts.id, id), visibleTo(ctx, lineContacts.groupId, lineContacts.storeId)));
  if (!row) throw notFound();
  return row;
}

/** Extra adapter options (tests shorten the push backoff). */
export const clientTuning: Partial<Pick<LineClientOptions, 'backoffMs' | 'pushAttempts'>> = {};

/** The adapter for a channel, with its access token opened from the secret box. */
export async function clientOf(db: Executor, config: LineConfig, channel: ChannelRow): Promise<LineClient> {
  if (channel.tokenEnc === '') throw conflict('line.error.noChannel');
  const accessToken = await openSecret(db, config, channel.tokenEnc, SEAL.token);
  return createLineClient({ baseURL: config.lineApiUrl, accessToken, ...clientTuning });
}
