import crypto from 'node:crypto';
import { inject } from 'vitest';
import { baseURL } from './browser.js';

/**
 * LINE from a spec's side (docs/LINE.md): signed webhook deliveries as LINE sends them, and what the
 * app sent to the fake LINE Messaging API that global-setup started (read over HTTP: specs run in
 * worker processes, the fake in the main one).
 */

export const fakeLineURL = () => inject('fakeLineURL');

/** One request the fake LINE recorded (apps/server/src/modules/line/fake-line.ts). */
export type FakeLineRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };
type Sent = { replyToken?: string; to?: string; messages?: { type: string; text?: string }[] };

export async function fakeLineRequests(): Promise<FakeLineRequest[]> {
  const res = await fetch(`${fakeLineURL()}/__fake/requests`);
  if (!res.ok) throw new Error(`fake LINE answered ${res.status}`);
  return (await res.json()) as FakeLineRequest[];
}

/** The reply and push requests that carried this text, with how they went. */
export async function sentWithText(text: string): Promise<{ path: string; replyToken?: string; to?: string }[]> {
  return (await fakeLineRequests())
    .filter((r) => r.path === '/v2/bot/message/reply' || r.path === '/v2/bot/message/push')
    .filter((r) => ((r.body as Sent | null)?.messages ?? []).some((m) => m.text === text))
    .map((r) => ({ path: r.path, replyToken: (r.body as Sent).replyToken, to: (r.body as Sent).to }));
}

let seq = 0;
/** A webhook event id as LINE makes them (a ULID-like 26 characters), unique per run. */
const eventId = () => `01${Date.now().toString(36).toUpperCase().padStart(12, '0')}${String(++seq).padStart(12, '0')}`.slice(0, 26);

const base = (userId: string) => ({
  mode: 'active',
  timestamp: Date.now(),
  source: { type: 'user', userId },
  webhookEventId: eventId(),
  deliveryContext: { isRedelivery: false },
});

export const followEvent = (userId: string) => ({ ...base(userId), type: 'follow', replyToken: `rt-${crypto.randomUUID()}` });

export const textEvent = (userId: string, text: string, replyToken = `rt-${crypto.randomUUID()}`) => ({
  ...base(userId),
  type: 'message',
  replyToken,
  message: { id: String(Date.now()) + String(++seq), type: 'text', quoteToken: 'q', text },
});

/** Posts events to the webhook as LINE does: the raw body signed with the channel secret (HMAC-SHA256, Base64). */
export async function deliverToWebhook(webhookPath: string, secret: string, events: unknown[]) {
  const body = JSON.stringify({ destination: 'Ubot', events });
  const signature = crypto.createHmac('sha256', secret).update(body).digest('base64');
  const res = await fetch(`${baseURL()}${webhookPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-line-signature': signature },
    body,
  });
  return { status: res.status, body: (await res.json()) as { received?: number } };
}
