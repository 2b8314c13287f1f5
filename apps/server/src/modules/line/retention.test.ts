import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { LineChannel } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { actionLog, params } from '../../platform/platform.schema.js';
import { startFakeLine, type FakeLine } from './fake-line.js';
import { existingLineRuntime, lineJobTuning } from './line-runtime.js';
import { lineChannels, lineContacts, lineEvents, lineFaqs, lineMessages, lineRooms } from './line.schema.js';

let t: TestApp;
let fake: FakeLine;
const tenants: Tenant[] = [];
const channels: LineChannel[] = [];
const SECRET = 'r'.repeat(32);
const MONTH = 31 * 86_400_000;

beforeAll(async () => {
  fake = await startFakeLine();
  lineJobTuning.noticeEveryMs = 0;
  lineJobTuning.retentionEveryMs = 0;
  t = await createTestApp({ lineApiUrl: fake.url, secretsKey: 'test-secrets-key-retention' });
  for (const [i, name] of ['Ret A', 'Ret B', 'Ret C'].entries()) {
    const tenant = await t.tenant(name);
    tenants.push(tenant);
    const res = await tenant.manager.post('/api/line/channels', {
      name,
      channelId: `16500002${i}0`,
      channelSecret: SECRET,
      accessToken: `tok-${i}`,
    });
    channels.push(res.json());
    await chat(channels[i]!, `U${i}`, '請問今天有送貨嗎？');
    await tenant.manager.post('/api/line/contacts', { reporter: '電話客人', content: '想改送貨時間' });
  }
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function chat(channel: LineChannel, userId: string, text: string) {
  const body = JSON.stringify({
    destination: 'Ubot',
    events: [
      {
        type: 'message',
        timestamp: Date.now(),
        source: { type: 'user', userId },
        webhookEventId: crypto.randomUUID(),
        deliveryContext: { isRedelivery: false },
        replyToken: `rt-${crypto.randomUUID()}`,
        message: { id: crypto.randomUUID(), type: 'text', text },
      },
    ],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: channel.webhookPath,
    headers: { 'content-type': 'application/json', 'x-line-signature': crypto.createHmac('sha256', SECRET).update(body).digest('base64') },
    payload: body,
  });
  await existingLineRuntime(t.db)!.whenIdle();
  return res;
}

const rowsOf = async (groupId: number) => {
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);
  const channelId = channels[tenants.findIndex((x) => x.groupId === groupId)]!.id;
  return {
    events: await n(t.db.select({ n: count() }).from(lineEvents).where(eq(lineEvents.channelId, channelId))),
    messages: await n(t.db.select({ n: count() }).from(lineMessages).where(eq(lineMessages.groupId, groupId))),
    contacts: await n(t.db.select({ n: count() }).from(lineContacts).where(eq(lineContacts.groupId, groupId))),
    rooms: await n(t.db.select({ n: count() }).from(lineRooms).where(eq(lineRooms.groupId, groupId))),
    pendingFaqs: await n(
      t.db
        .select({ n: count() })
        .from(lineFaqs)
        .where(and(eq(lineFaqs.groupId, groupId), eq(lineFaqs.status, 'pending'))),
    ),
  };
};

describe('the end of the LINE service and the retention job', () => {
  it('ends and resumes a channel (audited, another tenant 404); an ended channel keeps nothing the webhook sends', async () => {
    const [a, b] = tenants;
    expect((await b!.manager.post(`/api/line/channels/${channels[0]!.id}/end`)).statusCode).toBe(404);
    const ended = await a!.manager.post(`/api/line/channels/${channels[0]!.id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().endedAt).toBeTruthy();
    expect(await t.lastAudit('line_channels', channels[0]!.id)).toMatchObject({ action: 'end' });
    const before = await rowsOf(a!.groupId);
    expect((await chat(channels[0]!, 'U0', 'hello')).statusCode).toBe(200);
    expect(await rowsOf(a!.groupId)).toEqual(before);
    const resumed = await a!.manager.post(`/api/line/channels/${channels[0]!.id}/resume`);
    expect(resumed.json().endedAt).toBeNull();
    await a!.manager.post(`/api/line/channels/${channels[0]!.id}/end`);
  });

  it('deletes only the chat data of groups whose service ended CHAT_RETENTION_MONTHS ago, with an audit row, once', async () => {
    const [a, b, c] = tenants;
    const now = Date.now();
    // A: ended 13 months ago (default 12: due). B: ended 11 months ago (kept). C: in service, nothing ended.
    await t.db
      .update(lineChannels)
      .set({ endedAt: new Date(now - 13 * MONTH) })
      .where(eq(lineChannels.id, channels[0]!.id));
    await t.db
      .update(lineChannels)
      .set({ endedAt: new Date(now - 11 * MONTH) })
      .where(eq(lineChannels.id, channels[1]!.id));
    const keptB = await rowsOf(b!.groupId);
    const keptC = await rowsOf(c!.groupId);
    expect(keptB.messages).toBeGreaterThan(0);
    expect((await rowsOf(a!.groupId)).contacts).toBe(2);

    const out = await existingLineRuntime(t.db)!.runRetention();
    expect(out.map((r) => r.groupId)).toEqual([a!.groupId]);
    expect(await rowsOf(a!.groupId)).toEqual({ events: 0, messages: 0, contacts: 0, rooms: 0, pendingFaqs: 0 });
    expect(await rowsOf(b!.groupId)).toEqual(keptB);
    expect(await rowsOf(c!.groupId)).toEqual(keptC);
    // The channel settings stay.
    expect((await t.db.select().from(lineChannels).where(eq(lineChannels.id, channels[0]!.id))).length).toBe(1);
    const logs = await t.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'retention'), eq(actionLog.entity, 'line')));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userId: null, groupId: a!.groupId, entityId: String(a!.groupId) });
    expect(logs[0]!.after).toMatchObject({ months: 12, deleted: { contacts: 2, rooms: 1 } });

    // A second run finds nothing left: no second audit row.
    expect(await existingLineRuntime(t.db)!.runRetention()).toEqual([]);
    expect(
      (
        await t.db
          .select()
          .from(actionLog)
          .where(and(eq(actionLog.action, 'retention'), eq(actionLog.entity, 'line')))
      ).length,
    ).toBe(1);
  });

  it('reads the group’s own CHAT_RETENTION_MONTHS', async () => {
    const b = tenants[1]!;
    await t.db.insert(params).values({ groupId: b.groupId, code: 'CHAT_RETENTION_MONTHS', name: 'x', type: 'number', value: '6' });
    const out = await existingLineRuntime(t.db)!.runRetention();
    expect(out).toMatchObject([{ groupId: b.groupId, months: 6 }]);
    expect((await rowsOf(b.groupId)).messages).toBe(0);
    expect((await rowsOf(tenants[2]!.groupId)).messages).toBeGreaterThan(0);
  });

  it('tells the public legal pages the platform’s retention period', async () => {
    expect((await t.anon.get('/api/public/chat-retention')).json()).toEqual({ months: 12 });
    await t.db
      .update(params)
      .set({ value: '18' })
      .where(and(eq(params.code, 'CHAT_RETENTION_MONTHS'), isNull(params.groupId)));
    expect((await t.anon.get('/api/public/chat-retention')).json()).toEqual({ months: 18 });
  });
});
