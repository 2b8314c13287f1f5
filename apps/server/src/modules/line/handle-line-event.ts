import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { matchFaq, normalizeFaqText, type LineRoomKind } from '@gasops/shared';
import type { Db } from '../../platform/db.js';
import type { LineClient } from './line-client.js';
import { clientOf, type ChannelRow, type LineConfig, type RoomRow } from './line-access.js';
import { answerLinkText } from './link-in-chat.js';
import { deliverToRoom, storeOutgoing } from './send-to-room.js';
import { lineContacts, lineFaqs, lineMessages, lineRooms } from './line.schema.js';

type Source = { type?: string; userId?: string; groupId?: string; roomId?: string };
type LineEvent = {
  type?: string;
  timestamp?: number;
  source?: Source;
  replyToken?: string;
  message?: { id?: string; type?: string; text?: string };
};

/** A LINE event's room: the user for a 1:1 chat, else the group or multi-person room. */
function roomKeyOf(source: Source | undefined): { kind: LineRoomKind; lineId: string } | null {
  if (source?.type === 'user' && source.userId) return { kind: 'user', lineId: source.userId };
  if (source?.type === 'group' && source.groupId) return { kind: 'group', lineId: source.groupId };
  if (source?.type === 'room' && source.roomId) return { kind: 'room', lineId: source.roomId };
  return null;
}

/** A user's display name and language, or a group's name, from LINE (a multi-person room has none); nulls when LINE has none. */
async function namesOf(
  client: LineClient,
  key: { kind: LineRoomKind; lineId: string },
): Promise<{ name: string | null; language: string | null }> {
  try {
    if (key.kind === 'user') {
      const profile = await client.profile(key.lineId);
      return { name: profile?.displayName ?? null, language: profile?.language ?? null };
    }
    if (key.kind === 'group') return { name: (await client.groupSummary(key.lineId))?.groupName ?? null, language: null };
  } catch {
    // The name is a nicety: the room is kept without it.
  }
  return { name: null, language: null };
}

/** The room of an event, created on first sight; `refresh` (follow/join) re-reads its name and language and marks it active. */
async function roomFor(
  db: Db,
  client: LineClient,
  channel: ChannelRow,
  key: { kind: LineRoomKind; lineId: string },
  refresh: boolean,
): Promise<RoomRow> {
  const [existing] = await db
    .select()
    .from(lineRooms)
    .where(and(eq(lineRooms.channelId, channel.id), eq(lineRooms.lineId, key.lineId)));
  if (existing && !refresh) return existing;
  const { name, language } = await namesOf(client, key);
  const [row] = await db
    .insert(lineRooms)
    .values({
      groupId: channel.groupId,
      channelId: channel.id,
      storeId: channel.storeId,
      lineId: key.lineId,
      kind: key.kind,
      name,
      language,
    })
    .onConflictDoUpdate({
      target: [lineRooms.channelId, lineRooms.lineId],
      set: {
        active: true,
        name: sql`coalesce(${name}, ${lineRooms.name})`,
        language: sql`coalesce(${language}, ${lineRooms.language})`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

/**
 * Handles one stored webhook event (after the webhook answered): follow / join keep the room list
 * current (name from LINE), unfollow / leave mark the room inactive, a message is stored in the room's
 * conversation; a text that matches a maintained FAQ is answered with the event's reply token (unless
 * staff handle the room), and a question nothing answers becomes a contact record and a pending FAQ.
 * Before the FAQs, a link code or a linked customer's "order" is answered (link-in-chat.ts).
 * Writes here have no user: the stored event (line_events) is their record.
 */
export async function handleLineEvent(db: Db, config: LineConfig, channel: ChannelRow, payload: Record<string, unknown>): Promise<void> {
  const ev = payload as LineEvent;
  const key = roomKeyOf(ev.source);
  if (!key) return;
  const client = await clientOf(db, config, channel);
  switch (ev.type) {
    case 'follow':
    case 'join':
      await roomFor(db, client, channel, key, true);
      return;
    case 'unfollow':
    case 'leave':
      await db
        .update(lineRooms)
        .set({ active: false, updatedAt: new Date() })
        .where(and(eq(lineRooms.channelId, channel.id), eq(lineRooms.lineId, key.lineId)));
      return;
    case 'message':
      await onMessage(db, config, client, channel, key, ev);
      return;
    default:
      // postback, memberJoined… are stored (line_events) and not handled yet.
      return;
  }
}

async function onMessage(
  db: Db,
  config: LineConfig,
  client: LineClient,
  channel: ChannelRow,
  key: { kind: LineRoomKind; lineId: string },
  ev: LineEvent,
) {
  const room = await roomFor(db, client, channel, key, false);
  const at = typeof ev.timestamp === 'number' ? new Date(ev.timestamp) : new Date();
  const text = ev.message?.type === 'text' ? (ev.message.text ?? '') : null;
  const [msg] = await db
    .insert(lineMessages)
    .values({
      groupId: room.groupId,
      roomId: room.id,
      direction: 'in',
      lineUserId: ev.source?.userId ?? null,
      lineMessageId: ev.message?.id ?? null,
      messageType: ev.message?.type ?? 'unknown',
      text,
      replyToken: ev.replyToken ?? null,
      replyTokenAt: ev.replyToken ? at : null,
      createdAt: at,
    })
    .returning();
  await db.update(lineRooms).set({ lastMessageAt: at, active: true }).where(eq(lineRooms.id, room.id));
  if (text === null || text.trim() === '') return;
  // A link code or a linked customer's "order" is answered even while staff handle the room.
  if (await answerLinkText(db, config, client, channel, room, text, msg!.id)) return;
  if (room.staffHandling) return;

  const faqs = await db
    .select()
    .from(lineFaqs)
    .where(
      and(eq(lineFaqs.groupId, room.groupId), eq(lineFaqs.status, 'maintained'), or(isNull(lineFaqs.roomId), eq(lineFaqs.roomId, room.id))),
    );
  const faq = matchFaq(faqs, text, room.id);
  if (faq) {
    const sent = await deliverToRoom(db, client, room, faq.reply);
    await storeOutgoing(db, room, faq.reply, sent, { faqId: faq.id });
    return;
  }
  await db.transaction(async (tx) => {
    await tx.insert(lineContacts).values({
      groupId: room.groupId,
      storeId: room.storeId,
      source: 'line',
      roomId: room.id,
      messageId: msg!.id,
      reporter: room.name ?? ev.source?.userId ?? room.lineId,
      reportedAt: at,
      content: text,
    });
    // One pending candidate per question text in the group.
    const keyword = text.trim().slice(0, 100);
    const same = await tx
      .select({ id: lineFaqs.id, keyword: lineFaqs.keyword })
      .from(lineFaqs)
      .where(and(eq(lineFaqs.groupId, room.groupId), eq(lineFaqs.status, 'pending')));
    if (!same.some((f) => normalizeFaqText(f.keyword) === normalizeFaqText(keyword)))
      await tx.insert(lineFaqs).values({ groupId: room.groupId, keyword, reply: '', matchMode: 'exact', status: 'pending' });
  });
}
