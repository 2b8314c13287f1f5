import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LineChannel } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { startFakeLine, type FakeLine } from './fake-line.js';
import { clientTuning } from './line-access.js';
import { existingLineRuntime, LineRuntime, lineJobTuning } from './line-runtime.js';
import { unhandledEvents } from './receive-webhook.js';
import { lineEvents, lineMessages, lineNotices, lineRooms } from './line.schema.js';

// Several server processes on one database: each has its own queue (LineRuntime); a stored event is
// handled by one of them only, and one that a stopped process left is picked up by a sweep.

let t: TestApp;
let fake: FakeLine;
let a: Tenant;
let channel: LineChannel;
let rt: LineRuntime;
/** The queue of a second process on the same database. */
let other: LineRuntime;

beforeAll(async () => {
  fake = await startFakeLine();
  clientTuning.backoffMs = () => 5;
  lineJobTuning.noticeEveryMs = 0;
  lineJobTuning.retentionEveryMs = 0;
  lineJobTuning.sweepEveryMs = 0;
  t = await createTestApp({ lineApiUrl: fake.url, secretsKey: 'test-secrets-key-processes' });
  a = await t.tenant('Processes A');
  channel = (
    await a.manager.post('/api/line/channels', { name: 'Shop', channelId: '1650000301', channelSecret: 's'.repeat(32), accessToken: 'tok' })
  ).json();
  await a.manager.post('/api/line/faqs', { keyword: '營業時間', reply: '每天 8 點到 20 點', matchMode: 'contains' });
  rt = existingLineRuntime(t.db)!;
  other = new LineRuntime(t.db, rt.config, t.app.log);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  // Nothing a test left in either queue runs into the next one.
  await Promise.all([rt.whenIdle(), other.whenIdle()]);
  fake.reset();
});

/** An event a process stored (answered 200) and did not handle: it stopped before. */
async function storedUnhandled(text: string, receivedAgoSeconds = 60): Promise<number> {
  const id = crypto.randomUUID();
  const [row] = await t.db
    .insert(lineEvents)
    .values({
      channelId: channel.id,
      webhookEventId: `01PROC${id.replace(/-/g, '').slice(0, 20)}`,
      type: 'message',
      payload: {
        type: 'message',
        timestamp: Date.now(),
        source: { type: 'user', userId: `U${id.slice(0, 8)}` },
        replyToken: `rt-${id}`,
        message: { id: id.slice(0, 8), type: 'text', text },
      },
      receivedAt: new Date(Date.now() - receivedAgoSeconds * 1000),
    })
    .returning();
  return row!.id;
}
const replies = () => fake.sent('/v2/bot/message/reply').length;

describe('LINE events with several server processes on one database', () => {
  it('an event both processes pick up is handled once: one auto-reply', async () => {
    const id = await storedUnhandled('請問營業時間');
    // Both queues hold it before either starts handling: which process's sweep reads first is up to
    // the database, so the event found by one sweep is given to both queues at once.
    const found = await unhandledEvents(t.db, 0);
    expect(found.map((e) => e.id)).toEqual([id]);
    rt.enqueue(found);
    other.enqueue(found);
    await Promise.all([rt.whenIdle(), other.whenIdle()]);
    expect(replies()).toBe(1);
    const [ev] = await t.db.select().from(lineEvents).where(eq(lineEvents.id, id));
    expect(ev!.handledAt).not.toBeNull();
    // Handled: no sweep takes it again.
    expect(await other.sweep()).toBe(0);
  });

  it('the sweep leaves fresh events to the process that received them, and events a live process took', async () => {
    const fresh = await storedUnhandled('營業時間？', 5);
    const taken = await storedUnhandled('營業時間到幾點', 300);
    await t.db
      .update(lineEvents)
      .set({ handlingSince: sql`now() - interval '30 seconds'` })
      .where(eq(lineEvents.id, taken));
    expect(await other.sweep()).toBe(0);
    // A process that took an event over two minutes ago and never finished has stopped: taken again.
    await t.db
      .update(lineEvents)
      .set({ handlingSince: sql`now() - interval '3 minutes'` })
      .where(eq(lineEvents.id, taken));
    expect(await other.sweep()).toBe(1);
    await other.whenIdle();
    expect(replies()).toBe(1);
    // At a start every unhandled event not taken is queued, however fresh.
    expect(await rt.sweep(0)).toBe(1);
    await rt.whenIdle();
    expect(replies()).toBe(2);
    const left = await t.db
      .select()
      .from(lineEvents)
      .where(sql`${lineEvents.id} IN (${fresh}, ${taken}) AND ${lineEvents.handledAt} IS NULL`);
    expect(left).toEqual([]);
  });

  it('a notice both processes push at once is kept once in the conversation and counted once', async () => {
    const customer = (
      await a.manager.post('/api/customers', { storeId: a.storeIds[0], type: 'residential', name: '兩個程序', phone: '0911-000-222' })
    ).json();
    const [room] = await t.db
      .insert(lineRooms)
      .values({ groupId: a.groupId, channelId: channel.id, storeId: null, lineId: 'Utwoprocs', kind: 'user', name: 'Two' })
      .returning();
    const [notice] = await t.db
      .insert(lineNotices)
      .values({
        groupId: a.groupId,
        customerId: customer.id,
        kind: 'orderDelivered',
        sourceId: 1,
        roomId: room!.id,
        text: '您的訂單已送達',
        retryKey: crypto.randomUUID(),
      })
      .returning();
    const runs = await Promise.all([rt.runNotices(), other.runNotices()]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const kept = await t.db.select().from(lineMessages).where(eq(lineMessages.roomId, room!.id));
    expect(kept.map((m) => [m.direction, m.text])).toEqual([['out', '您的訂單已送達']]);
    // Whatever reached LINE carried the notice's one retry key (LINE sends a key once).
    const keys = new Set(fake.sent('/v2/bot/message/push').map((r) => r.headers['x-line-retry-key']));
    expect([...keys]).toEqual([notice!.retryKey]);
  });
});
