import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { haversineKm, translate } from '@gasops/shared';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/env.js';
import { baseURL, login, newPage, noBrowser, shot, useBrowser } from './support/browser.js';
import { chooseFromMenu, pick } from './support/antd.js';
import { GROUP_ZONE, groupToday, sinceGroupMidnight, zoneAwayFrom } from './support/dates.js';

useBrowser();

const L = 'en-US';
const STORE = '福氣瓦斯 中山店';
const GROUP = '福氣瓦斯集團';
const H = 3_600_000;
/** A serial no other run or spec uses: every screen below is looked up by it. */
const SERIAL = `E2E-${Date.now().toString(36).toUpperCase()}`;

type Customer = { id: number; name: string; address: string | null; storeId: number; latitude: number | null; longitude: number | null };
type Residual = { serial: string; customerId: number; customerName: string; storeId: number; storeName: string; percent: number | null };

/** Filled by the first test, used by the next ones (tests of a file run in order). */
const state = {
  secret: '',
  /** The demo customer the device is installed at … */
  customer: null as Customer | null,
  /** … chosen within 1 km of this already low demo installation, so "nearby" has an answer both ways. */
  lowNeighbour: null as (Residual & { km: number }) | null,
};

/** The store group's date `YYYY-MM-DD` (what the forms default to, whatever the browser's zone). */
const today = groupToday;

/** The `<input>` behind a data-testid (antd puts it on the input or on a wrapper, depending on the control). */
const inputOf = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"]`).or(page.getByTestId(testId).locator('input')).first();

/** Types into an antd Input.Search and runs the search. */
async function search(page: Page, testId: string, value: string) {
  const input = inputOf(page, testId);
  await input.fill(value);
  await input.press('Enter');
}

async function logout(page: Page) {
  await chooseFromMenu(page, page.getByTestId('user-menu'), 'logout');
  await page.waitForURL((u) => u.pathname === '/');
}

/** Sends readings the way a scale does over HTTP (docs/IOT.md): `Authorization: Device <id>:<secret>`. */
async function sendReadings(body: unknown, secret = state.secret) {
  const res = await fetch(`${baseURL()}/api/iot/readings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Device ${SERIAL}:${secret}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { accepted?: number; detail?: string } };
}

/**
 * Chooses the install customer from the demo data (read-only look-ups in the manager's session): a
 * customer of 中山店 within 0.9 km of an installation that is already below the threshold, so the
 * nearby list of the new device is not empty and the other device's list must show the new one.
 */
async function chooseCustomer(page: Page) {
  const low = (await (await page.request.get('/api/iot/residual-gas', { params: { lowGas: 'true', pageSize: 100 } })).json()) as {
    items: Residual[];
  };
  let best: { customer: Customer; low: Residual; km: number } | null = null;
  for (const r of low.items.filter((x) => x.storeName === STORE)) {
    const cs = (await (await page.request.get('/api/customers', { params: { storeId: r.storeId, pageSize: 500 } })).json()) as {
      items: Customer[];
    };
    const at = cs.items.find((c) => c.id === r.customerId);
    if (at?.latitude == null || at.longitude == null) continue;
    for (const c of cs.items) {
      if (c.id === at.id || c.latitude === null || c.longitude === null || low.items.some((x) => x.customerId === c.id)) continue;
      const km = haversineKm(at.latitude, at.longitude, c.latitude, c.longitude);
      if (km <= 0.9 && (!best || km < best.km)) best = { customer: c, low: r, km };
    }
  }
  expect(best, `the demo data has a ${STORE} customer within 0.9 km of a low-gas installation`).not.toBeNull();
  state.customer = best!.customer;
  state.lowNeighbour = { ...best!.low, km: best!.km };
}

/** Reads the nearby modal: its rows as customer ids with their distance column, or [] for its empty state. */
async function readNearby(page: Page, modal: Locator) {
  await expect.poll(() => modal.textContent()).toContain(translate(L, 'iot.messages.nearbyHint', { radius: 1 }));
  await modal.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  const rows = modal.locator('tbody tr[data-testid^="nearby-row-"]');
  if ((await rows.count()) === 0) {
    expect(await modal.locator('.ant-table-placeholder').textContent()).toContain(translate(L, 'iot.messages.noNearby'));
    return [];
  }
  return rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      customerId: Number(tr.getAttribute('data-testid')!.slice('nearby-row-'.length)),
      km: Number(tr.lastElementChild!.textContent),
      text: tr.textContent ?? '',
    })),
  );
}

describe.skipIf(noBrowser)('IoT residual gas: device → store → install → readings → list, alert, card, chart, nearby', () => {
  it('creates a device, transfers and installs it, and shows what it reports (list, low-gas alert, Home card, chart)', async () => {
    // ---- platform administrator: a new device, its secret shown once, transferred to 中山店 today ----
    // The browser sits in a zone whose date is not the group's: dates and times follow the group.
    const { page, context } = await newPage({ language: L, timezoneId: zoneAwayFrom(GROUP_ZONE) });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await login(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/manager/Device');
    await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe(translate(L, 'menu.Device'));
    await page.getByTestId('device-add').click();
    await page.getByTestId('device-form-serial').fill(SERIAL);
    await page.getByTestId('device-form-save').click();
    const secret = page.getByTestId('device-secret');
    await secret.waitFor();
    state.secret = (await secret.textContent())!.trim();
    expect(state.secret).toMatch(/^\S{32,}$/);
    expect(await page.locator('.ant-modal', { has: secret }).textContent()).toContain(translate(L, 'iot.messages.secretOnce'));
    await shot(page, 'iot-device-secret');
    await page.locator('.ant-modal', { has: secret }).locator('.ant-modal-footer .ant-btn-primary').click();
    await secret.waitFor({ state: 'detached' });

    await search(page, 'device-search', SERIAL);
    await page.getByTestId(`device-transfer-${SERIAL}`).click();
    await pick(page, page.getByTestId('transfer-form-group'), GROUP);
    await pick(page, page.getByTestId('transfer-form-store'), STORE);
    expect(await inputOf(page, 'transfer-form-date').inputValue()).toBe(today());
    await page.getByTestId('transfer-form-save').click();
    await page.getByTestId('transfer-form-save').waitFor({ state: 'detached' });
    const deviceRow = page.locator('tr', { has: page.getByTestId(`device-transfer-${SERIAL}`) });
    await expect.poll(() => deviceRow.textContent()).toContain(STORE);
    expect(await deviceRow.textContent()).toContain(GROUP);
    expect(await deviceRow.textContent()).toContain(today());
    expect(await deviceRow.textContent()).toContain(translate(L, 'iot.fields.transferred'));
    await logout(page);

    // ---- store manager: installs it at a customer of 中山店 (20 kg cylinder, 15 kg tare) ----
    await login(page, 'manager', DEMO_PASSWORD);
    await chooseCustomer(page);
    const customer = state.customer!;
    await page.goto('/manager/StoreDevice');
    await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe(translate(L, 'menu.StoreDevice'));
    await search(page, 'store-device-search', SERIAL);
    const sdRow = page.getByTestId(`store-device-row-${SERIAL}`);
    await expect.poll(() => sdRow.textContent()).toContain(STORE);
    expect(await sdRow.textContent()).toContain(translate(L, 'iot.fields.notInstalled'));
    await page.getByTestId(`store-device-install-${SERIAL}`).click();
    const form = page.getByTestId('install-form');
    await form.waitFor();
    // The customer select searches the store's customers on the server as one types.
    const label = customer.address ? `${customer.name} · ${customer.address}` : customer.name;
    await pick(page, page.getByTestId('install-form-customer'), label, { search: customer.name });
    expect(await inputOf(page, 'install-form-date').inputValue()).toBe(today());
    await inputOf(page, 'install-form-capacity').fill('20');
    // Tare left empty: a message under the field, nothing saved.
    await page.getByTestId('install-form-save').click();
    const tareItem = page.locator('.ant-form-item', { has: page.getByTestId('install-form-tare') });
    await expect
      .poll(() => tareItem.locator('.ant-form-item-explain-error').textContent())
      .toBe(translate(L, 'feedback.validation.required'));
    expect(await form.isVisible()).toBe(true);
    await shot(page, 'iot-install-tare-required');
    await inputOf(page, 'install-form-tare').fill('15');
    await expect.poll(() => tareItem.locator('.ant-form-item-explain-error').count()).toBe(0);
    await inputOf(page, 'install-form-remark').fill('e2e scale');
    await page.getByTestId('install-form-save').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => sdRow.textContent()).toContain(translate(L, 'iot.fields.installed'));
    expect(await sdRow.textContent()).toContain(customer.name);
    expect(await sdRow.textContent()).toContain(today());

    // ---- the scale: a wrong secret is refused; then readings over the last three hours (or since midnight), ending at 18.000 kg gross ----
    expect((await sendReadings({ grossGrams: 18_000, ts: new Date().toISOString() }, 'not-the-secret')).status).toBe(401);
    // The scale was installed today (a date): readings before the group's midnight are not this
    // installation's. Just after midnight, wait a minute so the series fits into today.
    if (sinceGroupMidnight() < 60_000) await page.waitForTimeout(61_000 - sinceGroupMidnight());
    const now = Date.now();
    const span = Math.min(3 * H, sinceGroupMidnight() - 30_000);
    // Gas used at 0.3 kg an hour, under the leak alert's 1 kg an hour (LEAK_DROP_KG_PER_HOUR) however short the
    // span: a fixed 1 kg drop over the 25 minutes since midnight raised a leak alert besides the low-gas one.
    const usedSince = (ago: number) => Math.round((300 * ago) / H);
    const series = [
      { at: now - span, grossGrams: 18_000 + usedSince(span), battery: 83 },
      { at: now - (span * 2) / 3, grossGrams: 18_000 + usedSince((span * 2) / 3), battery: 82 },
      { at: now - span / 3, grossGrams: 18_000 + usedSince(span / 3), battery: 81 },
      { at: now - span / 6, grossGrams: 18_000 + usedSince(span / 6), battery: 81 },
      { at: now - 5_000, grossGrams: 18_000, battery: 80 },
    ];
    for (const [i, r] of series.entries()) {
      const res = await sendReadings({
        grossGrams: r.grossGrams,
        battery: r.battery,
        signal: -68,
        ts: new Date(r.at).toISOString(),
        seq: i + 1,
      });
      expect(res).toEqual({ status: 200, body: { accepted: 1 } });
    }

    // ---- residual gas list: 3.00 kg, 15 % of 20 kg, battery 80 %, low-gas alert ----
    await page.goto('/manager/residualGas');
    await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe(translate(L, 'menu.residualGas'));
    await search(page, 'residual-search', SERIAL);
    const row = page.getByTestId(`residual-row-${SERIAL}`);
    const cells = async () => (await row.locator('td').allTextContents()).map((s) => s.trim());
    await expect.poll(cells).toContain('3.00');
    expect(await cells()).toEqual(expect.arrayContaining([SERIAL, customer.name, STORE, '3.00', '15.0%', '80%']));
    // The alert is evaluated with the readings (at most every 5 s per device); the list refetches every 30 s, so reload.
    await expect
      .poll(
        async () => {
          if ((await row.getByTestId('alert-tag-lowGas').count()) > 0) return true;
          await page.reload();
          await search(page, 'residual-search', SERIAL);
          await row.waitFor();
          return false;
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe(true);
    expect(await row.getByTestId('alert-tag-lowGas').textContent()).toBe(translate(L, 'iot.alert.lowGas'));
    expect(await row.locator('[data-testid^="alert-tag-"]').count()).toBe(1); // not a leak, online, battery fine
    await shot(page, 'iot-residual-row');

    // "Below threshold" keeps it (and only low rows); the open alerts tab has its low-gas alert with a suggest-order action.
    await search(page, 'residual-search', '');
    const filtered = page.waitForResponse((r) => r.url().includes('/api/iot/residual-gas?') && r.url().includes('lowGas=true'));
    await page.getByTestId('residual-flags').getByText(translate(L, 'iot.filters.lowGas'), { exact: true }).click();
    await filtered;
    const percents = () =>
      page.locator('[data-testid="residual-table"] tbody tr[data-testid^="residual-row-"] .ant-progress-indicator').allTextContents();
    await expect.poll(async () => (await percents()).every((p) => parseFloat(p) < 20)).toBe(true);
    expect((await percents()).length).toBeGreaterThanOrEqual(2); // the demo's nearly empty cylinder and this one
    await row.waitFor();
    await page.getByTestId('residual-tabs').getByText(translate(L, 'iot.filters.openAlerts'), { exact: true }).click();
    const alertRow = page.getByTestId('alert-table').locator('tbody tr', { hasText: SERIAL });
    await alertRow.waitFor();
    expect(await alertRow.getByTestId('alert-tag-lowGas').count()).toBe(1);
    expect(await alertRow.textContent()).toContain(customer.name);
    expect(await alertRow.locator('[data-testid^="alert-order-"]').count()).toBe(1);
    await shot(page, 'iot-alerts');

    // ---- Home: the low-gas card lists it ----
    await page.goto('/manager/Home');
    const card = page.getByTestId('low-gas-card').getByTestId(`low-gas-row-${SERIAL}`);
    await card.waitFor();
    expect(await card.textContent()).toContain(customer.name);
    expect(await card.textContent()).toContain('3.00 kg');
    // Last seen: the group's wall-clock time, YYYY-MM-DD HH:mm in every language.
    expect(await card.textContent()).toMatch(new RegExp(`${today()} \\d{2}:\\d{2}`));
    expect(await card.locator('.ant-progress-indicator').textContent()).toBe('15.0%');
    await shot(page, 'iot-home-low-gas');

    // ---- detail drawer: figures and the weight chart of the five readings ----
    await page.goto('/manager/residualGas');
    await search(page, 'residual-search', SERIAL);
    const readings = page.waitForResponse((r) => r.url().includes('/readings') && r.request().method() === 'GET');
    await page.getByTestId(`residual-detail-${SERIAL}`).click();
    const { points, bucketSeconds } = (await (await readings).json()) as {
      points: { grossGrams: number; count: number }[];
      bucketSeconds: number;
    };
    expect(points.reduce((n, p) => n + p.count, 0)).toBe(series.length);
    // The chart averages readings into buckets (a week in ~500): in the first hours after midnight the series is
    // short and its last readings share a bucket.
    const bucketOf = (at: number) => Math.floor(at / 1000 / bucketSeconds);
    const inLastBucket = series.filter((r) => bucketOf(r.at) === bucketOf(series.at(-1)!.at));
    expect(points.at(-1)!.grossGrams).toBe(Math.round(inLastBucket.reduce((n, r) => n + r.grossGrams, 0) / inLastBucket.length));
    const drawer = page.getByTestId('residual-detail');
    await drawer.waitFor();
    const chart = drawer.getByTestId('residual-chart');
    await chart.waitFor();
    await expect.poll(() => chart.locator('canvas, svg').count()).toBeGreaterThan(0);
    const box = (await chart.locator('canvas, svg').first().boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.height).toBeGreaterThan(200);
    await expect.poll(() => drawer.locator('.ant-descriptions').textContent()).toContain('3.00');
    const figures = (await drawer.locator('.ant-descriptions td').allTextContents()).map((s) => s.trim());
    expect(figures).toEqual(expect.arrayContaining(['3.00', '15.0%', '80%', '20.0', '15.00', today()]));
    await page.waitForTimeout(1200); // let the line animation finish for the screenshot
    await shot(page, 'iot-detail-chart');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lists nearby low-gas customers from the device rows, nearest first', async () => {
    expect(state.customer, 'the first test installed the device').not.toBeNull();
    const neighbour = state.lowNeighbour!;
    const { page, context } = await newPage({ language: L });
    await login(page, 'manager', DEMO_PASSWORD);
    await page.goto('/manager/residualGas');

    // From the new device: the low demo installation 0.9 km or less away is listed; its own customer is not.
    await search(page, 'residual-search', SERIAL);
    await page.getByTestId(`residual-nearby-${SERIAL}`).click();
    let modal = page.locator('.ant-modal', { hasText: `${translate(L, 'iot.actions.nearby')} · ${state.customer!.name}` });
    let rows = await readNearby(page, modal);
    await shot(page, 'iot-nearby');
    expect(rows.map((r) => r.customerId)).toContain(neighbour.customerId);
    expect(rows.map((r) => r.customerId)).not.toContain(state.customer!.id);
    const listed = rows.find((r) => r.customerId === neighbour.customerId)!;
    expect(Math.abs(listed.km - neighbour.km)).toBeLessThan(0.02);
    expect(listed.text).toContain(neighbour.customerName);
    expect(rows.every((r) => r.km <= 1)).toBe(true);
    expect(rows.map((r) => r.km)).toEqual(rows.map((r) => r.km).sort((a, b) => a - b));
    await modal.locator('.ant-modal-close').click();
    await modal.waitFor({ state: 'detached' });

    // From the neighbour's row: the new device's customer, now below the threshold, is listed at the same distance.
    await search(page, 'residual-search', neighbour.serial);
    await page.getByTestId(`residual-nearby-${neighbour.serial}`).click();
    modal = page.locator('.ant-modal', { hasText: `${translate(L, 'iot.actions.nearby')} · ${neighbour.customerName}` });
    rows = await readNearby(page, modal);
    const back = rows.find((r) => r.customerId === state.customer!.id);
    expect(back, 'the new low-gas customer is nearby the other one').toBeDefined();
    expect(back!.text).toContain('15.0%');
    expect(Math.abs(back!.km - listed.km)).toBeLessThan(0.005);
    expect(rows.map((r) => r.km)).toEqual(rows.map((r) => r.km).sort((a, b) => a - b));
    await context.close();
  });

  it('shows the residual gas screen in zh-TW', async () => {
    const { page, context } = await newPage({ language: 'zh-TW' });
    await login(page, 'manager', DEMO_PASSWORD);
    await page.goto('/manager/residualGas');
    await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe(translate('zh-TW', 'menu.residualGas'));
    expect(await page.getByTestId('residual-flags').textContent()).toContain(translate('zh-TW', 'iot.filters.lowGas'));
    if (state.customer) {
      await search(page, 'residual-search', SERIAL);
      const row = page.getByTestId(`residual-row-${SERIAL}`);
      await expect.poll(() => row.getByTestId('alert-tag-lowGas').textContent()).toBe(translate('zh-TW', 'iot.alert.lowGas'));
    }
    await context.close();
  });
});
