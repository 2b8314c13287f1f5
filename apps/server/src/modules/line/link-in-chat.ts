import { and, countDistinct, eq, gt, isNull, or } from 'drizzle-orm';
import {
  asksForOrderLink,
  LINK_REQUESTS_PER_DAY,
  lineLocaleOf,
  ORDER_LINK_HOURS,
  parseLinkText,
  translate,
  type Locale,
} from '@gasops/shared';
import type { Db, Executor } from '../../platform/db.js';
import { actionLog } from '../../platform/platform.schema.js';
import { phoneIs } from '../customers/index.js';
import { customers } from '../customers/customers.schema.js';
import type { LineClient } from './line-client.js';
import type { ChannelRow, LineConfig, RoomRow } from './line-access.js';
import { orderLinkToken, orderLinkUrl } from './order-link.js';
import { deliverToRoom, storeOutgoing } from './send-to-room.js';
import { lineContacts, lineCustomerLinks, lineLinkCodes, lineLinkRequests } from './line.schema.js';

/** A text to a customer, in their LINE profile's language (shared lineLocaleOf; Traditional Chinese when unknown). */
const say = (locale: Locale, key: string, params?: Record<string, unknown>) => translate(locale, `line.${key}`, params);

/** "Order gas online: <link>" for a linked customer, or '' while the server's public address is unknown. */
export async function orderLinkLine(
  db: Executor,
  config: LineConfig,
  channel: ChannelRow,
  linkId: number,
  customerId: number,
  locale: Locale,
): Promise<string> {
  const url = orderLinkUrl(channel.publicOrigin, await orderLinkToken(db, config, linkId, customerId));
  return url ? say(locale, 'link.orderLink', { hours: ORDER_LINK_HOURS, url }) : '';
}

async function answer(db: Db, client: LineClient, room: RoomRow, text: string) {
  const sent = await deliverToRoom(db, client, room, text);
  await storeOutgoing(db, room, text, sent, {});
}

type Linked = { linkId: number; customerId: number; name: string };

/**
 * Uses a code in a 1:1 chat: the code must be the channel's group's, unused and unexpired. Taken under
 * the row's update (used once even when sent twice at once); the customer's and the LINE user's older
 * links are replaced; the link is recorded in the action log (no user: the customer did it).
 */
async function useCode(db: Db, channel: ChannelRow, room: RoomRow, code: string): Promise<Linked | 'expired' | 'unknown'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(lineLinkCodes)
      .where(and(eq(lineLinkCodes.code, code), eq(lineLinkCodes.groupId, channel.groupId)))
      .for('update');
    if (!row) return 'unknown';
    const now = new Date();
    if (row.usedAt || row.expiresAt <= now) return 'expired';
    await tx.update(lineLinkCodes).set({ usedAt: now }).where(eq(lineLinkCodes.id, row.id));
    await tx
      .update(lineLinkRequests)
      .set({ doneAt: now })
      .where(
        and(isNull(lineLinkRequests.doneAt), or(eq(lineLinkRequests.customerId, row.customerId), eq(lineLinkRequests.roomId, room.id))),
      );
    await tx.delete(lineCustomerLinks).where(or(eq(lineCustomerLinks.customerId, row.customerId), eq(lineCustomerLinks.roomId, room.id)));
    const [link] = await tx
      .insert(lineCustomerLinks)
      .values({ groupId: channel.groupId, customerId: row.customerId, roomId: room.id, linkedAt: now })
      .returning();
    const [customer] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, row.customerId));
    await tx.insert(actionLog).values({
      userId: null,
      account: null,
      groupId: channel.groupId,
      screen: null,
      action: 'lineLink',
      entity: 'line_customer_links',
      entityId: String(link!.id),
      after: { customerId: row.customerId, roomId: room.id, lineName: room.name, codeId: row.id },
      method: 'POST',
      path: '/api/line/webhook',
      ip: null,
    });
    return { linkId: link!.id, customerId: row.customerId, name: customer?.name ?? '' };
  });
}

/**
 * A link request by phone from a 1:1 chat ("link 0912-345-678"): each customer of the channel's group (of
 * its store, for a store's channel) with that phone gets an open request on their card, and staff see a
 * contact record; staff then call that phone and give the code, so only whoever answers it can link. The
 * chat is answered the same whether the phone is a customer's or not (it does not tell who is a
 * customer); a room may ask LINK_REQUESTS_PER_DAY times in 24 hours (each may make staff call someone).
 */
async function requestByPhone(db: Db, channel: ChannelRow, room: RoomRow, phone: string, text: string, messageId: number | null) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [asked] = await tx
      .select({ n: countDistinct(lineLinkRequests.requestedAt) })
      .from(lineLinkRequests)
      .where(and(eq(lineLinkRequests.roomId, room.id), gt(lineLinkRequests.requestedAt, new Date(now.getTime() - 86_400_000))));
    if ((asked?.n ?? 0) >= LINK_REQUESTS_PER_DAY) return 'tooMany' as const;
    const matches = await tx
      .select({ id: customers.id, storeId: customers.storeId })
      .from(customers)
      .where(
        and(
          eq(customers.groupId, channel.groupId),
          channel.storeId == null ? undefined : eq(customers.storeId, channel.storeId),
          phoneIs(phone),
        ),
      )
      .limit(10);
    const rows = matches.length ? matches.map((c) => ({ customerId: c.id })) : [{ customerId: null }];
    await tx
      .insert(lineLinkRequests)
      .values(rows.map((r) => ({ groupId: channel.groupId, roomId: room.id, phone, requestedAt: now, ...r })));
    const stores = new Set(matches.map((c) => c.storeId));
    await tx.insert(lineContacts).values({
      groupId: room.groupId,
      storeId: stores.size === 1 ? matches[0]!.storeId : room.storeId,
      source: 'line',
      roomId: room.id,
      messageId,
      reporter: room.name ?? room.lineId,
      reportedAt: now,
      content: text,
    });
    return 'asked' as const;
  });
}

/**
 * The linking part of a customer's text in a 1:1 chat, before FAQs: a link code (alone, or after a
 * link word) links the LINE user to the customer and answers a confirmation with an order link; a
 * wrong or used code is answered as such (only a bare 8-letter word that is no code at all is left to
 * the FAQs); a link word with a phone number asks the shop for a code (requestByPhone); a linked
 * customer asking for an order link gets one. True when the text was answered here.
 */
export async function answerLinkText(
  db: Db,
  config: LineConfig,
  client: LineClient,
  channel: ChannelRow,
  room: RoomRow,
  text: string,
  messageId: number | null,
): Promise<boolean> {
  if (room.kind !== 'user') return false;
  const locale = lineLocaleOf(room.language);
  const parsed = parseLinkText(text);
  if (parsed?.kind === 'phone') {
    const out = await requestByPhone(db, channel, room, parsed.phone, text, messageId);
    await answer(db, client, room, say(locale, out === 'asked' ? 'link.phoneAsked' : 'link.phoneTooMany'));
    return true;
  }
  if (parsed) {
    const out = await useCode(db, channel, room, parsed.code);
    if (out === 'unknown' && !parsed.explicit) return false;
    if (out === 'unknown') await answer(db, client, room, say(locale, 'link.wrongCode'));
    else if (out === 'expired') await answer(db, client, room, say(locale, 'link.expiredCode'));
    else {
      const order = await orderLinkLine(db, config, channel, out.linkId, out.customerId, locale);
      await answer(
        db,
        client,
        room,
        [say(locale, 'link.linked', { name: out.name }), order, say(locale, 'link.orderWord')].filter(Boolean).join('\n'),
      );
    }
    return true;
  }
  if (!asksForOrderLink(text)) return false;
  const [link] = await db.select().from(lineCustomerLinks).where(eq(lineCustomerLinks.roomId, room.id));
  if (!link) return false;
  const order = await orderLinkLine(db, config, channel, link.id, link.customerId, locale);
  if (!order) return false;
  await answer(db, client, room, order);
  return true;
}
