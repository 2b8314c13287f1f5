import { and, eq, isNull, sql } from 'drizzle-orm';
import { lineLocaleOf, translate, type LineNoticeKind, type Locale } from '@gasops/shared';
import type { Db } from '../../platform/db.js';
import { rowsOfResult } from '../../platform/db.js';
import { LineApiError, newRetryKey, type LineClient } from './line-client.js';
import { clientOf, type ChannelRow, type LineConfig } from './line-access.js';
import { orderLinkLine } from './link-in-chat.js';
import { storeOutgoing } from './send-to-room.js';
import { lineChannels, lineNotices, lineRooms } from './line.schema.js';

/**
 * Notices to linked customers (order dispatched / delivered, smart-scale low gas), decoupled from the
 * orders and IoT modules, which know nothing of LINE: this job reads what happened — the orders' action
 * log rows ('dispatch', 'delivered') and the IoT module's alert episodes (iot_alerts, kind lowGas) —
 * and writes one pending notice per (customer, kind, order or alert) with its push retry key
 * (UNIQUE, ON CONFLICT DO NOTHING), then pushes the pending ones. A crash after LINE accepted a push
 * re-sends with the same key, which LINE answers 409 (counted as sent): none lost, none sent twice.
 * Only what happened after the link and within NOTICE_WINDOW_HOURS is told (no flood after a stop).
 */
export const NOTICE_WINDOW_HOURS = 48;
/** A notice LINE keeps refusing with a retryable status is given up after this many job runs. */
export const NOTICE_MAX_ATTEMPTS = 5;

type Candidate = {
  group_id: number;
  customer_id: number;
  room_id: number;
  link_id: number;
  channel_id: number;
  kind: LineNoticeKind;
  source_id: number;
  order_no: string | null;
  delivery_at: string | Date | null;
  percent: number | null;
  time_zone: string;
  language: string | null;
};

/** A notice's text, in the customer's LINE profile language (shared lineLocaleOf). */
const say = (locale: Locale, key: string, params?: Record<string, unknown>) => translate(locale, `line.notify.${key}`, params);

function formatTime(at: string | Date | null, timeZone: string, locale: Locale): string {
  if (!at) return '—';
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}

/** What happened to linked customers (switch on, room following, channel in service) and was not noticed yet. */
async function candidates(db: Db): Promise<Candidate[]> {
  const res = await db.execute(sql`
    with links as (
      select l.id as link_id, l.group_id, l.customer_id, l.room_id, l.notify_orders, l.notify_low_gas, c.id as channel_id,
             greatest(l.linked_at, now() - make_interval(hours => ${NOTICE_WINDOW_HOURS})) as since, g.time_zone, r.language
        from line_customer_links l
        join line_rooms r on r.id = l.room_id and r.active
        join line_channels c on c.id = r.channel_id and c.ended_at is null and c.token_enc <> ''
        join store_groups g on g.id = l.group_id
    )
    select k.group_id, k.customer_id, k.room_id, k.link_id, k.channel_id, k.time_zone, k.language,
           case a.action when 'dispatch' then 'orderDispatched' else 'orderDelivered' end as kind,
           o.id as source_id, o.order_no, o.delivery_at, null::int as percent
      from links k
      join orders o on o.customer_id = k.customer_id
      join action_log a on a.entity = 'orders' and a.entity_id = o.id::text and a.action in ('dispatch', 'delivered') and a.at >= k.since
     where k.notify_orders
       and not exists (select 1 from line_notices n where n.customer_id = k.customer_id and n.source_id = o.id
                         and n.kind = case a.action when 'dispatch' then 'orderDispatched' else 'orderDelivered' end)
    union all
    select k.group_id, k.customer_id, k.room_id, k.link_id, k.channel_id, k.time_zone, k.language, 'lowGas', a.id, null, null, a.value
      from links k
      join iot_alerts a on a.customer_id = k.customer_id and a.kind = 'lowGas' and a.opened_at >= k.since
     where k.notify_low_gas
       and not exists (select 1 from line_notices n where n.customer_id = k.customer_id and n.kind = 'lowGas' and n.source_id = a.id)
  `);
  return rowsOfResult<Candidate>(res);
}

/** Writes the pending notices (text and retry key fixed now); answers how many were new. */
export async function collectNotices(db: Db, config: LineConfig): Promise<number> {
  let added = 0;
  const channels = new Map<number, ChannelRow>();
  for (const c of await candidates(db)) {
    const locale = lineLocaleOf(c.language);
    let text: string;
    if (c.kind === 'lowGas') {
      let channel = channels.get(Number(c.channel_id));
      if (!channel) {
        [channel] = await db
          .select()
          .from(lineChannels)
          .where(eq(lineChannels.id, Number(c.channel_id)));
        channels.set(Number(c.channel_id), channel!);
      }
      const order = await orderLinkLine(db, config, channel!, Number(c.link_id), Number(c.customer_id), locale);
      text = [say(locale, 'lowGas', { percent: c.percent ?? '—' }), order].filter(Boolean).join('\n');
    } else if (c.kind === 'orderDispatched') {
      text = say(locale, 'orderDispatched', { orderNo: c.order_no, time: formatTime(c.delivery_at, c.time_zone, locale) });
    } else {
      text = say(locale, 'orderDelivered', { orderNo: c.order_no });
    }
    const inserted = await db
      .insert(lineNotices)
      .values({
        groupId: Number(c.group_id),
        customerId: Number(c.customer_id),
        kind: c.kind,
        sourceId: Number(c.source_id),
        roomId: Number(c.room_id),
        text,
        retryKey: newRetryKey(),
      })
      .onConflictDoNothing()
      .returning({ id: lineNotices.id });
    added += inserted.length;
  }
  return added;
}

const retryable = (err: unknown) => !(err instanceof LineApiError) || err.status === null || err.status === 429 || err.status >= 500;

/**
 * Pushes the pending notices with their stored retry keys (the adapter retries a 429 or 5xx with the
 * same key). Sent: marked sent and kept in the room's conversation. LINE refusing for good (4xx) or
 * NOTICE_MAX_ATTEMPTS runs failing: marked failed with the reason. Answers how many were sent.
 */
export async function sendPendingNotices(db: Db, config: LineConfig, limit = 200): Promise<number> {
  const pending = await db
    .select({ notice: lineNotices, room: lineRooms, channel: lineChannels })
    .from(lineNotices)
    .innerJoin(lineRooms, eq(lineRooms.id, lineNotices.roomId))
    .innerJoin(lineChannels, eq(lineChannels.id, lineRooms.channelId))
    // A channel whose service ended pushes nothing more.
    .where(and(eq(lineNotices.status, 'pending'), isNull(lineChannels.endedAt)))
    .orderBy(lineNotices.id)
    .limit(limit);
  const clients = new Map<number, LineClient>();
  let sent = 0;
  for (const { notice, room, channel } of pending) {
    let client = clients.get(channel.id);
    if (!client) {
      client = await clientOf(db, config, channel);
      clients.set(channel.id, client);
    }
    try {
      await client.push(room.lineId, [{ type: 'text', text: notice.text }], notice.retryKey);
    } catch (err) {
      const attempts = notice.attempts + 1;
      const failed = !retryable(err) || attempts >= NOTICE_MAX_ATTEMPTS;
      await db
        .update(lineNotices)
        .set({ attempts, status: failed ? 'failed' : 'pending', error: String((err as Error)?.message ?? err).slice(0, 500) })
        .where(eq(lineNotices.id, notice.id));
      continue;
    }
    // Another process may have pushed the same notice at once (same retry key: LINE sent it once); the
    // one that marks it sent keeps it in the conversation.
    const marked = await db.transaction(async (tx) => {
      const now = new Date();
      const [row] = await tx
        .update(lineNotices)
        .set({ status: 'sent', sentAt: now, attempts: notice.attempts + 1, error: null })
        .where(and(eq(lineNotices.id, notice.id), eq(lineNotices.status, 'pending')))
        .returning({ id: lineNotices.id });
      if (row) await storeOutgoing(tx, room, notice.text, { sentVia: 'push', retryKey: notice.retryKey, replyToMessageId: null }, {});
      return !!row;
    });
    if (marked) sent++;
  }
  return sent;
}
