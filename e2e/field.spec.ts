import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  currencyMinorDigits,
  translate,
  type FieldActionPage,
  type FieldCylinderLookup,
  type FieldOrder,
  type FieldToday,
  type InspectionPage,
  type Locale,
  type OrderDetail,
} from '@gasops/shared';
import { ADMIN_PASSWORD, chromiumPath, DEMO_PASSWORD } from './support/env.js';
import { baseURL, login, newPage, noBrowser, shot, useBrowser } from './support/browser.js';

useBrowser();

/**
 * The field app (issue 13) on a phone (390×844): a whole delivery on gasRound with typed scans,
 * residual gas kept as store gas, a signature drawn with the mouse and cash; gasReturn and
 * gasPackaging with the seed's four messages; a safety inspection with a failed item on gasExamine;
 * a delivery and a return made offline that sync exactly once when the network returns (the app
 * reopened offline in between); and an answer lost after the server committed, whose retry doubles
 * nothing.
 */

const EN: Locale = 'en-US';
const en = (key: string, params?: Record<string, unknown>) => translate(EN, key, params);
const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 150 });

type Api = {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, data: unknown) => Promise<T>;
  put: <T>(path: string, data: unknown) => Promise<T>;
  del: (path: string, data: unknown) => Promise<void>;
};

/** The API as the signed-in context calls it (session cookie and the CSRF header). */
async function apiOf(context: BrowserContext): Promise<Api> {
  const csrf = async () => (await context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const ok = async (res: Awaited<ReturnType<BrowserContext['request']['get']>>, what: string) => {
    expect(res.status(), `${what}: ${await res.text()}`).toBeLessThan(300);
    return res;
  };
  return {
    get: async <T>(path: string) => (await (await ok(await context.request.get(`/api${path}`), `GET ${path}`)).json()) as T,
    post: async <T>(path: string, data: unknown) =>
      (await (
        await ok(await context.request.post(`/api${path}`, { data, headers: { 'x-csrf-token': await csrf() } }), `POST ${path}`)
      ).json()) as T,
    put: async <T>(path: string, data: unknown) =>
      (await (
        await ok(await context.request.put(`/api${path}`, { data, headers: { 'x-csrf-token': await csrf() } }), `PUT ${path}`)
      ).json()) as T,
    del: async (path: string, data: unknown) => {
      await ok(await context.request.delete(`/api${path}`, { data, headers: { 'x-csrf-token': await csrf() } }), `DELETE ${path}`);
    },
  };
}

/** A signed-in API context without a page (the office's view: manager, or the platform administrator). */
const officeContexts: BrowserContext[] = [];
async function office(browser: Browser, account: string, password: string): Promise<Api> {
  const context = await browser.newContext({ baseURL: baseURL() });
  officeContexts.push(context);
  const res = await context.request.post('/api/auth/login', { data: { account, password, place: 'admin' } });
  expect(res.status(), await res.text()).toBe(200);
  return apiOf(context);
}
afterAll(async () => {
  await Promise.all(officeContexts.map((c) => c.close()));
});

/** The field app signed in on a phone-sized page. */
async function phone(account: string) {
  const { page, context } = await newPage({ language: EN, viewport: 'phone' });
  await page.setViewportSize({ width: 390, height: 844 });
  onTestFailed(async () => {
    await shot(page, `field-failed-${account}-${Date.now()}`).catch(() => undefined);
  });
  await login(page, account, DEMO_PASSWORD, 'seeker');
  await page.getByTestId('mobile-layout').waitFor();
  // Touch targets of 44 px or more, the header's two buttons too (they were antd's 32 px).
  for (const id of ['language-switch', 'user-menu']) {
    const box = (await page.getByTestId('mobile-layout').getByTestId(id).boundingBox())!;
    expect(Math.min(box.width, box.height), id).toBeGreaterThanOrEqual(44);
  }
  return { page, context, api: await apiOf(context), browser: context.browser()! };
}

/** Types a code the way a keyboard-wedge scanner sends it (the code, then Enter). */
async function scan(page: Page, entry: string, code: string) {
  const input = page.getByTestId(`${entry}-input`);
  await input.fill(code);
  await input.press('Enter');
}

async function scanAndWait(page: Page, entry: string, code: string) {
  const before = await page.getByTestId(`${entry}-list`).locator(`[data-testid^="${entry}-line-"][data-testid$="-code"]`).count();
  await scan(page, entry, code);
  await poll(() => page.getByTestId(`${entry}-list`).locator(`[data-testid^="${entry}-line-"][data-testid$="-code"]`).count()).toBe(
    before + 1,
  );
}

/** A signature: a few strokes with the mouse on the canvas. */
async function sign(page: Page) {
  const canvas = page.getByTestId('signature');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + 100 - (i % 2) * 50, { steps: 3 });
  await page.mouse.up();
}

/** The back office signed in on a desktop page (the manager demo account). */
async function officePage() {
  const { page, context } = await newPage({ language: EN, viewport: 'desktop' });
  onTestFailed(async () => {
    await shot(page, `field-office-failed-${Date.now()}`).catch(() => undefined);
  });
  await login(page, 'manager', DEMO_PASSWORD);
  return { page, context };
}

const problemOf = (page: Page, entry: string) => page.getByTestId(`${entry}-problem`);
/** A toast of the field app (its own, modules/field/toasts.tsx: the field app loads no antd). */
const toast = (page: Page, text: string) => page.getByTestId('field-toasts').getByText(text);

/**
 * Chooses an option of a native <select> (the field app's pickers): the one whose text contains
 * `text`, or without it the first real option that is not the chosen one — once the options are there.
 */
async function choose(select: Locator, text?: string) {
  const find = () =>
    select.evaluate(
      (el: HTMLSelectElement, wanted) =>
        Array.from(el.options).find(
          (o) => o.value !== '' && !o.disabled && (wanted === null ? o.value !== el.value : o.text.includes(wanted)),
        )?.value ?? null,
      text ?? null,
    );
  await poll(find).not.toBeNull();
  const value = (await find())!;
  await select.selectOption(value);
  expect(await select.inputValue()).toBe(value);
}

/** Cylinders as the server sees them now. */
async function cylindersOf(api: Api, codes: string[]) {
  const answer = await api.get<FieldCylinderLookup>(`/field/cylinders?codes=${codes.join(',')}`);
  return new Map(answer.items.map((c) => [c.containerNo, c]));
}

/** Opens an order's delivery form on gasRound. */
async function openOrder(page: Page, order: FieldOrder) {
  const card = page.getByTestId(`round-order-${order.id}`);
  await card.getByTestId('order-open').click();
  await page.getByTestId('delivery-form').waitFor();
}

describe.skipIf(noBrowser)('field app on a phone', () => {
  it('delivers an order: typed scans, residual gas as store gas, signature, cash → completed, cylinders moved', async () => {
    const { page, api, browser } = await phone('driver');
    await page.goto('/mobile/gasRound');
    const day = await api.get<FieldToday>('/field/today');
    const order = day.orders.find((o) => o.status === 'not_delivered' && o.cylindersAtCustomer.length > 0)!;
    expect(order, 'a demo order dispatched to the driver').toBeTruthy();
    const full = day.cylinders.find((c) => c.locationKind === 'store' && c.fill === 'full' && c.handOver && c.tareG !== null)!;
    const overdue = day.cylinders.find((c) => !c.handOver && c.locationKind === 'store');
    const emptyCode = order.cylindersAtCustomer[0]!;
    const empty = day.cylinders.find((c) => c.containerNo === emptyCode)!;
    expect(empty.tareG).not.toBeNull();

    // Route order, address, call button.
    const card = page.getByTestId(`round-order-${order.id}`);
    await card.waitFor();
    expect(await card.getByTestId('order-call').getAttribute('href')).toMatch(/^tel:/);

    await openOrder(page, order);
    // Seed §5 at the scan: an overdue cylinder cannot be handed over; the same code twice is refused.
    if (overdue) {
      await scan(page, 'handed', overdue.containerNo);
      await expect.poll(() => problemOf(page, 'handed').textContent()).toContain(overdue.containerNo);
    }
    await scanAndWait(page, 'handed', full.containerNo);
    await scan(page, 'handed', full.labelNo ?? full.containerNo);
    await poll(() => problemOf(page, 'handed').textContent()).toContain(en('feedback.validation.duplicateCylinder'));

    // The empty taken back, weighed: residual = gross − tare, shown as it is typed.
    await scanAndWait(page, 'taken', emptyCode);
    const grossG = empty.tareG! + 3_200;
    await page.getByTestId('taken-gross-0').fill(String(grossG / 1000));
    await poll(() => page.getByTestId('taken-residual-0').textContent()).toBe(en('fieldApp.round.residual', { kg: '3.2' }));
    await page.getByTestId('gas-status').getByText(en('orders.gasStatus.store')).click();

    // Cash: the amount due as priced (store gas: no refund).
    const cash = Number(
      (await page.locator('input[data-testid="cash-amount"], [data-testid="cash-amount"] input').first().inputValue()).replace(
        /[^\d.]/g,
        '',
      ),
    );
    expect(cash).toBeGreaterThan(0);
    await page.getByTestId('delivered').click();
    await poll(() => page.getByTestId('delivery-problem').textContent()).toBe(en('fieldApp.round.signatureRequired'));
    await sign(page);
    await page.getByTestId('delivered').click();
    await toast(page, en('feedback.success.deliverySuccessful')).waitFor();

    // The office sees the order completed with the right amounts, the residual as the customer's credit, the cylinders moved.
    const manager = await office(browser, 'manager', DEMO_PASSWORD);
    const detail = await manager.get<OrderDetail>(`/orders/${order.id}`);
    expect(detail.status).toBe('completed');
    expect(detail.gasStatus).toBe('store');
    expect(detail.residualGasG).toBe(3_200);
    expect(detail.storedGasG).toBe(3_200);
    expect(detail.gasRefundAmount).toBe(0);
    expect(detail.gasWeightG).toBe(full.sizeKg * 1000);
    expect(detail.totalAmount).toBe(
      detail.gasAmount - detail.creditAmount + detail.productsAmount + detail.servicesAmount + detail.cylindersAmount,
    );
    const me = await api.get<{ currency: string }>('/auth/me');
    expect(detail.totalAmount).toBe(Math.round(cash * 10 ** currencyMinorDigits(me.currency)));
    // The cash collected is kept on the delivery (the office's field actions list).
    const actions = await manager.get<FieldActionPage>('/field/actions?kind=deliver&pageSize=100');
    expect(actions.items.filter((a) => a.orderId === order.id)).toEqual([
      expect.objectContaining({ status: 'applied', paymentType: 'cash', cashAmount: detail.totalAmount }),
    ]);
    const moved = await cylindersOf(api, [full.containerNo, emptyCode]);
    expect(moved.get(full.containerNo)).toMatchObject({ locationKind: 'customer', customerId: order.customerId });
    expect(moved.get(emptyCode)).toMatchObject({ locationKind: 'store', fill: 'empty' });
    // The round shows it delivered.
    await poll(() => card.getByTestId('order-state').textContent()).toBe(en('orders.status.completed'));
    await page.context().close();

    // The office sees the delivery with its cash in the dispatch screen's field actions.
    const desk = await officePage();
    await desk.page.goto('/manager/DispatchOrder');
    await desk.page.getByTestId('field-actions-open').click();
    const fieldActions = desk.page.getByTestId('field-actions');
    const search = fieldActions
      .locator('input[data-testid="field-actions-search"]')
      .or(fieldActions.getByTestId('field-actions-search').locator('input'))
      .first();
    await search.fill(detail.orderNo);
    await search.press('Enter');
    const row = fieldActions.locator('tr.ant-table-row', { hasText: detail.orderNo });
    await poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('field-action-status').getAttribute('data-status')).toBe('applied');
    expect(await row.textContent()).toContain(en('field.kind.deliver'));
    expect(Number((await row.getByTestId('field-action-cash').textContent())!.replace(/[^\d.]/g, ''))).toBe(cash);
    await desk.context.close();
  });

  it('gasReturn and gasPackaging: the seed’s four messages, returned to store, refill dispatched and received', async () => {
    const { page, api, browser } = await phone('driver');
    const day = await api.get<FieldToday>('/field/today');
    const inStore = day.cylinders.filter((c) => c.locationKind === 'store' && c.handOver);
    expect(inStore.length).toBeGreaterThanOrEqual(3);

    await page.goto('/mobile/gasReturn');
    await page.getByTestId('gas-return').waitFor();
    // At least one cylinder.
    await page.getByTestId('return-submit').click();
    await poll(() => page.getByTestId('return-submit-problem').textContent()).toBe(en('feedback.validation.atLeastOneCylinder'));
    // No matching field.
    await scan(page, 'return', `NOPE${Date.now()}`);
    await poll(() => problemOf(page, 'return').textContent()).toContain(en('feedback.validation.noMatchingField'));
    // Duplicate number or barcode (the container number, then the same cylinder's label).
    await scanAndWait(page, 'return', inStore[0]!.containerNo);
    await scan(page, 'return', inStore[0]!.containerNo.toLowerCase());
    await poll(() => problemOf(page, 'return').textContent()).toContain(en('feedback.validation.duplicateCylinder'));
    await page.getByTestId('return-submit').click();
    await toast(page, en('feedback.success.returnedToStore')).waitFor();
    await poll(() => page.getByTestId('return-list').locator('[data-testid$="-code"]').count()).toBe(0);

    // No space available: the group allows 2 cylinders per action (MAX_CYLINDER_ENTRIES) for this test.
    const admin = await office(browser, 'admin', ADMIN_PASSWORD);
    const me = await api.get<{ groupId: number }>('/auth/me');
    await admin.put('/system/params', { code: 'MAX_CYLINDER_ENTRIES', groupId: me.groupId, value: '2' });
    try {
      await page.reload();
      await poll(() => page.getByTestId('return-count').textContent()).toBe(en('fieldApp.entry.count', { count: 0, max: 2 }));
      await scanAndWait(page, 'return', inStore[0]!.containerNo);
      await scanAndWait(page, 'return', inStore[1]!.containerNo);
      await scan(page, 'return', inStore[2]!.containerNo);
      await poll(() => problemOf(page, 'return').textContent()).toBe(en('feedback.validation.noSpace'));
    } finally {
      await admin.del('/system/params', { code: 'MAX_CYLINDER_ENTRIES', groupId: me.groupId });
    }

    // gasPackaging: an empty (taken back on the delivery above) to a filling plant, then back full.
    const empties = (await api.get<FieldToday>('/field/today')).cylinders.filter((c) => c.locationKind === 'store' && c.fill === 'empty');
    expect(empties.length, 'an empty in the store').toBeGreaterThan(0);
    const emptyCode = empties[0]!.containerNo;
    await page.goto('/mobile/gasPackaging');
    await page.getByTestId('gas-packaging').waitFor();
    await choose(page.getByTestId('packaging-site'));
    await page.getByTestId('packaging-submit').click();
    await poll(() => page.getByTestId('packaging-submit-problem').textContent()).toBe(en('feedback.validation.atLeastOneCylinder'));
    await scan(page, 'packaging', 'NO-SUCH-CYLINDER');
    await poll(() => problemOf(page, 'packaging').textContent()).toContain(en('feedback.validation.noMatchingField'));
    await scanAndWait(page, 'packaging', emptyCode);
    await scan(page, 'packaging', emptyCode);
    await poll(() => problemOf(page, 'packaging').textContent()).toContain(en('feedback.validation.duplicateCylinder'));
    await page.getByTestId('packaging-submit').click();
    await toast(page, en('feedback.success.refillDispatched')).waitFor();
    await poll(async () => (await cylindersOf(api, [emptyCode])).get(emptyCode)?.locationKind).toBe('filling');

    await page.getByTestId('packaging-mode').getByText(en('fieldApp.packaging.receive')).click();
    await scanAndWait(page, 'packaging', emptyCode);
    await page.getByTestId('packaging-submit').click();
    await toast(page, en('field.success.refillReceived')).waitFor();
    expect((await cylindersOf(api, [emptyCode])).get(emptyCode)).toMatchObject({ locationKind: 'store', fill: 'full' });
    await page.context().close();
  });

  it('gasExamine: an inspection with a failed item is saved and listed for the office', async () => {
    const { page, api, browser } = await phone('inspector');
    const day = await api.get<FieldToday>('/field/today');
    expect(day.inspections?.length, 'customers due for inspection').toBeGreaterThan(0);
    const customer = day.inspections![0]!;
    await page.goto('/mobile/gasExamine');
    await page.getByTestId('gas-examine').waitFor();
    await choose(page.getByTestId('examine-customer'), customer.customerName);
    await page.getByTestId('check-hose-result').getByText(en('field.checkResult.fail')).click();
    await page.getByTestId('check-hose-note').fill('Hose cracked, replace');
    await page.getByTestId('check-ventilation-result').getByText(en('field.checkResult.na')).click();
    await poll(() => page.getByTestId('examine-result').getAttribute('data-result')).toBe('fail');
    await sign(page);
    await page.getByTestId('examine-submit').click();
    await toast(page, en('feedback.success.saved')).waitFor();

    const manager = await office(browser, 'manager', DEMO_PASSWORD);
    const list = await manager.get<InspectionPage>(`/field/inspections?customerId=${customer.customerId}`);
    const saved = list.items.find((i) => i.failedItems.includes('hose') && i.items.hose.note === 'Hose cracked, replace');
    expect(saved).toMatchObject({ result: 'fail', hasSignature: true });
    expect(saved!.items.ventilation.result).toBe('na');
    await page.context().close();

    // The office: the examinedSuggest "inspection records" tab lists it failed, its drawer shows the
    // checklist and the signature; the customer's detail shows the failure.
    const desk = await officePage();
    await desk.page.goto('/manager/examinedSuggest');
    await desk.page.getByTestId('inspection-records-tab').click();
    const record = desk.page.getByTestId(`inspection-row-${saved!.id}`);
    await record.click();
    const detail = desk.page.getByTestId('inspection-detail');
    expect(await detail.getByTestId('inspection-detail-result').getAttribute('data-result')).toBe('fail');
    const hose = detail.locator('[data-item="hose"]');
    expect(await hose.getAttribute('data-result')).toBe('fail');
    expect(await hose.textContent()).toContain('Hose cracked, replace');
    const signature = detail.locator('img[data-testid="inspection-signature"], [data-testid="inspection-signature"] img').first();
    await poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await desk.page.goto(`/manager/CustomerDetail/${customer.customerId}`);
    const failed = desk.page.getByTestId('customer-inspection-failed');
    await poll(() => failed.textContent()).toContain(en('field.item.hose'));
    await desk.context.close();
  });

  it('offline: a delivery and a return made with no network, the app reopened offline, each synced exactly once', async () => {
    const { page, context, api, browser } = await phone('driver');
    await page.goto('/mobile/gasRound');
    await page.getByTestId('gas-round').waitFor();
    // After one visit the service worker controls the page and has the app shell cached.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const day = await api.get<FieldToday>('/field/today');
    const order = day.orders.find((o) => o.status === 'not_delivered')!;
    expect(order).toBeTruthy();
    const full = day.cylinders.find((c) => c.locationKind === 'store' && c.fill === 'full' && c.handOver)!;
    const back = day.cylinders.filter((c) => c.locationKind === 'store' && c.containerNo !== full.containerNo)[0]!;
    await page.getByTestId(`round-order-${order.id}`).waitFor();
    const manager = await office(browser, 'manager', DEMO_PASSWORD);
    const returnsBefore = (await manager.get<FieldActionPage>('/field/actions?kind=return&pageSize=100')).total;

    await context.setOffline(true);
    await poll(() => page.getByTestId('sync-online').getAttribute('data-online')).toBe('false');
    await openOrder(page, order);
    await scanAndWait(page, 'handed', full.containerNo);
    await sign(page);
    await page.getByTestId('delivered').click();
    await toast(page, en('fieldApp.sync.savedOnPhone')).waitFor();
    await poll(() => page.getByTestId('sync-waiting').getAttribute('data-count')).toBe('1');

    await page.goto('/mobile/gasReturn');
    await page.getByTestId('gas-return').waitFor();
    await scanAndWait(page, 'return', back.containerNo);
    await page.getByTestId('return-submit').click();
    await poll(() => page.getByTestId('sync-waiting').getAttribute('data-count')).toBe('2');

    // Reopen the app with no network: the service worker serves it, the session and the day are kept.
    await page.reload();
    await page.getByTestId('gas-return').waitFor();
    await poll(() => page.getByTestId('sync-waiting').getAttribute('data-count')).toBe('2');
    await page.goto('/mobile/gasRound');
    await page.getByTestId(`round-order-${order.id}`).waitFor();
    await page.getByTestId('sync-fetched-at').waitFor();
    // Nothing reached the server meanwhile.
    expect((await manager.get<OrderDetail>(`/orders/${order.id}`)).status).toBe('not_delivered');

    await context.setOffline(false);
    await poll(() => page.getByTestId('sync-waiting').getAttribute('data-count'), 30_000).toBe('0');
    const delivered = await manager.get<FieldActionPage>(`/field/actions?kind=deliver&pageSize=100`);
    expect(delivered.items.filter((a) => a.orderId === order.id)).toHaveLength(1);
    expect((await manager.get<FieldActionPage>('/field/actions?kind=return&pageSize=100')).total).toBe(returnsBefore + 1);
    expect((await manager.get<OrderDetail>(`/orders/${order.id}`)).status).toBe('completed');
    expect((await cylindersOf(api, [full.containerNo])).get(full.containerNo)?.locationKind).toBe('customer');
    await context.close();
  });

  it('a phone passed on: the next user opens the field app as themselves, offline too, never as the one before', async () => {
    const { page, context } = await phone('driver');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const whoIsIn = async () => {
      await page.getByTestId('user-menu').click();
      const account = await page.getByTestId('user-menu-account').textContent();
      await page.keyboard.press('Escape');
      return account;
    };
    expect(await whoIsIn()).toBe('driver');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/seekerLogin**');
    // Leaving the field page is a page load: its "logged out" is carried to the login page.
    await page.getByText(en('feedback.success.loggedOut'), { exact: true }).waitFor();
    // The next user signs in at the office and opens the field app with no network: the app must be
    // theirs (their outbox, their session), not the driver's kept from before.
    await login(page, 'manager', DEMO_PASSWORD);
    await context.setOffline(true);
    await page.goto('/mobile/mobileIndex');
    await page.getByTestId('mobile-layout').waitFor();
    expect(await whoIsIn()).toBe('manager');
    // Online again, a reload opens at once as the same user, and the session is still checked with the server.
    await context.setOffline(false);
    const checked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/me', { timeout: 15_000 });
    await page.reload();
    await page.getByTestId('mobile-layout').waitFor();
    await checked;
    expect(await whoIsIn()).toBe('manager');
    await context.close();
  });

  it('chaos: the answer is lost after the server committed; the retry doubles nothing', async () => {
    const { page, context, api, browser } = await phone('driver');
    const day = await api.get<FieldToday>('/field/today');
    const empty = day.cylinders.find((c) => c.locationKind === 'customer');
    const code = (empty ?? day.cylinders.find((c) => c.locationKind === 'store')!).containerNo;
    const manager = await office(browser, 'manager', DEMO_PASSWORD);
    const before = (await manager.get<FieldActionPage>('/field/actions?kind=return&pageSize=100')).total;

    let dropped = 0;
    await page.route('**/api/field/actions', async (route) => {
      if (route.request().method() !== 'POST' || dropped > 0) return route.continue();
      dropped++;
      // The request reaches the server and commits; its answer never reaches the phone.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.goto('/mobile/gasReturn');
    await page.getByTestId('gas-return').waitFor();
    await scanAndWait(page, 'return', code);
    await page.getByTestId('return-submit').click();
    await toast(page, en('fieldApp.sync.savedOnPhone')).waitFor();
    expect(dropped).toBe(1);
    expect((await manager.get<FieldActionPage>('/field/actions?kind=return&pageSize=100')).total).toBe(before + 1);
    await poll(() => page.getByTestId('sync-waiting').getAttribute('data-count')).toBe('1');

    // The retry (here: "sync now"; also on the timer, the network and visibility) is answered as a duplicate.
    await page.getByTestId('sync-now').click();
    await poll(() => page.getByTestId('sync-waiting').getAttribute('data-count')).toBe('0');
    expect((await manager.get<FieldActionPage>('/field/actions?kind=return&pageSize=100')).total).toBe(before + 1);
    const entry = page.getByTestId('queue-entry').first();
    expect(await entry.getAttribute('data-state')).toBe('synced');
    expect((await cylindersOf(api, [code])).get(code)?.locationKind).toBe('store');
    await context.close();
  });
});

/**
 * A fake camera for Chromium (`--use-file-for-fake-video-capture`): a Y4M video (I420, 640×480) whose
 * frames show a Code 128 barcode of `text`, drawn by bwip-js and rasterised by the browser itself.
 */
async function barcodeVideo(browser: Browser, text: string): Promise<string> {
  const svg = bwipjs.toSVG({ bcid: 'code128', text, scale: 3, height: 14, paddingwidth: 12, paddingheight: 12, backgroundcolor: 'FFFFFF' });
  const W = 640;
  const H = 480;
  const page = await browser.newPage();
  const luma = await page.evaluate(
    async ({ svg, W, H }) => {
      const img = new Image();
      img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = W;
      canvas.height = H;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, W, H);
      const scale = Math.min((W * 0.9) / img.width, (H * 0.6) / img.height);
      const w = img.width * scale;
      const h = img.height * scale;
      g.drawImage(img, (W - w) / 2, (H - h) / 2, w, h);
      const rgba = g.getImageData(0, 0, W, H).data;
      const y: number[] = new Array(W * H);
      for (let i = 0; i < W * H; i++) y[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!);
      return y;
    },
    { svg, W, H },
  );
  await page.close();
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(luma), Buffer.alloc((W / 2) * (H / 2) * 2, 128)]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-camera-')), 'barcode.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]),
  );
  return file;
}

describe.skipIf(noBrowser)('field app: camera scan', () => {
  it('reads a Code 128 label from the camera through the cylinder entry (ZXing WebAssembly served by GasOps)', async () => {
    // The barcode of a cylinder in the store, as the driver's day lists it.
    const setup = await chromium.launch({ executablePath: chromiumPath()!, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    let camera: Browser | null = null;
    try {
      const apiContext = await setup.newContext({ baseURL: baseURL() });
      const res = await apiContext.request.post('/api/auth/login', {
        data: { account: 'driver', password: DEMO_PASSWORD, place: 'seeker' },
      });
      expect(res.status()).toBe(200);
      const day = (await (await apiContext.request.get('/api/field/today')).json()) as FieldToday;
      const cylinder = day.cylinders.find((c) => c.locationKind === 'store')!;
      const video = await barcodeVideo(setup, cylinder.containerNo);

      camera = await chromium.launch({
        executablePath: chromiumPath()!,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      });
      const context = await camera.newContext({
        baseURL: baseURL(),
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await context.grantPermissions(['camera']);
      await context.addInitScript(() => window.localStorage.setItem('language', 'en-US'));
      const csp: string[] = [];
      // What the page said and where it went, told when the camera does not open.
      const trail: string[] = [];
      context.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy|WebAssembly/i.test(msg.text())) csp.push(msg.text());
        if (msg.type() === 'error' || msg.type() === 'warning') trail.push(`console ${msg.type()}: ${msg.text()}`);
      });
      const page = await context.newPage();
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) trail.push(`navigated to ${frame.url()}`);
      });
      page.on('pageerror', (error) => trail.push(`page error: ${error.message}`));
      page.on('requestfailed', (r) => trail.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
      onTestFailed(async () => {
        await shot(page, `field-camera-failed-${Date.now()}`).catch(() => undefined);
      });
      const wasm: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).pathname);
      });
      await login(page, 'driver', DEMO_PASSWORD, 'seeker');
      await page.goto('/mobile/gasReturn');
      await page.getByTestId('gas-return').waitFor();
      await page.getByTestId('return-camera').click();
      // The camera opens (its video) or says why not (camera-failed, with the browser's reason) — or it has
      // read the code already and closed (a fast reader can open and close the dialog between two looks).
      const failed = page.getByTestId('camera-failed');
      try {
        await page.getByTestId('camera-video').or(failed).or(page.getByTestId('return-line-0-code')).waitFor({ timeout: 20_000 });
      } catch (error) {
        await shot(page, 'field-camera-failed').catch(() => undefined);
        const text = await page.evaluate(() => document.body.innerText.slice(0, 600)).catch(() => '?');
        throw new Error(`the camera dialog did not open:\n${trail.join('\n')}\npage text: ${text}`, { cause: error });
      }
      if (await failed.isVisible())
        throw new Error(`the camera did not open: ${await failed.getAttribute('data-reason')}\n${trail.join('\n')}`);
      await poll(() => page.getByTestId('return-line-0-code').textContent(), 30_000).toBe(cylinder.containerNo);
      expect(csp).toEqual([]);
      // Without the browser's own BarcodeDetector (Chromium on Linux), the ZXing reader did it, its .wasm from GasOps itself (never a CDN).
      if (!(await page.evaluate(() => 'BarcodeDetector' in window))) expect(wasm.length).toBeGreaterThan(0);
      expect(wasm.every((p) => p.startsWith('/assets/'))).toBe(true);
      await context.close();
    } finally {
      await camera?.close();
      await setup.close();
    }
  });
});
