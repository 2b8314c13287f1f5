import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.js';
import { openSecret } from '../../platform/secret-box.js';
import { rememberChannel } from './channel-cache.js';
import { SEAL, type LineConfig } from './line-access.js';
import { lineSdk } from './line-client.js';
import { lineChannels, lineEvents } from './line.schema.js';

/** A stored event to handle, and its lane: events of one lane (a chat room) are handled in order (line-runtime.ts). */
export type QueuedEvent = { id: number; lane: string };

export type WebhookOutcome =
  | { kind: 'unauthorized'; reason: 'unknownChannel' | 'missingSignature' | 'badSignature' }
  | { kind: 'malformed' }
  | { kind: 'stored'; received: number; events: QueuedEvent[] };

type Source = { userId?: unknown; groupId?: unknown; roomId?: unknown };
type RawEvent = { webhookEventId?: unknown; type?: unknown; source?: Source; deliveryContext?: { isRedelivery?: unknown } };
type EventRow = typeof lineEvents.$inferInsert & { channelId: number; webhookEventId: string };

/** The lane of an event: its channel and chat room (the group or multi-person room, else the user). */
export function laneOf(channelId: number, source: Source | undefined): string {
  const room = [source?.groupId, source?.roomId, source?.userId].find((v) => typeof v === 'string' && v !== '');
  return `${channelId}:${(room as string | undefined) ?? ''}`;
}

/** The channel of a webhook URL with its opened secret (null: none, or no secret to check with). */
function channelOf(db: Executor, config: LineConfig, webhookKey: string) {
  return rememberChannel(db, `hook:${webhookKey}`, async () => {
    const [channel] = await db.select().from(lineChannels).where(eq(lineChannels.webhookKey, webhookKey));
    if (!channel) return null;
    // A channel without a secret (the demo's, until staff enter one) cannot check a signature.
    const secret = channel.secretEnc === '' ? null : await openSecret(db, config, channel.secretEnc, SEAL.secret);
    return { channel, secret };
  });
}

/**
 * The events of concurrent deliveries go into the database together (one INSERT for what arrived while
 * the previous one ran), so a burst costs a few statements, not one a request. Each delivery gets back
 * the ids of its own events that were new (a redelivery, here or earlier, gets none).
 */
type Stored = { id: number; row: EventRow };
type Pending = { rows: EventRow[]; done: (stored: Stored[]) => void; fail: (err: unknown) => void };
const batches = new WeakMap<object, { waiting: Pending[]; running: boolean }>();

function storeEvents(db: Executor, rows: EventRow[]): Promise<Stored[]> {
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = { waiting: [], running: false }));
  const b = batch;
  const out = new Promise<Stored[]>((done, fail) => b.waiting.push({ rows, done, fail }));
  if (!b.running) void flush(db, b);
  return out;
}

/** Inserts rows (each event once) and answers, per delivery, the rows that were new with their ids. */
async function insertEvents(db: Executor, group: Pending[]): Promise<Stored[][]> {
  const stored = await db
    .insert(lineEvents)
    .values(group.flatMap((p) => p.rows))
    .onConflictDoNothing({ target: [lineEvents.channelId, lineEvents.webhookEventId] })
    .returning({ id: lineEvents.id, channelId: lineEvents.channelId, webhookEventId: lineEvents.webhookEventId });
  const idOf = new Map(stored.map((r) => [`${r.channelId}:${r.webhookEventId}`, r.id]));
  return group.map((p) => {
    const mine: Stored[] = [];
    for (const row of p.rows) {
      const key = `${row.channelId}:${row.webhookEventId}`;
      const id = idOf.get(key);
      // The first delivery of an event in the batch owns it; a copy in the same batch gets nothing.
      if (id === undefined) continue;
      mine.push({ id, row });
      idOf.delete(key);
    }
    return mine;
  });
}

async function flush(db: Executor, b: { waiting: Pending[]; running: boolean }): Promise<void> {
  b.running = true;
  try {
    while (b.waiting.length > 0) {
      const group = b.waiting.splice(0, 200);
      try {
        const out = await insertEvents(db, group);
        group.forEach((p, i) => p.done(out[i]!));
      } catch (err) {
        if (group.length === 1) {
          group[0]!.fail(err);
          continue;
        }
        // One delivery's rows spoiled the batch: each alone, so only that one fails.
        for (const p of group) await insertEvents(db, [p]).then(([mine]) => p.done(mine!), p.fail);
      }
    }
  } finally {
    b.running = false;
  }
}

/**
 * The first half of the webhook, done before LINE gets its 200: the `x-line-signature` is checked on
 * the raw body bytes (HMAC-SHA256 with the channel secret, constant-time compare, the SDK's
 * validateSignature) before anything is parsed; then the events are stored, each once
 * (unique channel + webhookEventId, so a redelivery is stored and handled once). The handling is
 * done after the answer (line-runtime.ts).
 */
export async function receiveWebhook(
  db: Executor,
  config: LineConfig,
  webhookKey: string,
  rawBody: Buffer,
  signature: string | undefined,
  origin?: string,
): Promise<WebhookOutcome> {
  const found = await channelOf(db, config, webhookKey);
  if (!found?.secret) return { kind: 'unauthorized', reason: 'unknownChannel' };
  const { channel, secret } = found;
  if (!signature) return { kind: 'unauthorized', reason: 'missingSignature' };
  if (!(await lineSdk()).validateSignature(rawBody, secret, signature)) return { kind: 'unauthorized', reason: 'badSignature' };
  // The service on this channel has ended: LINE gets its 200, nothing is kept (the retention clock runs).
  if (channel.endedAt) return { kind: 'stored', received: 0, events: [] };
  // The address LINE reached us at is the public one the order links are built on (order-link.ts).
  if (origin && channel.publicOrigin !== origin) {
    await db.update(lineChannels).set({ publicOrigin: origin }).where(eq(lineChannels.id, channel.id));
    channel.publicOrigin = origin; // the cached row, so the next delivery does not write it again
  }

  let events: RawEvent[];
  try {
    const parsed = JSON.parse(rawBody.toString('utf8')) as { events?: unknown };
    if (!Array.isArray(parsed.events)) return { kind: 'malformed' };
    events = parsed.events as RawEvent[];
  } catch {
    return { kind: 'malformed' };
  }
  // The console's Verify button sends no events.
  const rows: EventRow[] = events
    .filter((e) => e && typeof e.webhookEventId === 'string' && typeof e.type === 'string')
    .map((e) => ({
      channelId: channel.id,
      webhookEventId: e.webhookEventId as string,
      type: e.type as string,
      isRedelivery: e.deliveryContext?.isRedelivery === true,
      payload: e as Record<string, unknown>,
    }));
  if (rows.length === 0) return { kind: 'stored', received: 0, events: [] };
  // Ids follow the rows' order within one INSERT, so a delivery's events keep LINE's order.
  const stored = (await storeEvents(db, rows))
    .map(({ id, row }) => ({ id, lane: laneOf(channel.id, (row.payload as RawEvent).source) }))
    .sort((a, b) => a.id - b.id);
  return { kind: 'stored', received: stored.length, events: stored };
}

/** A process that took an event this long ago without finishing it has stopped: the event may be taken again. */
export const LINE_TAKE_STALE_SECONDS = 120;

/**
 * Events stored and not handled, nor being handled by a live process: left by a process that stopped
 * between the answer and the handling. `settledSeconds`: only events received at least this long ago
 * (the sweep leaves the receiving process time to handle its own, in their order).
 */
export async function unhandledEvents(db: Executor, settledSeconds = 0): Promise<QueuedEvent[]> {
  const rows = await db
    .select({ id: lineEvents.id, channelId: lineEvents.channelId, payload: lineEvents.payload })
    .from(lineEvents)
    .where(
      sql`${lineEvents.handledAt} IS NULL
        AND ${lineEvents.receivedAt} <= now() - ${settledSeconds}::int * interval '1 second'
        AND (${lineEvents.handlingSince} IS NULL OR ${lineEvents.handlingSince} < now() - ${LINE_TAKE_STALE_SECONDS}::int * interval '1 second')`,
    )
    .orderBy(lineEvents.id)
    .limit(10_000);
  return rows.map((r) => ({ id: r.id, lane: laneOf(r.channelId, (r.payload as RawEvent).source) }));
}
