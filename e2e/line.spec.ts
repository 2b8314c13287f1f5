import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translate } from '@gasops/shared';
import { DEMO_PASSWORD } from './support/env.js';
import { login, newPage, noBrowser, send, shot, useBrowser } from './support/browser.js';
import { pick } from './support/antd.js';
import { fieldOf, searchList } from './support/fields.js';
import { deliverToWebhook, fakeLineRequests, followEvent, sentWithText, textEvent } from './support/line.js';

useBrowser();

const L = 'en-US';
const tr = (key: string, params?: Record<string, unknown>) => translate(L, key, params);
/** Unique per run: every row below is found by it. */
const RUN = Date.now().toString(36).toUpperCase();
const USER = `U${crypto.randomBytes(16).toString('hex')}`;
const SECRET = crypto.randomBytes(16).toString('hex');
const TOKEN = `token-${RUN}`;
const QUESTION = `Do you deliver to the mountain road? ${RUN}`;
const STAFF_REPLY = `Yes, every Tuesday. ${RUN}`;
const FAQ_KEYWORD = `opening-${RUN}`;
const FAQ_REPLY = `We open at 8:00 every day. ${RUN}`;
const CONTACT_REPLY = `Our driver will call you first. ${RUN}`;

async function openScreen(page: Page, screen: string) {
  await page.goto(`/manager/${screen}`);
  await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe(tr(`menu.${screen}`));
}

describe.skipIf(noBrowser)('LINE customer service: channel settings → webhook → chat, FAQ, contact and reply', () => {
  it('connects the channel, answers a customer in the chat, by an FAQ and through a contact reply', async () => {
    const { page } = await newPage({ language: L });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await login(page, 'manager', DEMO_PASSWORD);

    // ---- channel settings: the demo channel has no credentials; enter them, then test the connection ----
    await openScreen(page, 'chatroom');
    await page.getByTestId('line-channel-settings').click();
    const drawer = page.getByTestId('line-channel-drawer');
    await drawer.getByTestId('line-channel-edit').first().click();
    await fieldOf(page, 'line-channel-secret').fill(SECRET);
    await fieldOf(page, 'line-channel-token').fill(TOKEN);
    await page.getByTestId('line-channel-save').click();
    await expect.poll(() => drawer.getByTestId('line-channel-secret-state').first().textContent()).toBe(tr('line.channel.isSet'));
    expect(await drawer.getByTestId('line-channel-token-state').first().textContent()).toBe(tr('line.channel.isSet'));
    // Write-only: what was typed is nowhere on the page.
    expect(await page.content()).not.toContain(SECRET);
    await drawer.getByTestId('line-channel-test').first().click();
    const result = drawer.getByTestId('line-channel-test-result');
    await expect.poll(() => result.textContent()).toContain(tr('line.channel.testOk', { botName: 'Fake gas shop' }));
    // This month's quota as the fake LINE answers it (200), whatever was sent before.
    for (const part of tr('line.channel.quota', { used: '\u0000', quota: 200 }).split('\u0000'))
      expect(await result.textContent()).toContain(part);
    const webhookUrl = (await drawer.getByTestId('line-webhook-url').first().textContent())!.trim();
    expect(webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/line\/webhook\/[A-Za-z0-9_-]{8,64}$/);
    const webhookPath = new URL(webhookUrl).pathname;
    await shot(page, 'line-channel-settings');
    // Ending the service asks first and shows the end; resuming puts it back in service.
    await drawer.getByTestId('line-channel-end').first().click();
    await page.getByTestId('line-channel-end-confirm').click();
    await drawer.getByTestId('line-channel-ended').waitFor();
    await drawer.getByTestId('line-channel-end').first().click();
    await page.getByTestId('line-channel-end-confirm').click();
    await drawer.getByTestId('line-channel-ended').waitFor({ state: 'detached' });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'detached' });

    // ---- LINE delivers a follow and a question nobody answers: the chat appears with the message ----
    const delivered = await deliverToWebhook(webhookPath, SECRET, [followEvent(USER), textEvent(USER, QUESTION)]);
    expect(delivered).toEqual({ status: 200, body: { received: 2 } });
    // A wrong signature is refused.
    expect((await deliverToWebhook(webhookPath, `${SECRET}x`, [textEvent(USER, 'forged')])).status).toBe(401);

    await searchList(page, 'line-room-search', USER);
    const roomButton = page.locator('[data-testid^="line-room-open-"]');
    await expect.poll(() => roomButton.count(), { timeout: 15_000 }).toBe(1);
    await roomButton.click();
    const conversation = page.getByTestId('line-conversation');
    await expect.poll(() => conversation.getByTestId('line-messages').textContent(), { timeout: 15_000 }).toContain(QUESTION);

    // ---- a staff reply typed on the screen reaches LINE (the fresh reply token, or a push) ----
    await fieldOf(page, 'line-reply-text').fill(STAFF_REPLY);
    await page.getByTestId('line-reply-send').click();
    await expect.poll(() => sentWithText(STAFF_REPLY)).toHaveLength(1);
    const [staffSent] = await sentWithText(STAFF_REPLY);
    expect(staffSent!.path === '/v2/bot/message/push' ? staffSent!.to : staffSent!.replyToken).toBeTruthy();
    await expect.poll(() => conversation.locator('[data-testid="line-message-out"]').last().textContent()).toContain(STAFF_REPLY);
    expect(await conversation.locator('[data-testid="line-message-out"]').last().textContent()).toMatch(
      new RegExp(`${tr('line.sentVia.reply')}|${tr('line.sentVia.push')}`),
    );
    await shot(page, 'line-conversation');
    await page.keyboard.press('Escape');

    // ---- the unanswered question is a pending FAQ candidate ----
    await openScreen(page, 'faq');
    await page.getByTestId('faq-status-pending').click();
    await searchList(page, 'faq-search', RUN);
    await expect.poll(() => page.getByTestId('data-table').textContent()).toContain(QUESTION);

    // ---- an FAQ made on the screen answers the next matching message with the reply token ----
    await page.getByTestId('faq-status-all').click();
    await page.getByTestId('faq-add').click();
    await fieldOf(page, 'faq-form-keyword').fill(FAQ_KEYWORD);
    await fieldOf(page, 'faq-form-reply').fill(FAQ_REPLY);
    await page.getByTestId('faq-save').click();
    await searchList(page, 'faq-search', FAQ_KEYWORD);
    await expect.poll(() => page.getByTestId('data-table').textContent()).toContain(FAQ_REPLY);
    expect(await page.getByTestId('data-table').textContent()).toContain(tr('line.faqStatus.maintained'));

    const token = `rt-faq-${RUN}`;
    expect((await deliverToWebhook(webhookPath, SECRET, [textEvent(USER, `Hi, ${FAQ_KEYWORD} please?`, token)])).status).toBe(200);
    await expect
      .poll(() => sentWithText(FAQ_REPLY), { timeout: 15_000 })
      .toEqual([{ path: '/v2/bot/message/reply', replyToken: token, to: undefined }]);

    // ---- the question appears in contact_customer, unanswered, from LINE ----
    await openScreen(page, 'contact_customer');
    await page.getByTestId('contact-unanswered').click();
    await searchList(page, 'contact-search', RUN);
    const table = page.getByTestId('data-table');
    await expect.poll(() => table.textContent()).toContain(QUESTION);
    expect(await table.textContent()).toContain(tr('line.contact.unanswered'));
    expect(await table.textContent()).toContain(tr('line.source.line'));
    await shot(page, 'line-contacts');

    // ---- a reply on replay_customer goes to the customer on LINE ----
    await openScreen(page, 'replay_customer');
    await page.getByTestId('reply-add').click();
    await pick(page, page.getByTestId('reply-contact'), QUESTION, { search: RUN });
    await expect.poll(() => page.getByTestId('reply-destination').textContent()).toBe(tr('line.reply.toLine'));
    await fieldOf(page, 'reply-form-content').fill(CONTACT_REPLY);
    await page.getByTestId('reply-save').click();
    await expect.poll(() => sentWithText(CONTACT_REPLY)).toHaveLength(1);
    const [contactSent] = await sentWithText(CONTACT_REPLY);
    // The question's reply token went to the staff reply above: this one is pushed to the user.
    expect(contactSent).toEqual({ path: '/v2/bot/message/push', to: USER, replyToken: undefined });
    await expect.poll(() => page.getByTestId('data-table').textContent()).toContain(CONTACT_REPLY);
    expect(await page.getByTestId('data-table').textContent()).toContain(tr('line.sentVia.push'));
    await shot(page, 'line-replies');

    // The contact is answered now.
    await openScreen(page, 'contact_customer');
    await searchList(page, 'contact-search', RUN);
    await expect.poll(() => page.getByTestId('data-table').textContent()).toContain(tr('line.contact.answeredCount', { count: 1 }));

    // ---- the customer links their chat with a code from the shop, then orders from the link in the chat ----
    const me = await send<{ defaultStoreId: number | null; stores: { id: number }[] }>(page.context(), 'GET', '/auth/me');
    const customer = await send<{ id: number }>(page.context(), 'POST', '/customers', {
      storeId: me.defaultStoreId ?? me.stores[0]!.id,
      type: 'residential',
      name: `LINE Customer ${RUN}`,
      phone: '0912-345-678',
      address: `No. 3, Link Lane ${RUN}`,
    });
    await page.goto(`/manager/CustomerDetail/${customer.id}`);
    const card = page.getByTestId('customer-line-link');
    await card.getByTestId('customer-line-make-code').click();
    await expect.poll(() => card.getByTestId('customer-line-code').textContent()).toMatch(/^\w{4,}$/);
    const code = (await card.getByTestId('customer-line-code').textContent())!;
    expect((await deliverToWebhook(webhookPath, SECRET, [textEvent(USER, code)])).status).toBe(200);
    // The card shows the chat linked, and the chat got the order link.
    // (The card asks again while its code is out: it turns linked by itself. The fake LINE knows no name for this user.)
    await card.getByTestId('customer-line-name').waitFor({ timeout: 15_000 });
    const sentTexts = async () =>
      (await fakeLineRequests()).flatMap((r) => ((r.body as { messages?: { text: string }[] } | null)?.messages ?? []).map((m) => m.text));
    const orderLink = async () => (await sentTexts()).join('\n').match(/https?:\/\/\S+\/addOrder\?line=[\w.~-]+/)?.[0];
    await expect.poll(orderLink, { timeout: 15_000 }).toBeTruthy();
    const link = (await orderLink())!;
    await shot(page, 'line-customer-linked');
    // The order page from the link, as the customer opens it (no GasOps session): their details filled in.
    const customerPage = await newPage({ language: L, viewport: 'phone' });
    await customerPage.page.goto(new URL(link).pathname + new URL(link).search);
    await expect.poll(() => fieldOf(customerPage.page, 'public-name').inputValue()).toBe(`LINE Customer ${RUN}`);
    expect(await fieldOf(customerPage.page, 'public-phone').inputValue()).toBe('0912-345-678');
    expect(await fieldOf(customerPage.page, 'public-address').inputValue()).toBe(`No. 3, Link Lane ${RUN}`);
    await shot(customerPage.page, 'line-order-prefilled');
    await customerPage.context.close();
    expect(pageErrors).toEqual([]);
  });
});
