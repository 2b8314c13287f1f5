import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { translate, type CustomerLink, type LineChannel } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { rowsOfResult } from '../../platform/db.js';
import { actionLog } from '../../platform/platform.schema.js';
import { devices, iotAlerts, storeDevices } from '../iot/iot.schema.js';
import { startFakeLine, type FakeLine } from './fake-line.js';
import { clientTuning } from './line-access.js';
import { existingLineRuntime, lineJobTuning, type LineRuntime } from './line-runtime.js';
import { lineContacts, lineCustomerLinks, lineLinkCodes, lineLinkRequests, lineMessages, lineNotices, lineRooms } from './line.schema.js';

let t: TestApp;
let fake: FakeLine;
let a: Tenant;
let b: Tenant;
let channel: LineChannel;
let rt: LineRuntime;
let driverId: number;
const SECRET = 'l'.repeat(32);

beforeAll(async () => {
  fake = await startFakeLine();
  clientTuning.backoffMs = () => 5;
  // The jobs are run by hand here.
  lineJobTuning.noticeEveryMs = 0;
  lineJobTuning.retentionEveryMs = 0;
  t = await createTestApp({ lineApiUrl: fake.url, secretsKey: 'test-secrets-key-links' });
  a = await t.tenant('Link A');
  b = await t.tenant('Link B');
  const res = await a.manager.post('/api/line/channels', {
    name: 'Shop A',
    channelId: '1650000101',
    channelSecret: SECRET,
    accessToken: 'tok-a',
  });
  channel = res.json();
  rt = existingLineRuntime(t.db)!;
  driverId = a.userIds.staff;
  await a.manager.put('/api/delivery-persons', { storeId: a.storeIds[0], userIds: [driverId] });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const sign = (body: string) => crypto.createHmac('sha256', SECRET).update(body).digest('base64');
let seq = 0;
async function say(userId: string, text: string, source: Record<string, string> = { type: 'user', userId }) {
  const body = JSON.stringify({
    destination: 'Ubot',
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        source,
        webhookEventId: `01LINK${String(++seq).padStart(20, '0')}`,
        deliveryContext: { isRedelivery: false },
        replyToken: `rt-${crypto.randomUUID()}`,
        message: { id: String(seq), type: 'text', quoteToken: 'q', text },
      },
    ],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: channel.webhookPath,
    headers: { 'content-type': 'application/json', 'x-line-signature': sign(body), host: 'gas.example.com' },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  await rt.whenIdle();
}
const lastReply = () => {
  const r = fake.sent('/v2/bot/message/reply').at(-1);
  return (r?.body as { messages: { text: string }[] } | undefined)?.messages[0]?.text ?? '';
};
async function newCustomer(tenant: Tenant, name: string, phone: string): Promise<number> {
  const res = await tenant.manager.post('/api/customers', {
    storeId: tenant.storeIds[0],
    type: 'residential',
    name,
    phone,
    address: '台北市中山區松江路 10 號',
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
async function linkCustomer(customerId: number, userId: string, name: string): Promise<CustomerLink> {
  fake.profiles.set(userId, name);
  const made = (await a.manager.post(`/api/line/customers/${customerId}/link/code`)).json() as CustomerLink;
  await say(userId, made.code!);
  return (await a.manager.get(`/api/line/customers/${customerId}/link`)).json();
}
const pushesTo = (userId: string) => fake.sent('/v2/bot/message/push').filter((r) => (r.body as { to: string }).to === userId);
const pushText = (r: { body: unknown }) => (r.body as { messages: { text: string }[] }).messages[0]!.text;

async function newOrder(customerId: number): Promise<number> {
  const res = await a.manager.post('/api/orders', { storeId: a.storeIds[0], customerId, orderDate: '2026-01-10', gasWeightG: 20000 });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const dispatch = (id: number) =>
  a.manager.post('/api/orders/dispatch', { orderIds: [id], deliveryPersonId: driverId, deliveryAt: '2026-01-10T09:30:00+08:00' });

describe('linking a LINE user to a customer', () => {
  it('makes a one-time code, links with it from the chat, answers and records it', async () => {
    const id = await newCustomer(a, '林美玲', '0922-111-222');
    const empty = (await a.manager.get(`/api/line/customers/${id}/link`)).json();
    expect(empty).toMatchObject({ linked: false, code: null, channelReady: true });
    const made = await a.manager.post(`/api/line/customers/${id}/link/code`);
    expect(made.statusCode).toBe(200);
    const code = made.json().code as string;
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(new Date(made.json().codeExpiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const audit = await t.lastAudit(
      'line_link_codes',
      (await t.db.select().from(lineLinkCodes).where(eq(lineLinkCodes.code, code)))[0]!.id,
    );
    expect(audit).toMatchObject({ action: 'create' });
    expect(JSON.stringify(audit)).not.toContain(code);

    fake.profiles.set('Ulin', 'Mei-ling');
    // Typed with spaces in lower case after a link word, full-width: still the code.
    await say('Ulin', `綁定 ${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    expect(lastReply()).toContain('綁定完成');
    expect(lastReply()).toContain('林美玲');
    expect(lastReply()).toMatch(/http:\/\/gas\.example\.com\/addOrder\?line=/);
    const linked = (await a.manager.get(`/api/line/customers/${id}/link`)).json();
    expect(linked).toMatchObject({ linked: true, lineName: 'Mei-ling', notifyOrders: true, notifyLowGas: true, code: null });
    const [log] = await t.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'lineLink'), eq(actionLog.entity, 'line_customer_links')))
      .orderBy(desc(actionLog.id));
    expect(log).toMatchObject({ userId: null, groupId: a.groupId });
    expect(log!.after).toMatchObject({ customerId: id });

    // Used once: the same code again is answered as used, and no contact is made of it.
    await say('Uother', code);
    expect(lastReply()).toContain('已過期或已使用');
    const [room] = await t.db.select().from(lineRooms).where(eq(lineRooms.lineId, 'Uother'));
    expect((await t.db.select().from(lineCustomerLinks).where(eq(lineCustomerLinks.roomId, room!.id))).length).toBe(0);
  });

  it('answers a wrong code, lets a plain word through to the FAQs, refuses an expired code and another group’s code', async () => {
    await say('Uwrong', 'link ABCDEFGH');
    expect(lastReply()).toContain('綁定碼不正確');
    const before = fake.sent('/v2/bot/message/reply').length;
    // A bare 8-letter word that is no code: not answered as a code (no FAQ here: a contact is made).
    await say('Uwrong', 'THANKYOU');
    expect(fake.sent('/v2/bot/message/reply').length).toBe(before);

    const id = await newCustomer(a, '王志明', '0933-000-111');
    const code = (await a.manager.post(`/api/line/customers/${id}/link/code`)).json().code as string;
    await t.db
      .update(lineLinkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(lineLinkCodes.code, code));
    await say('Uexpired', code);
    expect(lastReply()).toContain('已過期或已使用');
    expect((await a.manager.get(`/api/line/customers/${id}/link`)).json().linked).toBe(false);

    const bId = await newCustomer(b, '外人', '0944-000-111');
    const bCode = (await b.manager.post(`/api/line/customers/${bId}/link/code`)).json().code as string;
    // B has no channel in service: its code cannot be used on A's channel.
    expect((await b.manager.get(`/api/line/customers/${bId}/link`)).json().channelReady).toBe(false);
    await say('Ustranger', `link ${bCode}`);
    expect(lastReply()).toContain('綁定碼不正確');
  });

  it('a new code replaces the old one; switches and unlinking by staff are audited; another tenant gets 404', async () => {
    const id = await newCustomer(a, '張雅婷', '0955-000-111');
    const first = (await a.manager.post(`/api/line/customers/${id}/link/code`)).json().code as string;
    const second = (await a.manager.post(`/api/line/customers/${id}/link/code`)).json().code as string;
    expect(second).not.toBe(first);
    await say('Uzhang', first);
    expect(lastReply()).toContain('已過期或已使用');
    await say('Uzhang', second);
    expect((await a.manager.get(`/api/line/customers/${id}/link`)).json().linked).toBe(true);

    const off = await a.manager.put(`/api/line/customers/${id}/link`, { notifyOrders: false, notifyLowGas: true });
    expect(off.json()).toMatchObject({ notifyOrders: false, notifyLowGas: true });
    const [link] = await t.db.select().from(lineCustomerLinks).where(eq(lineCustomerLinks.customerId, id));
    expect(await t.lastAudit('line_customer_links', link!.id)).toMatchObject({
      before: { notifyOrders: true },
      after: { notifyOrders: false },
    });
    expect((await a.manager.put(`/api/line/customers/${id}/link`, { notifyOrders: 'no' })).statusCode).toBe(400);

    for (const res of [
      await b.manager.get(`/api/line/customers/${id}/link`),
      await b.manager.post(`/api/line/customers/${id}/link/code`),
      await b.manager.put(`/api/line/customers/${id}/link`, { notifyOrders: true, notifyLowGas: true }),
      await b.manager.del(`/api/line/customers/${id}/link`),
    ])
      expect(res.statusCode).toBe(404);
    // The store's staff may look (Customer view) but not change it (Customer edit).
    expect((await a.staff.get(`/api/line/customers/${id}/link`)).statusCode).toBe(200);
    expect((await a.staff.post(`/api/line/customers/${id}/link/code`)).statusCode).toBe(403);
    expect((await a.staff.del(`/api/line/customers/${id}/link`)).statusCode).toBe(403);

    const un = await a.manager.del(`/api/line/customers/${id}/link`);
    expect(un.json()).toMatchObject({ linked: false });
    expect(await t.lastAudit('line_customer_links', link!.id)).toMatchObject({ action: 'delete' });
    expect((await a.manager.del(`/api/line/customers/${id}/link`)).statusCode).toBe(404);
  });
});

describe('linking started from the chat with a phone number', () => {
  const ASKED = translate('zh-TW', 'line.link.phoneAsked');
  const roomOf = async (lineId: string) => (await t.db.select().from(lineRooms).where(eq(lineRooms.lineId, lineId)))[0]!;
  const contactsOf = async (lineId: string) =>
    t.db
      .select()
      .from(lineContacts)
      .where(eq(lineContacts.roomId, (await roomOf(lineId)).id));

  it('puts the request on the card of the customer with that phone, the same answer for any phone, then links with the code staff give', async () => {
    const id = await newCustomer(a, '陳淑芬', '0933-444-555');
    // The same phone at another tenant is not theirs to see.
    const bId = await newCustomer(b, '別家客戶', '0933444555');
    fake.profiles.set('Uchen', 'Shu-fen');
    await say('Uchen', '綁定 +886 933 444 555');
    expect(lastReply()).toBe(ASKED);
    const card = (await a.manager.get(`/api/line/customers/${id}/link`)).json() as CustomerLink;
    expect(card.requests).toEqual([{ lineName: 'Shu-fen', phone: '886933444555', requestedAt: expect.any(String) }]);
    expect((await b.manager.get(`/api/line/customers/${bId}/link`)).json().requests).toEqual([]);
    // Staff see it among the contacts, in the customer's store.
    const [contact] = await contactsOf('Uchen');
    expect(contact).toMatchObject({ source: 'line', storeId: a.storeIds[0], content: '綁定 +886 933 444 555', reporter: 'Shu-fen' });
    expect(contact!.messageId).not.toBeNull();

    // A phone no customer has is answered word for word the same (the chat does not tell who is a customer).
    await say('Ustranger2', 'link 0999-888-777');
    expect(lastReply()).toBe(ASKED);
    const [unknown] = await t.db
      .select()
      .from(lineLinkRequests)
      .where(eq(lineLinkRequests.roomId, (await roomOf('Ustranger2')).id));
    expect(unknown).toMatchObject({ customerId: null, phone: '0999888777' });

    // Staff call the customer and read out a code; it links the user, and the request is done.
    const code = (await a.manager.post(`/api/line/customers/${id}/link/code`)).json().code as string;
    expect((await a.manager.get(`/api/line/customers/${id}/link`)).json().requests).toHaveLength(1);
    await say('Uchen', code);
    expect(lastReply()).toContain('綁定完成');
    const linked = (await a.manager.get(`/api/line/customers/${id}/link`)).json() as CustomerLink;
    expect(linked).toMatchObject({ linked: true, lineName: 'Shu-fen', requests: [] });
    const open = await t.db
      .select()
      .from(lineLinkRequests)
      .where(and(eq(lineLinkRequests.customerId, id), sql`${lineLinkRequests.doneAt} IS NULL`));
    expect(open).toEqual([]);
  });

  it('asks at most three times a day per LINE user, and only in a 1:1 chat', async () => {
    for (let i = 0; i < 3; i++) {
      await say('Urepeat', `link 0977-000-00${i}`);
      expect(lastReply()).toBe(ASKED);
    }
    await say('Urepeat', 'link 0977-000-009');
    expect(lastReply()).toBe(translate('zh-TW', 'line.link.phoneTooMany'));
    expect(
      (
        await t.db
          .select()
          .from(lineLinkRequests)
          .where(eq(lineLinkRequests.roomId, (await roomOf('Urepeat')).id))
      ).length,
    ).toBe(3);
    expect(await contactsOf('Urepeat')).toHaveLength(3);

    // In a group the same words are nobody's request (a group is not one customer).
    const id = await newCustomer(a, '群組裡的人', '0988-765-432');
    await say('Ugroupmember', '綁定 0988765432', { type: 'group', groupId: 'Cgroup1', userId: 'Ugroupmember' });
    expect((await a.manager.get(`/api/line/customers/${id}/link`)).json().requests).toEqual([]);
    expect(
      await t.db
        .select()
        .from(lineLinkRequests)
        .where(eq(lineLinkRequests.roomId, (await roomOf('Cgroup1')).id)),
    ).toEqual([]);
  });
});

describe('order links', () => {
  it('prefills /addOrder for that one customer until unlinked; a changed or foreign token is 404', async () => {
    const id = await newCustomer(a, '黃建華', '0966-123-456');
    await linkCustomer(id, 'Uhuang', 'Huang');
    await say('Uhuang', '訂購');
    const url = new URL(lastReply().split(' ').pop()!.split('：').pop()!.trim());
    const token = url.searchParams.get('line')!;
    const res = await t.anon.get(`/api/public/line-order/${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      storeId: a.storeIds[0],
      name: '黃建華',
      phone: '0966-123-456',
      address: '台北市中山區松江路 10 號',
    });
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect((await t.anon.get(`/api/public/line-order/${encodeURIComponent(flipped)}`)).statusCode).toBe(404);
    expect((await t.anon.get('/api/public/line-order/not-a-token-at-all-xxxxxxxx')).statusCode).toBe(404);
    await a.manager.del(`/api/line/customers/${id}/link`);
    expect((await t.anon.get(`/api/public/line-order/${encodeURIComponent(token)}`)).statusCode).toBe(404);
    // An unlinked user asking for an order link is left to the FAQs (no link is answered).
    const replies = fake.sent('/v2/bot/message/reply').length;
    await say('Uhuang', 'order');
    expect(fake.sent('/v2/bot/message/reply').length).toBe(replies);
  });
});

async function lowGasAlert(customerId: number, percent: number): Promise<number> {
  const [dev] = await t.db
    .insert(devices)
    .values({
      serial: `SC-${crypto.randomUUID().slice(0, 8)}`,
      groupId: a.groupId,
      storeId: a.storeIds[0],
      transferred: true,
      secretHash: 'x',
    })
    .returning();
  const [sd] = await t.db
    .insert(storeDevices)
    .values({
      groupId: a.groupId,
      storeId: a.storeIds[0],
      deviceId: dev!.id,
      customerId,
      installDate: '2026-01-01',
      capacityGrams: 20000,
      tareGrams: 15000,
    })
    .returning();
  const [alert] = await t.db
    .insert(iotAlerts)
    .values({
      groupId: a.groupId,
      storeId: a.storeIds[0],
      deviceId: dev!.id,
      storeDeviceId: sd!.id,
      customerId,
      kind: 'lowGas',
      value: percent,
    })
    .returning();
  return alert!.id;
}

describe('notices to linked customers', () => {
  it('pushes dispatched, delivered and low gas once each, with a retry key, kept in the conversation', async () => {
    const id = await newCustomer(a, '吳俊傑', '0977-000-111');
    await linkCustomer(id, 'Uwu', 'Wu');
    const orderId = await newOrder(id);
    const orderNo = (await a.manager.get(`/api/orders/${orderId}`)).json().orderNo as string;
    expect((await dispatch(orderId)).statusCode).toBe(200);
    expect((await a.manager.post(`/api/orders/${orderId}/delivered`, { gasWeightG: 20000 })).statusCode).toBe(200);
    await lowGasAlert(id, 12);

    const run = await rt.runNotices();
    expect(run.sent).toBeGreaterThanOrEqual(3);
    const texts = pushesTo('Uwu').map(pushText);
    expect(texts).toHaveLength(3);
    expect(texts.find((x) => x.includes('已派送'))).toContain(orderNo);
    // 09:30 on the group's clock (Asia/Taipei).
    expect(texts.find((x) => x.includes('已派送'))).toContain('09:30');
    expect(texts.find((x) => x.includes('已送達'))).toContain(orderNo);
    expect(texts.find((x) => x.includes('12%'))).toMatch(/addOrder\?line=/);
    for (const p of pushesTo('Uwu')) expect(p.headers['x-line-retry-key']).toMatch(/^[0-9a-f-]{36}$/);

    // A re-run sends nothing again; the notices are marked sent and in the room's conversation.
    await rt.runNotices();
    expect(pushesTo('Uwu')).toHaveLength(3);
    const notices = await t.db.select().from(lineNotices).where(eq(lineNotices.customerId, id));
    expect(notices.map((n) => `${n.kind}:${n.status}`).sort()).toEqual(['lowGas:sent', 'orderDelivered:sent', 'orderDispatched:sent']);
    const [link] = await t.db.select().from(lineCustomerLinks).where(eq(lineCustomerLinks.customerId, id));
    const out = await t.db
      .select()
      .from(lineMessages)
      .where(and(eq(lineMessages.roomId, link!.roomId), eq(lineMessages.sentVia, 'push')));
    expect(out).toHaveLength(3);
  });

  it('writes to each customer in their LINE language: the link answer and the notices in Japanese for a `ja` profile', async () => {
    const id = await newCustomer(a, '佐藤花子', '0911-222-333');
    fake.languages.set('Usato', 'ja');
    await linkCustomer(id, 'Usato', 'Hanako');
    expect(lastReply()).toContain(translate('ja-JP', 'line.link.linked', { name: '佐藤花子' }));
    const orderId = await newOrder(id);
    const orderNo = (await a.manager.get(`/api/orders/${orderId}`)).json().orderNo as string;
    expect((await dispatch(orderId)).statusCode).toBe(200);
    await rt.runNotices();
    const [text] = pushesTo('Usato').map(pushText);
    // ご注文 <no> を配車しました。配達予定：<time>。 — the time as the group's clock reads it, in Japanese.
    expect(text!.startsWith(translate('ja-JP', 'line.notify.orderDispatched', { orderNo, time: '@' }).split('@')[0]!)).toBe(true);
    expect(text).toContain('09:30');
  });

  it('sends nothing for a switch turned off, nor for what happened before the link', async () => {
    const id = await newCustomer(a, '李宗翰', '0988-000-111');
    const early = await newOrder(id);
    await dispatch(early);
    await linkCustomer(id, 'Uli', 'Li');
    await a.manager.put(`/api/line/customers/${id}/link`, { notifyOrders: false, notifyLowGas: false });
    const orderId = await newOrder(id);
    await dispatch(orderId);
    await lowGasAlert(id, 8);
    await rt.runNotices();
    expect(pushesTo('Uli')).toHaveLength(0);
    expect((await t.db.select().from(lineNotices).where(eq(lineNotices.customerId, id))).length).toBe(0);
    // Switched on again: only what happens from now on within the window is told (the dispatch above is).
    await a.manager.put(`/api/line/customers/${id}/link`, { notifyOrders: true, notifyLowGas: false });
    await rt.runNotices();
    expect(pushesTo('Uli').map(pushText)).toEqual([expect.stringContaining('已派送')]);
  });

  it('retries a 429 with the same retry key and sends once; a crash after LINE accepted is answered 409 and counted', async () => {
    const id = await newCustomer(a, '陳冠宇', '0912-000-999');
    await linkCustomer(id, 'Uchen', 'Chen');
    const orderId = await newOrder(id);
    await dispatch(orderId);
    fake.failNext('/v2/bot/message/push', 429, 2);
    await rt.runNotices();
    const tries = pushesTo('Uchen');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((p) => p.headers['x-line-retry-key'])).size).toBe(1);
    const [notice] = await t.db.select().from(lineNotices).where(eq(lineNotices.customerId, id));
    expect(notice).toMatchObject({ status: 'sent', attempts: 1 });

    // As if the process stopped after LINE accepted the push and before marking it: the same key again.
    await t.db.update(lineNotices).set({ status: 'pending', sentAt: null }).where(eq(lineNotices.id, notice!.id));
    await rt.runNotices();
    const again = pushesTo('Uchen');
    expect(again).toHaveLength(4);
    expect(again[3]!.headers['x-line-retry-key']).toBe(tries[0]!.headers['x-line-retry-key']);
    expect((await t.db.select().from(lineNotices).where(eq(lineNotices.id, notice!.id)))[0]!.status).toBe('sent');
  });

  it('keeps a notice pending while LINE is down and gives up on a refusal', async () => {
    const id = await newCustomer(a, '周怡君', '0913-000-999');
    await linkCustomer(id, 'Uzhou', 'Zhou');
    await dispatch(await newOrder(id));
    fake.failNext('/v2/bot/message/push', 500, 4);
    await rt.runNotices();
    const [n1] = await t.db.select().from(lineNotices).where(eq(lineNotices.customerId, id));
    expect(n1).toMatchObject({ status: 'pending', attempts: 1 });
    await rt.runNotices();
    expect((await t.db.select().from(lineNotices).where(eq(lineNotices.id, n1!.id)))[0]!.status).toBe('sent');

    await dispatch(await newOrder(id));
    fake.failNext('/v2/bot/message/push', 400, 1);
    await rt.runNotices();
    const failed = (await t.db.select().from(lineNotices).where(eq(lineNotices.customerId, id))).find((n) => n.id !== n1!.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.error).toContain('400');
  });

  it('counts the month’s pushes on the channel test', async () => {
    const res = await a.manager.post(`/api/line/channels/${channel.id}/test`);
    const [row] = rowsOfResult<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from line_messages m join line_rooms r on r.id = m.room_id
        where r.channel_id = ${channel.id} and m.sent_via = 'push'`),
    );
    expect(row!.n).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ ok: true, pushedByGasops: row!.n });
  });
});
