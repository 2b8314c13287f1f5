import { eq, sql } from 'drizzle-orm';
import { validateSignature } from '@line/bot-sdk';
import type { Executor } from '../../platform/db.js';
import { openSecret } from '../../platform/secret-box.js';
import { SEAL, type LineConfig } from './line-access.js';
import { lineChannels, lineEvents } from './line.schema.js';

export type WebhookOutcome =
  | { kind: 'unauthorized'; reason: 'unknownChannel' | 'missingSignature' | 'badSignature' }
  | { kind: 'malformed' }
  | { kind: 'stored'; received: number; eventIds: number[] };

type RawEvent = { webhookEventId?: unknown; type?: unknown; deliveryContext?: { isRedelivery?: unknown } };

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
  const [channel] = await db.select().from(lineChannels).where(eq(lineChannels.webhookKey, webhookKey));
  // A channel without a secret (the demo's, until staff enter one) cannot check a signature.
  if (!channel || channel.secretEnc === '') return { kind: 'unauthorized', reason: 'unknownChannel' };
  if (!signature) return { kind: 'unauthorized', reason: 'missingSignature' };
  const secret = await openSecret(db, config, channel.secretEnc, SEAL.secret);
  if (!validateSignature(rawBody, secret, signature)) return { kind: 'unauthorized', reason: 'badSignature' };
  // The service on this channel has ended: LINE gets its 200, nothing is kept (the retention clock runs).
  if (channel.endedAt) return { kind: 'stored', received: 0, eventIds: [] };
  // The address LINE reached us at is the public one the order links are built on (order-link.ts).
  if (origin && channel.publicOrigin !== origin)
    await db.update(lineChannels).set({ publicOrigin: origin }).where(eq(lineChannels.id, channel.id));

  let events: RawEvent[];
  try {
    const parsed = JSON.parse(rawBody.toString('utf8')) as { events?: unknown };
    if (!Array.isArray(parsed.events)) return { kind: 'malformed' };
    events = parsed.events as RawEvent[];
  } catch {
    return { kind: 'malformed' };
  }
  // The console's Verify button sends no events.
  const rows = events
    .filter((e) => e && typeof e.webhookEventId === 'string' && typeof e.type === 'string')
    .map((e) => ({
      channelId: channel.id,
      webhookEventId: e.webhookEventId as string,
      type: e.type as string,
      isRedelivery: e.deliveryContext?.isRedelivery === true,
      payload: e as Record<string, unknown>,
    }));
  if (rows.length === 0) return { kind: 'stored', received: 0, eventIds: [] };
  const stored = await db
    .insert(lineEvents)
    .values(rows)
    .onConflictDoNothing({ target: [lineEvents.channelId, lineEvents.webhookEventId] })
    .returning({ id: lineEvents.id });
  return { kind: 'stored', received: stored.length, eventIds: stored.map((r) => r.id).sort((a, b) => a - b) };
}

/** Events stored but not handled yet (the process stopped between the answer and the handling). */
export async function unhandledEventIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: lineEvents.id })
    .from(lineEvents)
    .where(sql`${lineEvents.handledAt} IS NULL`)
    .orderBy(lineEvents.id)
    .limit(10_000);
  return rows.map((r) => r.id);
}
