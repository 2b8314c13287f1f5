import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { replyTokenFresh, type LineSendMode } from '@gasops/shared';
import type { Executor } from '../../platform/db.js';
import { AppError, conflict } from '../../platform/errors.js';
import { LineApiError, newRetryKey, type LineClient } from './line-client.js';
import { clientOf, type ChannelRow, type LineConfig, type RoomRow } from './line-access.js';
import { lineChannels, lineMessages, lineRooms } from './line.schema.js';

export type Sent = { sentVia: LineSendMode; retryKey: string | null; replyToMessageId: number | null };

/**
 * Sends a text to a room: with the reply token of the room's newest unanswered incoming message while it
 * is fresh (free of quota; REPLY_TOKEN_FRESH_SECONDS), else — or when LINE refuses the token — a push
 * with a new `X-Line-Retry-Key` (the adapter retries a 429 with the same key). Does not store the message.
 */
export async function deliverToRoom(db: Executor, client: LineClient, room: RoomRow, text: string, now: Date = new Date()): Promise<Sent> {
  const [incoming] = await db
    .select({ id: lineMessages.id, token: lineMessages.replyToken, at: lineMessages.replyTokenAt })
    .from(lineMessages)
    .where(
      and(
        eq(lineMessages.roomId, room.id),
        eq(lineMessages.direction, 'in'),
        isNotNull(lineMessages.replyToken),
        isNull(lineMessages.replyTokenUsedAt),
      ),
    )
    .orderBy(desc(lineMessages.id))
    .limit(1);
  const messages = [{ type: 'text' as const, text }];
  if (incoming?.token && incoming.at && replyTokenFresh(incoming.at, now)) {
    // Used or not, a token is tried once.
    await db.update(lineMessages).set({ replyTokenUsedAt: now }).where(eq(lineMessages.id, incoming.id));
    try {
      await client.reply(incoming.token, messages);
      return { sentVia: 'reply', retryKey: null, replyToMessageId: incoming.id };
    } catch (err) {
      // 400: the token expired or was used meanwhile; push instead.
      if (!(err instanceof LineApiError) || err.status !== 400) throw sendFailed(err);
    }
  }
  const retryKey = newRetryKey();
  try {
    await client.push(room.lineId, messages, retryKey);
  } catch (err) {
    throw sendFailed(err);
  }
  return { sentVia: 'push', retryKey, replyToMessageId: null };
}

const sendFailed = (err: unknown) =>
  err instanceof LineApiError ? new AppError(502, 'line.error.sendFailed', { status: err.status ?? '—' }) : (err as Error);

/** A staff member's text (or a contact reply) to a room: checks the room can receive, sends; the caller stores it. */
export async function deliverStaffText(db: Executor, config: LineConfig, room: RoomRow, text: string): Promise<Sent> {
  if (!room.active) throw conflict('line.error.roomInactive');
  const [channel] = await db.select().from(lineChannels).where(eq(lineChannels.id, room.channelId));
  return deliverToRoom(db, await clientOf(db, config, channel as ChannelRow), room, text);
}

export async function storeOutgoing(
  db: Executor,
  room: RoomRow,
  text: string,
  sent: Sent,
  by: { sentBy?: number; faqId?: number },
): Promise<typeof lineMessages.$inferSelect> {
  const now = new Date();
  const [msg] = await db
    .insert(lineMessages)
    .values({
      groupId: room.groupId,
      roomId: room.id,
      direction: 'out',
      messageType: 'text',
      text,
      sentVia: sent.sentVia,
      retryKey: sent.retryKey,
      sentBy: by.sentBy ?? null,
      faqId: by.faqId ?? null,
      createdAt: now,
    })
    .returning();
  await db.update(lineRooms).set({ lastMessageAt: now }).where(eq(lineRooms.id, room.id));
  return msg!;
}
