import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers.js';
import { DEMO_PASSWORD, seedDemo } from '../../platform/demo.js';
import { MODULES } from '../index.js';

let t: TestApp;
let manager: Caller;
beforeAll(async () => {
  t = await createTestApp({ lineApiUrl: 'http://127.0.0.1:9' });
  await seedDemo(
    t.db,
    MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : [])),
  );
  manager = await t.login('manager', DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('the LINE demo', () => {
  it('has rooms with conversations, FAQs in every status and contacts, and a channel waiting for its credentials', async () => {
    const rooms = (await manager.get('/api/line/rooms')).json();
    expect(rooms.total).toBe(4);
    expect(rooms.items.map((r: { name: string; lastText: string }) => [r.name, r.lastText])).toEqual([
      ['王小明', '請告訴我們您的地址與桶裝規格（例如 20 公斤），我們會盡快安排配送。'],
      ['陳美玲', '可以用信用卡付款嗎'],
      ['幸福社區住戶群', '社區團購這個月還有嗎？'],
      ['林志豪', '林先生您好，師傅明天上午會過去幫您檢查，謝謝！'],
    ]);
    const conv = (await manager.get(`/api/line/rooms/${rooms.items[0].id}/messages`)).json();
    expect(conv.items.length).toBeGreaterThan(1);
    const statuses = new Set((await manager.get('/api/line/faqs?pageSize=100')).json().items.map((f: { status: string }) => f.status));
    expect([...statuses].sort()).toEqual(['maintained', 'notMaintained', 'pending']);
    const contacts = (await manager.get('/api/line/contacts')).json();
    expect(contacts.total).toBe(3);
    expect(contacts.items.map((c: { reporter: string; replies: number }) => [c.reporter, c.replies])).toEqual([
      ['陳美玲', 0],
      ['張太太（電話）', 0],
      ['林志豪', 1],
    ]);
    expect((await manager.get('/api/line/contacts?unanswered=true')).json().total).toBe(2);
    expect((await manager.get('/api/line/replies')).json().total).toBe(1);

    const [channel] = (await manager.get('/api/line/channels')).json().items;
    expect(channel).toMatchObject({ hasSecret: false, hasAccessToken: false });
    // No credentials yet: nothing can be sent, and no webhook call is believed.
    expect((await manager.post(`/api/line/channels/${channel.id}/test`)).statusCode).toBe(409);
    const hook = await t.app.inject({
      method: 'POST',
      url: channel.webhookPath,
      headers: { 'content-type': 'application/json', 'x-line-signature': 'x' },
      payload: '{"events":[]}',
    });
    expect(hook.statusCode).toBe(401);
  });

  it('links 王小明’s chat to a customer of the store, low-gas notices off', async () => {
    const first = (await manager.get('/api/customers?pageSize=100')).json().items as { id: number }[];
    const links = await Promise.all(first.map(async (c) => (await manager.get(`/api/line/customers/${c.id}/link`)).json()));
    const linked = links.filter((l: { linked: boolean }) => l.linked);
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ lineName: '王小明', notifyOrders: true, notifyLowGas: false, channelReady: false });
  });
});
