import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { LineChannel } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { startFakeLine, type FakeLine } from './fake-line.js';
import { clientTuning } from './line-access.js';
import { existingLineRuntime } from './line-runtime.js';
import { lineChannels, lineContacts, lineEvents, lineFaqs, lineMessages, lineRooms } from './line.schema.js';

let t: TestApp;
let fake: FakeLine;
let a: Tenant;
let b: Tenant;
let channel: LineChannel;
const SECRET = 'a'.repeat(32);
const TOKEN = 'token-of-channel-a';

beforeAll(async () => {
  fake = await startFakeLine();
  clientTuning.backoffMs = () => 5;
  t = await createTestApp({ lineApiUrl: fake.url, secretsKey: 'test-secrets-key' });
  a = await t.tenant('Line A');
  b = await t.tenant('Line B');
  const res = await a.manager.post('/api/line/channels', {
    name: 'Shop A',
    channelId: '1650000001',
    channelSecret: SECRET,
    accessToken: TOKEN,
  });
  expect(res.statusCode).toBe(200);
  channel = res.json();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const sign = (body: string, secret = SECRET) => crypto.createHmac('sha256', secret).update(body).digest('base64');
let seq = 0;
const eventId = () => `01HZZZZZZZZZZZZZZZZZZZ${String(++seq).padStart(4, '0')}`;
const textEvent = (userId: string, text: string, over: Record<string, unknown> = {}) => ({
  type: 'message',
  mode: 'active',
  timestamp: Date.now(),
  source: { type: 'user', userId },
  webhookEventId: eventId(),
  deliveryContext: { isRedelivery: false },
  replyToken: `rt-${crypto.randomUUID()}`,
  message: { id: String(++seq), type: 'text', quoteToken: 'q', text },
  ...over,
});
type DeliverOptions = { path?: string; signature?: string | null; raw?: string };
/** A signed delivery, answered; the handling may still be going on. */
function post(events: unknown[], opts: DeliverOptions = {}) {
  const body = opts.raw ?? JSON.stringify({ destination: 'Ubot', events });
  return t.app.inject({
    method: 'POST',
    url: opts.path ?? channel.webhookPath,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(opts.signature === null ? {} : { 'x-line-signature': opts.signature ?? sign(body) }),
    },
    payload: body,
  });
}
/** A signed delivery, answered and handled. */
async function deliver(events: unknown[], opts: DeliverOptions = {}) {
  const res = await post(events, opts);
  await existingLineRuntime(t.db)!.whenIdle();
  return res;
}
const eventCount = async () => (await t.db.select({ n: count() }).from(lineEvents))[0]!.n;
const roomOfUser = async (userId: string) => (await t.db.select().from(lineRooms).where(eq(lineRooms.lineId, userId)))[0]!;
const messagesOf = async (roomId: number) =>
  t.db.select().from(lineMessages).where(eq(lineMessages.roomId, roomId)).orderBy(lineMessages.id);

describe('channel settings', () => {
  it('keeps the secret and token sealed and never answers them', async () => {
    expect(channel).toMatchObject({ hasSecret: true, hasAccessToken: true, channelId: '1650000001' });
    expect(channel.webhookPath).toMatch(/^\/api\/line\/webhook\/[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(channel)).not.toContain(SECRET);
    const [row] = await t.db.select().from(lineChannels).where(eq(lineChannels.id, channel.id));
    expect(row!.secretEnc).not.toContain(SECRET);
    expect(row!.tokenEnc).not.toContain(TOKEN);
    const list = await a.manager.get('/api/line/channels');
    expect(JSON.stringify(list.json())).not.toContain(SECRET);
    const audit = await t.lastAudit('line_channels', channel.id);
    expect(audit).toBeTruthy();
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(JSON.stringify(audit)).not.toContain(row!.secretEnc);
  });

  it('requires the credentials on create, refuses a second account for the group, keeps them on update', async () => {
    const missing = await b.manager.post('/api/line/channels', { name: 'B', channelId: '1650000002' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('channelSecret');
    const second = await a.manager.post('/api/line/channels', {
      name: 'A2',
      channelId: '1650000003',
      channelSecret: 'x',
      accessToken: 'y',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toHaveProperty('storeId');
    const upd = await a.manager.put(`/api/line/channels/${channel.id}`, {
      name: 'Shop A renamed',
      channelId: '1650000001',
      channelSecret: '',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ name: 'Shop A renamed', hasSecret: true, webhookPath: channel.webhookPath });
    // The secret is unchanged: a webhook signed with it still passes.
    expect((await deliver([])).statusCode).toBe(200);
  });

  it('tests the connection through the adapter', async () => {
    const ok = await a.manager.post(`/api/line/channels/${channel.id}/test`);
    expect(ok.json()).toEqual({ ok: true, botName: 'Fake gas shop', quota: 200, used: 0, pushedByGasops: 0, status: null });
    expect(fake.sent('/v2/bot/info')[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    fake.badToken(true);
    const bad = await a.manager.post(`/api/line/channels/${channel.id}/test`);
    expect(bad.json()).toMatchObject({ ok: false, status: 401 });
  });
});

describe('webhook', () => {
  it('answers the console Verify (no events) with 200', async () => {
    const res = await deliver([]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 0 });
  });

  it('refuses a missing, wrong or one-byte-changed signature with 401 and stores nothing', async () => {
    const before = await eventCount();
    const body = JSON.stringify({ destination: 'Ubot', events: [textEvent('Uforged', 'hello')] });
    expect((await deliver([], { raw: body, signature: null })).statusCode).toBe(401);
    expect((await deliver([], { raw: body, signature: sign(body, 'b'.repeat(32)) })).statusCode).toBe(401);
    expect((await deliver([], { raw: body, signature: 'not base64 at all' })).statusCode).toBe(401);
    const changed = body.replace('hello', 'hellp');
    expect(changed.length).toBe(body.length);
    expect((await deliver([], { raw: changed, signature: sign(body) })).statusCode).toBe(401);
    expect((await deliver([], { raw: body, path: '/api/line/webhook/unknownchannelkey' })).statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
    expect(fake.requests).toHaveLength(0);
    // The same body correctly signed is accepted.
    expect((await deliver([], { raw: body })).statusCode).toBe(200);
    expect(await eventCount()).toBe(before + 1);
  });

  it('keeps rooms current from follow / unfollow / join / leave with names from LINE', async () => {
    fake.profiles.set('Ufollower', '王小明');
    fake.groups.set('Cgroup1', '幸福社區');
    const base = { mode: 'active', timestamp: Date.now(), deliveryContext: { isRedelivery: false } };
    await deliver([
      { ...base, type: 'follow', webhookEventId: eventId(), replyToken: 'rt-f', source: { type: 'user', userId: 'Ufollower' } },
      { ...base, type: 'join', webhookEventId: eventId(), replyToken: 'rt-j', source: { type: 'group', groupId: 'Cgroup1' } },
    ]);
    expect(await roomOfUser('Ufollower')).toMatchObject({ kind: 'user', name: '王小明', active: true, groupId: a.groupId });
    expect(await roomOfUser('Cgroup1')).toMatchObject({ kind: 'group', name: '幸福社區', active: true });
    await deliver([
      { ...base, type: 'unfollow', webhookEventId: eventId(), source: { type: 'user', userId: 'Ufollower' } },
      { ...base, type: 'leave', webhookEventId: eventId(), source: { type: 'group', groupId: 'Cgroup1' } },
    ]);
    expect((await roomOfUser('Ufollower')).active).toBe(false);
    expect((await roomOfUser('Cgroup1')).active).toBe(false);
    const list = await a.manager.get('/api/line/rooms?keyword=幸福');
    expect(list.json().items.map((r: { lineId: string }) => r.lineId)).toEqual(['Cgroup1']);
    // A message to a room that left cannot be sent.
    const left = await a.manager.post(`/api/line/rooms/${(await roomOfUser('Cgroup1')).id}/messages`, { text: 'hi' });
    expect(left.statusCode).toBe(409);
  });
});

describe('handling under load', () => {
  it('handles other rooms while one waits on LINE, each room in order', async () => {
    fake.profiles.set('Uslow', '慢慢來');
    const release = fake.hold('/v2/bot/profile/Uslow');
    const base = { mode: 'active', timestamp: Date.now(), deliveryContext: { isRedelivery: false } };
    try {
      const follow = { ...base, type: 'follow', webhookEventId: eventId(), replyToken: 'rt-s', source: { type: 'user', userId: 'Uslow' } };
      expect((await post([follow, textEvent('Uslow', 'first question')])).statusCode).toBe(200);
      expect((await post([textEvent('Uslow', 'second question')])).statusCode).toBe(200);
      expect((await post([textEvent('Ufast', 'a question from another room')])).statusCode).toBe(200);
      // The slow room waits on LINE for its name; the other room is handled meanwhile.
      await vi.waitFor(async () => expect(await messagesOf((await roomOfUser('Ufast')).id)).toHaveLength(1), { timeout: 5_000 });
      expect(await t.db.select().from(lineRooms).where(eq(lineRooms.lineId, 'Uslow'))).toEqual([]);
    } finally {
      release();
    }
    await existingLineRuntime(t.db)!.whenIdle();
    const slow = await roomOfUser('Uslow');
    expect(slow.name).toBe('慢慢來');
    expect((await messagesOf(slow.id)).filter((m) => m.direction === 'in').map((m) => m.text)).toEqual([
      'first question',
      'second question',
    ]);
  });

  it('stores and handles an event once when concurrent deliveries carry it, and answers each delivery', async () => {
    const before = await eventCount();
    const ev = textEvent('Utwice', 'the same question twice');
    const copy = { ...ev, deliveryContext: { isRedelivery: true } };
    const others = Array.from({ length: 8 }, (_, i) => textEvent(`Ucrowd${i}`, `question ${i}`));
    const answers = await Promise.all([post([ev]), post([copy]), ...others.map((o) => post([o])), post([copy])]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.reduce((n, r) => n + (r.json() as { received: number }).received, 0)).toBe(9);
    await existingLineRuntime(t.db)!.whenIdle();
    expect(await eventCount()).toBe(before + 9);
    const room = await roomOfUser('Utwice');
    expect((await messagesOf(room.id)).filter((m) => m.direction === 'in')).toHaveLength(1);
    const contacts = await t.db.select().from(lineContacts).where(eq(lineContacts.roomId, room.id));
    expect(contacts).toHaveLength(1);
  });

  it('answers the deliveries stored together with one that cannot be stored', async () => {
    // Deliveries arriving while an INSERT runs are stored in the next one together; a NUL in a text
    // (refused by jsonb) must fail only its own delivery.
    const goods = ['Ugood1', 'Ugood2', 'Ugood3'].map((u) => textEvent(u, `a good question from ${u}`));
    const bad = textEvent('Ubad', 'a NUL \u0000 in the text');
    // Held behind a lock on the table, the deliveries queue up and go in one INSERT once it is released.
    type Answer = Awaited<ReturnType<typeof post>>;
    type Answers = [Answer, Answer, Answer, Answer];
    let sent: Promise<Answers> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table line_events in exclusive mode`);
      sent = Promise.all([post([goods[0]]), post([goods[1]]), post([bad]), post([goods[2]])]) as Promise<Answers>;
      await new Promise((r) => setTimeout(r, 300));
    });
    const [first, second, refused, third] = await sent!;
    expect([first, second, third].map((r) => [r.statusCode, r.json()])).toEqual([0, 1, 2].map(() => [200, { received: 1 }]));
    expect(refused.statusCode).toBe(400);
    await existingLineRuntime(t.db)!.whenIdle();
    for (const u of ['Ugood1', 'Ugood2', 'Ugood3']) expect(await messagesOf((await roomOfUser(u)).id)).toHaveLength(1);
    expect(await t.db.select().from(lineRooms).where(eq(lineRooms.lineId, 'Ubad'))).toEqual([]);
  });
});

describe('FAQ auto-replies', () => {
  let hoursId: number;
  beforeAll(async () => {
    const hours = await a.manager.post('/api/line/faqs', {
      keyword: '營業時間',
      reply: '每天 08:00–20:00',
      matchMode: 'contains',
      priority: 1,
    });
    expect(hours.statusCode).toBe(200);
    hoursId = hours.json().id;
    expect(hours.json().maintainedAt).toBeTruthy();
    const audit = await t.lastAudit('line_faqs', hoursId);
    expect(audit?.action).toBe('create');
    await a.manager.post('/api/line/faqs', { keyword: '瓦斯味', reply: '請立即關閉開關並打開門窗', matchMode: 'contains', priority: 100 });
    await a.manager.post('/api/line/faqs', { keyword: '叫瓦斯', reply: '請留下地址', matchMode: 'startsWith' });
    await a.manager.post('/api/line/faqs', { keyword: '價格', reply: '每公斤 36 元', matchMode: 'exact' });
    await a.manager.post('/api/line/faqs', { keyword: '付款', reply: '未維護', status: 'notMaintained' });
    // Another group's FAQ never answers in this group.
    await b.manager.post('/api/line/faqs', { keyword: '營業時間', reply: 'B 的答案' });
  });

  it('answers a matching text at once with the reply token, once even when LINE redelivers it', async () => {
    fake.profiles.set('Ucustomer1', '陳美玲');
    const ev = textEvent('Ucustomer1', '請問營業時間？');
    const res = await deliver([ev]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1 });
    const replies = fake.sent('/v2/bot/message/reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toEqual({ replyToken: ev.replyToken, messages: [{ type: 'text', text: '每天 08:00–20:00' }] });
    expect(replies[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const room = await roomOfUser('Ucustomer1');
    expect(room.name).toBe('陳美玲');
    const msgs = await messagesOf(room.id);
    expect(msgs.map((m) => [m.direction, m.text, m.sentVia, m.faqId])).toEqual([
      ['in', '請問營業時間？', null, null],
      ['out', '每天 08:00–20:00', 'reply', hoursId],
    ]);

    const again = await deliver([{ ...ev, deliveryContext: { isRedelivery: true } }]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: 0 });
    expect(fake.sent('/v2/bot/message/reply')).toHaveLength(1);
    expect(await messagesOf(room.id)).toHaveLength(2);
    expect((await t.db.select().from(lineEvents).where(eq(lineEvents.webhookEventId, ev.webhookEventId))).length).toBe(1);
  });

  it('honours match modes and priority', async () => {
    const answer = async (text: string) => {
      fake.reset();
      await deliver([textEvent('Ucustomer2', text)]);
      return (fake.sent('/v2/bot/message/reply')[0]?.body as { messages: { text: string }[] } | undefined)?.messages[0]!.text ?? null;
    };
    expect(await answer('叫瓦斯 20 公斤')).toBe('請留下地址');
    expect(await answer('我想叫瓦斯')).toBe(null); // startsWith
    expect(await answer('價格')).toBe('每公斤 36 元');
    expect(await answer('價格多少')).toBe(null); // exact
    expect(await answer('營業時間聞到瓦斯味怎麼辦')).toBe('請立即關閉開關並打開門窗'); // priority 100 over 1
    expect(await answer('付款')).toBe(null); // not maintained
  });

  it('turns an unanswered question into a contact and one pending FAQ candidate', async () => {
    fake.profiles.set('Ucustomer3', '林志豪');
    await deliver([textEvent('Ucustomer3', '可以刷卡嗎')]);
    await deliver([textEvent('Ucustomer3', '可以刷卡嗎')]);
    expect(fake.sent('/v2/bot/message/reply')).toHaveLength(0);
    const contacts = await a.manager.get('/api/line/contacts?keyword=刷卡');
    expect(contacts.json().items).toHaveLength(2);
    expect(contacts.json().items[0]).toMatchObject({ source: 'line', reporter: '林志豪', content: '可以刷卡嗎', replies: 0 });
    const pending = await a.manager.get('/api/line/faqs?status=pending&keyword=刷卡');
    expect(pending.json().items).toHaveLength(1);
    expect(pending.json().items[0]).toMatchObject({ keyword: '可以刷卡嗎', status: 'pending', reply: '' });
  });

  it('does not answer by itself in a room where staff are handling', async () => {
    await deliver([textEvent('Ucustomer4', 'hello')]);
    const room = await roomOfUser('Ucustomer4');
    const put = await a.manager.put(`/api/line/rooms/${room.id}`, { staffHandling: true, storeId: null });
    expect(put.statusCode).toBe(200);
    expect((await t.lastAudit('line_rooms', room.id))?.after).toMatchObject({ staffHandling: true });
    fake.reset();
    await deliver([textEvent('Ucustomer4', '營業時間')]);
    expect(fake.requests.filter((r) => r.path.startsWith('/v2/bot/message'))).toHaveLength(0);
    const contacts = await t.db.select().from(lineContacts).where(eq(lineContacts.roomId, room.id));
    expect(contacts.map((c) => c.content)).toEqual(['hello']);
  });

  it('answers with a room’s own FAQ only in that room', async () => {
    await deliver([textEvent('Ucustomer5', 'hi')]);
    const room = await roomOfUser('Ucustomer5');
    const own = await a.manager.post('/api/line/faqs', { keyword: '團購', reply: '15 日截止', roomId: room.id });
    expect(own.json()).toMatchObject({ roomId: room.id });
    fake.reset();
    await deliver([textEvent('Ucustomer6', '團購')]);
    expect(fake.sent('/v2/bot/message/reply')).toHaveLength(0);
    await deliver([textEvent('Ucustomer5', '團購')]);
    expect(fake.sent('/v2/bot/message/reply')).toHaveLength(1);
    // Another group's room cannot be chosen.
    const other = await b.manager.post('/api/line/faqs', { keyword: 'x', reply: 'y', roomId: room.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toHaveProperty('roomId');
  });
});

describe('staff replies', () => {
  it('uses the fresh reply token, then pushes with a retry key once it is stale', async () => {
    await deliver([textEvent('Ustaff1', '有人在嗎')]);
    const room = await roomOfUser('Ustaff1');
    fake.reset();
    const first = await a.manager.post(`/api/line/rooms/${room.id}/messages`, { text: '您好，請說' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ direction: 'out', sentVia: 'reply', text: '您好，請說', sentBy: expect.any(String) });
    expect(fake.sent('/v2/bot/message/reply')).toHaveLength(1);
    expect((await t.lastAudit('line_messages', first.json().id))?.after).toMatchObject({ text: '您好，請說' });

    // The token was used: the next one is a push.
    const second = await a.manager.post(`/api/line/rooms/${room.id}/messages`, { text: '還在嗎？' });
    expect(second.json().sentVia).toBe('push');
    const push = fake.sent('/v2/bot/message/push')[0]!;
    expect(push.body).toEqual({ to: 'Ustaff1', messages: [{ type: 'text', text: '還在嗎？' }] });
    expect(push.headers['x-line-retry-key']).toMatch(/^[0-9a-f-]{36}$/);

    // A new message whose token is older than the freshness window: push, not reply.
    await deliver([textEvent('Ustaff1', '再問一次')]);
    const [last] = (await messagesOf(room.id)).filter((m) => m.direction === 'in').slice(-1);
    await t.db
      .update(lineMessages)
      .set({ replyTokenAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(lineMessages.id, last!.id));
    fake.reset();
    const third = await a.manager.post(`/api/line/rooms/${room.id}/messages`, { text: '稍等' });
    expect(third.json().sentVia).toBe('push');
    expect(fake.sent('/v2/bot/message/reply')).toHaveLength(0);
  });

  it('falls back to a push when LINE refuses the reply token', async () => {
    const ev = textEvent('Ustaff2', '問題');
    await deliver([ev]);
    fake.expireReplyToken(ev.replyToken);
    fake.reset();
    const res = await a.manager.post(`/api/line/rooms/${(await roomOfUser('Ustaff2')).id}/messages`, { text: '回覆' });
    expect(res.json().sentVia).toBe('push');
    expect(fake.sent('/v2/bot/message/reply')).toHaveLength(1);
    expect(fake.sent('/v2/bot/message/push')).toHaveLength(1);
  });

  it('retries a 429 with the same retry key', async () => {
    await deliver([textEvent('Ustaff3', 'q')]);
    const room = await roomOfUser('Ustaff3');
    await t.db.update(lineMessages).set({ replyTokenUsedAt: new Date() }).where(eq(lineMessages.roomId, room.id));
    fake.reset();
    fake.failNext('/v2/bot/message/push', 429, 2);
    const res = await a.manager.post(`/api/line/rooms/${room.id}/messages`, { text: 'after rate limit' });
    expect(res.statusCode).toBe(200);
    const pushes = fake.sent('/v2/bot/message/push');
    expect(pushes).toHaveLength(3);
    const keys = new Set(pushes.map((p) => p.headers['x-line-retry-key']));
    expect(keys.size).toBe(1);
    const [stored] = (await messagesOf(room.id)).slice(-1);
    expect(stored!.retryKey).toBe([...keys][0]);
  });

  it('answers 502 when LINE keeps failing, storing nothing', async () => {
    await deliver([textEvent('Ustaff4', 'q')]);
    const room = await roomOfUser('Ustaff4');
    await t.db.update(lineMessages).set({ replyTokenUsedAt: new Date() }).where(eq(lineMessages.roomId, room.id));
    const before = (await messagesOf(room.id)).length;
    fake.failNext('/v2/bot/message/push', 500, 10);
    const res = await a.manager.post(`/api/line/rooms/${room.id}/messages`, { text: 'lost' });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toContain('500');
    expect(await messagesOf(room.id)).toHaveLength(before);
  });

  it('lists a room’s conversation newest first', async () => {
    const room = await roomOfUser('Ustaff1');
    const res = await a.manager.get(`/api/line/rooms/${room.id}/messages?pageSize=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((m: { text: string }) => m.text)).toEqual(['稍等', '再問一次']);
    expect(res.json().total).toBe(5);
  });
});

describe('contacts and replies', () => {
  it('keeps a contact typed by staff and its reply without calling LINE', async () => {
    const c = await a.manager.post('/api/line/contacts', { reporter: '張太太（電話）', content: '熱水器點不著', storeId: a.storeIds[0] });
    expect(c.statusCode).toBe(200);
    expect(c.json()).toMatchObject({ source: 'staff', storeId: a.storeIds[0], replies: 0 });
    expect((await t.lastAudit('line_contacts', c.json().id))?.action).toBe('create');
    fake.reset();
    const r = await a.manager.post(`/api/line/contacts/${c.json().id}/replies`, { content: '明天上午派人' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ content: '明天上午派人', sentVia: null });
    expect(fake.requests).toHaveLength(0);
    expect((await t.lastAudit('line_contact_replies', r.json().id))?.action).toBe('create');
    const empty = await a.manager.post('/api/line/contacts', { reporter: '', content: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['content', 'reporter']);
  });

  it('sends the reply of a LINE contact to the customer and filters unanswered ones', async () => {
    await deliver([textEvent('Ucontact1', '桶子漏氣怎麼辦，可以來看嗎')]);
    const list = await a.manager.get('/api/line/contacts?unanswered=true&source=line&keyword=漏氣');
    const contact = list.json().items[0];
    expect(contact).toMatchObject({ source: 'line', replies: 0 });
    fake.reset();
    const r = await a.manager.post(`/api/line/contacts/${contact.id}/replies`, { content: '師傅馬上過去' });
    expect(r.json().sentVia).toBe('reply');
    expect(fake.sent('/v2/bot/message/reply')).toHaveLength(1);
    const after = await a.manager.get('/api/line/contacts?unanswered=true&keyword=漏氣');
    expect(after.json().items).toHaveLength(0);
    const replies = await a.manager.get(`/api/line/replies?contactId=${contact.id}`);
    expect(replies.json().items).toEqual([
      expect.objectContaining({ content: '師傅馬上過去', sentVia: 'reply', replier: expect.any(String) }),
    ]);
    const room = await roomOfUser('Ucontact1');
    expect((await messagesOf(room.id)).slice(-1)[0]).toMatchObject({ direction: 'out', text: '師傅馬上過去' });
  });
});

describe('tenancy', () => {
  it('answers another group’s rows as not found', async () => {
    const room = await roomOfUser('Ucustomer1');
    const [faq] = await t.db.select().from(lineFaqs).where(eq(lineFaqs.groupId, a.groupId)).limit(1);
    const [contact] = await t.db.select().from(lineContacts).where(eq(lineContacts.groupId, a.groupId)).limit(1);
    expect((await b.manager.get(`/api/line/rooms/${room.id}/messages`)).statusCode).toBe(404);
    expect((await b.manager.put(`/api/line/rooms/${room.id}`, { staffHandling: true })).statusCode).toBe(404);
    expect((await b.manager.post(`/api/line/rooms/${room.id}/messages`, { text: 'x' })).statusCode).toBe(404);
    expect((await b.manager.put(`/api/line/faqs/${faq!.id}`, { keyword: 'x', reply: 'y' })).statusCode).toBe(404);
    expect((await b.manager.del(`/api/line/faqs/${faq!.id}`)).statusCode).toBe(404);
    expect((await b.manager.post(`/api/line/contacts/${contact!.id}/replies`, { content: 'x' })).statusCode).toBe(404);
    expect((await b.manager.put(`/api/line/channels/${channel.id}`, { name: 'x', channelId: '1650000001' })).statusCode).toBe(404);
    expect((await b.manager.post(`/api/line/channels/${channel.id}/test`)).statusCode).toBe(404);
    expect((await b.manager.get('/api/line/rooms')).json().items).toEqual([]);
    expect((await b.manager.get('/api/line/contacts')).json().items).toEqual([]);
    expect((await b.manager.get('/api/line/channels')).json().items).toEqual([]);
  });

  it('shows a store user the group’s rooms and their own store’s, not another store’s', async () => {
    const c = await t.tenant('Line C', { chatroom: ['view'] });
    const ch = await c.manager.post('/api/line/channels', { name: 'C', channelId: '1650000004', channelSecret: 's', accessToken: 't' });
    const room = (lineId: string, storeId: number | null) => ({
      groupId: c.groupId,
      channelId: ch.json().id,
      storeId,
      lineId,
      kind: 'user' as const,
    });
    const rows = await t.db
      .insert(lineRooms)
      .values([room('Ucgroup', null), room('Ucstore1', c.storeIds[0]), room('Ucstore2', c.storeIds[1])])
      .returning();
    const seen = (await c.staff.get('/api/line/rooms')).json().items.map((r: { lineId: string }) => r.lineId);
    expect(seen.sort()).toEqual(['Ucgroup', 'Ucstore1']);
    expect((await c.staff.get(`/api/line/rooms/${rows[2]!.id}/messages`)).statusCode).toBe(404);
    expect((await c.manager.get(`/api/line/rooms/${rows[2]!.id}/messages`)).statusCode).toBe(200);
  });

  it('needs the screens’ permissions', async () => {
    expect((await a.staff.get('/api/line/rooms')).statusCode).toBe(403);
    expect((await a.staff.post('/api/line/faqs', { keyword: 'x', reply: 'y' })).statusCode).toBe(403);
    expect((await t.anon.get('/api/line/contacts')).statusCode).toBe(401);
  });

  it('deletes an FAQ with an audit row', async () => {
    const f = await a.manager.post('/api/line/faqs', { keyword: 'tmp', reply: 'tmp' });
    const del = await a.manager.del(`/api/line/faqs/${f.json().id}`);
    expect(del.statusCode).toBe(200);
    expect((await t.lastAudit('line_faqs', f.json().id))?.action).toBe('delete');
  });
});
