import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { formatMoneyMinor, meterBillAmount, NAMESPACES, priceOrder, residualRefund, translate, type Locale } from '@gasops/shared';
import { DEMO_PASSWORD } from './support/env.js';
import { login, newPage, noBrowser, shot, useBrowser } from './support/browser.js';
import { openOptions, pick, settled } from './support/antd.js';
import { GROUP_ZONE, groupToday, zoneAwayFrom } from './support/dates.js';
import { chooseOption } from './support/kit.js';

useBrowser();

/**
 * The daily loop of a store as the demo manager, through the real screens: customer → gas order →
 * dispatch → start → delivered (residual gas refund) → cash payment, then the same order in the
 * daily and monthly reports and on Home; the screens in every language; monthly billing and posting.
 */

const EN: Locale = 'en-US';
/** expect.poll with room for a loaded machine (a write, then the list's refetch). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });
const en = (key: string, params?: Record<string, unknown>) => translate(EN, key, params);

/** The <input> of a component whose data-testid antd puts either on the input or on a wrapper. */
async function inputOf(el: Locator): Promise<Locator> {
  await el.first().waitFor();
  return (await el.first().evaluate((e) => e.tagName)) === 'INPUT' ? el.first() : el.first().locator('input').first();
}

/** Types a date (or date-time / month) into an antd DatePicker and confirms with Enter. */
async function typeDate(page: Page, picker: Locator, value: string) {
  const input = await inputOf(picker);
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(value);
  await input.press('Enter');
  await poll(() => input.inputValue()).toBe(value);
}

/** Fills an antd InputNumber (the testid is on its <input>). */
async function fillNumber(el: Locator, value: string) {
  await el.click();
  await el.press('ControlOrMeta+a');
  await el.fill(value);
  await el.blur();
}

/** "NT$1,234.50" → 123450 (minor units with `digits` decimals). */
function minorOf(text: string, digits: number): number {
  const m = /-?[\d,]+(?:\.\d+)?/.exec(text.replace(/\s/g, ''));
  if (!m) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(m[0].replace(/,/g, '')) * 10 ** digits);
}

const intOf = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));

/** The cell of a table row under the header with the given text. */
async function cellUnder(row: Locator, header: string): Promise<Locator> {
  const table = row.page().locator('.ant-table', { has: row });
  const headers = await table.locator('.ant-table-thead th').allTextContents();
  const i = headers.findIndex((h) => h.trim() === header);
  if (i < 0) throw new Error(`no column "${header}" in [${headers.join(' | ')}]`);
  return row.locator(':scope > td').nth(i);
}

const statValue = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-statistic-content').textContent();

type Money = { currency: string; digits: number; fmt: (minor: number) => string };

/** Report cards of a store, read after the store filter's answer has replaced the unfiltered figures. */
async function readDaily(page: Page, storeName: string, date: string, money: Money) {
  await page.goto('/manager/DailyReport');
  await page.getByTestId('report-daily').waitFor();
  await typeDate(page, page.getByTestId('daily-date'), date);
  const answer = page.waitForResponse((r) => r.url().includes('/api/reports/daily') && r.url().includes('storeId=') && r.ok());
  await pick(page, page.getByTestId('store-filter'), storeName);
  await answer;
  await page.getByTestId('daily-orders').waitFor();
  return {
    orders: intOf(await statValue(page, 'daily-orders')),
    total: minorOf((await statValue(page, 'daily-total'))!, money.digits),
    cash: minorOf((await statValue(page, 'daily-cash'))!, money.digits),
    posted: await page.getByTestId('daily-status').textContent(),
  };
}

async function readMonthly(page: Page, storeName: string, month: string, money: Money) {
  await page.goto('/manager/MonthlyReport');
  await page.getByTestId('report-monthly').waitFor();
  await typeDate(page, page.getByTestId('monthly-month'), month);
  const answer = page.waitForResponse((r) => r.url().includes('/api/reports/monthly') && r.url().includes('storeId=') && r.ok());
  await pick(page, page.getByTestId('store-filter'), storeName);
  await answer;
  await page.getByTestId('monthly-orders').waitFor();
  return {
    orders: intOf(await statValue(page, 'monthly-orders')),
    total: minorOf((await statValue(page, 'monthly-total'))!, money.digits),
    received: minorOf((await statValue(page, 'monthly-received'))!, money.digits),
  };
}

async function readHome(page: Page, money: Money) {
  const answer = page.waitForResponse((r) => r.url().includes('/api/dashboard') && r.ok());
  await page.goto('/manager/Home');
  await answer;
  const cell = page.getByTestId('home-today-payment_posted');
  await poll(() => page.getByTestId('home-dashboard').textContent()).toContain(en('dashboard.todayDate', { date: '' }).trim());
  // "Today YYYY-MM-DD": the store group's calendar day (its time zone), which may differ from the browser's.
  const todayText = new RegExp(en('dashboard.todayDate', { date: '(\\d{4}-\\d{2}-\\d{2})' }));
  const today = todayText.exec((await page.getByTestId('home-dashboard').textContent()) ?? '')?.[1];
  return {
    today,
    count: intOf(await cell.locator('div').first().textContent()),
    amount: minorOf((await cell.locator('.ant-typography').textContent())!, money.digits),
  };
}

/** Creates a customer through the Customer screen's form; returns its row data as the list shows it. */
async function createCustomer(
  page: Page,
  c: { name: string; phone: string; address: string; type?: string; meter?: { number: string; reading: string; price: string } },
) {
  await page.goto('/manager/Customer');
  await page.getByTestId('customer-add').click();
  await page.getByTestId('customer-form').waitFor();
  if (c.type) await pick(page, page.getByTestId('customer-type'), en(`customers.type.${c.type}`));
  await page.getByTestId('customer-name').fill(c.name);
  await page.getByTestId('customer-phone').fill(c.phone);
  await page.getByTestId('customer-address').fill(c.address);
  // The currency of the group is what the money inputs show next to the amount.
  const currency = (
    (await page
      .locator('.ant-form-item', { has: page.getByTestId('customer-gas-price') })
      .locator('.ant-input-number-addon, .ant-input-group-addon')
      .first()
      .textContent()) ?? ''
  ).trim();
  if (c.meter) {
    await page.getByTestId('customer-meter-number').fill(c.meter.number);
    await fillNumber(page.getByTestId('customer-meter-reading'), c.meter.reading);
    await fillNumber(page.getByTestId('customer-meter-price'), c.meter.price);
  }
  await page.getByTestId('customer-save').click();
  await page.getByTestId('customer-form').waitFor({ state: 'detached' });
  await (await inputOf(page.getByTestId('customer-search'))).fill(c.name);
  await (await inputOf(page.getByTestId('customer-search'))).press('Enter');
  const row = page.locator('tr.ant-table-row', { hasText: c.name });
  await poll(() => row.count()).toBe(1);
  const id = Number((await row.getAttribute('data-row-key'))!);
  const storeName = ((await (await cellUnder(row, en('customers.field.store'))).textContent()) ?? '').trim();
  const priceText = ((await (await cellUnder(row, en('customers.field.effectivePrice'))).textContent()) ?? '').trim();
  return { id, storeName, priceText, currency, row };
}

describe.skipIf(noBrowser)('the daily loop of a store', () => {
  it('customer → order → dispatch → delivered → paid, then in the reports and on Home (en-US)', { timeout: 150_000 }, async () => {
    // The browser sits in a zone whose date is not the group's: every date and time follows the group.
    const { page, context } = await newPage({ language: EN, timezoneId: zoneAwayFrom(GROUP_ZONE) });
    onTestFailed(() => shot(page, `daily-loop-failed-${Date.now()}`));
    await login(page, 'manager', DEMO_PASSWORD);
    const today = groupToday();
    const month = today.slice(0, 7);

    // 1. A new customer in the current store: its store and the price the list says applies.
    const name = `E2E Customer ${Date.now()}`;
    const customer = await createCustomer(page, { name, phone: '02-2521-7788', address: 'No. 1, E2E Road, Taipei' });
    expect(customer.priceText).toContain(en('customers.priceSource.store'));
    expect(await page.getByTestId('store-switcher').textContent()).toContain(customer.storeName);
    const digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency: customer.currency }).resolvedOptions().maximumFractionDigits ?? 2;
    const money: Money = { currency: customer.currency, digits, fmt: (m) => formatMoneyMinor(m, customer.currency, EN) };
    const pricePerKg = minorOf(customer.priceText, digits);
    expect(pricePerKg).toBeGreaterThan(0);
    expect(customer.priceText).toContain(money.fmt(pricePerKg));

    // 2. Readings of the reports and Home before the order exists.
    const dailyBefore = await readDaily(page, customer.storeName, today, money);
    const monthlyBefore = await readMonthly(page, customer.storeName, month, money);
    const homeBefore = await readHome(page, money);

    // 3. The gas order with one product line.
    await page.goto('/manager/DispatchOrder');
    await poll(() => page.getByTestId('page-title').first().textContent()).toBe(en('menu.DispatchOrder'));
    await page.getByTestId('order-add').click();
    await page.getByTestId('order-form').waitFor();
    await pick(page, page.getByTestId('order-customer'), name, { search: name });
    await poll(() => page.getByTestId('order-price-per-kg').textContent()).toBe(money.fmt(pricePerKg));
    await page.getByTestId('order-add-product').click();
    await settled(page);
    await page.getByTestId('order-product-0').click();
    const productOption = openOptions(page).filter({ hasText: '瓦斯軟管' }).first();
    await productOption.waitFor();
    await settled(page);
    const productLabel = (await productOption.textContent())!;
    const productPrice = minorOf(productLabel.split('·').pop()!, digits);
    await productOption.click();
    // The line has its product before its quantity (a click on an option still fading in is lost).
    await poll(() => page.getByTestId('order-product-0').textContent()).toContain('瓦斯軟管');
    await fillNumber(page.getByTestId('order-qty-0'), '2');
    const placed = priceOrder({
      pricePerKg,
      minRefundGrams: 0,
      gasWeightG: 20000,
      residualGasG: 0,
      propaneWeightG: 0,
      propaneResidualG: 0,
      products: [{ unitPrice: productPrice, quantity: 2 }],
      services: [],
      cylinders: [],
    });
    await poll(() => page.getByTestId('order-total').textContent()).toBe(money.fmt(placed.totalAmount));
    await page.getByTestId('order-save').click();
    await page.getByTestId('order-form').waitFor({ state: 'detached' });

    const search = await inputOf(page.getByTestId('order-search'));
    await search.fill(name);
    await search.press('Enter');
    const row = page.locator('tr.ant-table-row', { hasText: name });
    await poll(() => row.count()).toBe(1);
    const orderId = Number((await row.getAttribute('data-row-key'))!);
    const orderNo = ((await page.getByTestId(`order-row-${orderId}`).textContent()) ?? '').trim();
    const status = row.getByTestId('order-status');
    await poll(() => status.textContent()).toBe(en('orders.status.placed'));

    // 4. Dispatch to the demo driver at a time.
    await page.getByTestId(`order-action-dispatch-${orderId}`).click();
    await page.getByTestId('dispatch-form').waitFor();
    await pick(page, page.getByTestId('dispatch-person'), '(driver)');
    await typeDate(page, page.getByTestId('dispatch-time'), `${today} 16:30`);
    const dispatchRequest = page.waitForRequest((r) => r.url().endsWith('/api/orders/dispatch') && r.method() === 'POST');
    await page.getByTestId('dispatch-submit').click();
    // 16:30 is the shop's time (Asia/Taipei, +08:00), not the browser's: the driver sees the same.
    expect((await dispatchRequest).postDataJSON().deliveryAt).toBe(new Date(`${today}T16:30:00+08:00`).toISOString());
    await page.getByTestId('dispatch-form').waitFor({ state: 'detached' });
    await poll(() => status.textContent()).toBe(en('orders.status.not_delivered'));
    expect(await (await cellUnder(row, en('orders.field.deliveryPerson'))).textContent()).toBeTruthy();
    expect(await (await cellUnder(row, en('orders.field.deliveryAt'))).textContent()).toBe(`${today} 16:30`);
    // Today's load of the delivery person lists it at the shop's 16:30 (the group's day and clock).
    await poll(() => page.getByTestId('dispatch-load').textContent()).toContain(`16:30 · ${name}`);

    // 5. The driver leaves.
    await page.getByTestId(`order-action-start-${orderId}`).click();
    await poll(() => status.textContent()).toBe(en('orders.status.delivering'));

    // 6. Delivered: 20.15 kg weighed, 2.35 kg residual gas in the returned cylinder.
    await page.getByTestId(`order-action-delivered-${orderId}`).click();
    await page.getByTestId('delivered-form').waitFor();
    await fillNumber(page.getByTestId('delivered-gas-weight'), '20.15');
    await fillNumber(page.getByTestId('delivered-residual'), '2.35');
    const refund = residualRefund(2350, pricePerKg, 0);
    await poll(() => page.getByTestId('delivered-refund-preview').textContent()).toBe(
      en('orders.delivered.refundPreview', { amount: money.fmt(refund) }),
    );
    await shot(page, 'daily-loop-delivered');
    await page.getByTestId('delivered-submit').click();
    await page.getByTestId('delivered-form').waitFor({ state: 'detached' });
    await poll(() => status.textContent()).toBe(en('orders.status.completed'));
    const delivered = priceOrder({
      pricePerKg,
      minRefundGrams: 0,
      gasWeightG: 20150,
      residualGasG: 2350,
      propaneWeightG: 0,
      propaneResidualG: 0,
      products: [{ unitPrice: productPrice, quantity: 2 }],
      services: [],
      cylinders: [],
    });
    const total = delivered.totalAmount;
    await poll(async () => (await cellUnder(row, en('orders.field.gasRefund'))).textContent()).toBe(money.fmt(refund));
    await poll(async () => (await cellUnder(row, en('orders.field.totalAmount'))).textContent()).toBe(money.fmt(total));

    // 7. Cash payment of the whole amount.
    await page.getByTestId(`order-action-pay-${orderId}`).click();
    await page.getByTestId('payment-form').waitFor();
    await poll(() => page.getByTestId('payment-due').textContent()).toBe(en('orders.payment.total', { amount: money.fmt(total) }));
    await pick(page, page.getByTestId('payment-type'), en('customers.paymentType.cash'));
    await poll(() => page.getByTestId('payment-cash').inputValue()).toBe((total / 10 ** digits).toFixed(digits));
    await page.getByTestId('payment-submit').click();
    await page.getByTestId('payment-form').waitFor({ state: 'detached' });
    await poll(() => status.textContent()).toBe(en('orders.status.payment_posted'));
    expect(await page.getByTestId(`order-action-pay-${orderId}`).count()).toBe(0);
    await shot(page, 'daily-loop-paid');

    // 8. The reports of today and this month count the order, its amount and the cash received.
    const dailyAfter = await readDaily(page, customer.storeName, today, money);
    expect(dailyAfter.orders).toBe(dailyBefore.orders + 1);
    expect(dailyAfter.total).toBe(dailyBefore.total + total);
    expect(dailyAfter.cash).toBe(dailyBefore.cash + total);
    expect(await statValue(page, 'daily-total')).toBe(money.fmt(dailyBefore.total + total));
    expect(dailyAfter.posted).toContain(en('reports.status.payment_posted'));
    await shot(page, 'daily-loop-daily-report');
    const monthlyAfter = await readMonthly(page, customer.storeName, month, money);
    expect(monthlyAfter.orders).toBe(monthlyBefore.orders + 1);
    expect(monthlyAfter.total).toBe(monthlyBefore.total + total);
    expect(monthlyAfter.received).toBe(monthlyBefore.received + total);
    const todayRow = page.getByTestId('monthly-days').locator('tr.ant-table-row', { hasText: today });
    expect(await todayRow.count()).toBe(1);

    // 9. Home: the order is the latest one, with its customer, status and amount; today's figures include it.
    const homeAfter = await readHome(page, money);
    const recent = page.getByTestId(`home-recent-${orderNo}`);
    await recent.waitFor();
    const recentText = (await recent.textContent()) ?? '';
    expect(recentText).toContain(name);
    expect(recentText).toContain(en('reports.status.payment_posted'));
    expect(recentText).toContain(money.fmt(total));
    // Today's figures count orders of the group's day: only comparable when the browser's day is the same one.
    if (homeAfter.today === today) {
      expect(homeAfter.count).toBe(homeBefore.count + 1);
      expect(homeAfter.amount).toBe(homeBefore.amount + total);
    }
    await shot(page, 'daily-loop-home');
    // On a phone (390 px) the page does not scroll sideways: the recent orders scroll inside their card.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 850 });
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // On a tablet (768 px, beside the sidebar) the header's breadcrumb keeps to one line and shows the screen's title
    // (it wrapped, in Malay letter by letter), with the store, language and user controls compact beside it.
    await page.setViewportSize({ width: 768, height: 850 });
    await page.goto('/manager/Customer');
    const title = page.getByTestId('page-title');
    await title.waitFor();
    const header = (await page.locator('.ant-layout-header').boundingBox())!;
    const crumbs = (await page.locator('.manager-page-title ol').boundingBox())!;
    expect(crumbs.height).toBeLessThan(30);
    expect(crumbs.y).toBeGreaterThanOrEqual(header.y);
    expect(crumbs.y + crumbs.height).toBeLessThanOrEqual(header.y + header.height);
    expect((await title.boundingBox())!.width).toBeGreaterThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.setViewportSize(desktop);
    await context.close();
  });

  it(
    'a public order by an unknown phone: the customer is created from the order in one step, then it is dispatched',
    { timeout: 120_000 },
    async () => {
      const { page, context } = await newPage({ language: EN });
      onTestFailed(() => shot(page, `daily-loop-failed-${Date.now()}`));
      await login(page, 'manager', DEMO_PASSWORD);
      await page.goto('/manager/DispatchOrder');
      const storeName = ((await page.getByTestId('store-switcher').textContent()) ?? '').trim();
      expect(storeName).toBeTruthy();
      const stamp = Date.now();
      const name = `E2E Caller ${stamp}`;
      const phone = `09${String(stamp).slice(-8)}`;
      const address = `No. ${stamp % 1000}, E2E Lane`;

      // 1. The order on the public page, by a phone the shop does not know.
      await page.goto('/addOrder');
      await page.getByTestId('public-order').waitFor();
      // The page is on the field kit (no antd): its store picker is the phone's own (a native select).
      await chooseOption(page.getByTestId('public-store'), storeName);
      await page.getByTestId('public-phone').fill(phone);
      await page.getByTestId('public-name').fill(name);
      await page.getByTestId('public-address').fill(address);
      await page.getByTestId('public-submit').click();
      const reference = /\d{8}-\d+/.exec((await page.getByTestId('public-order-reference').textContent()) ?? '')?.[0];
      expect(reference).toBeTruthy();

      // 2. On the dispatch board it has no customer: the detail offers to create one, prefilled from the order.
      await page.goto('/manager/DispatchOrder');
      const search = await inputOf(page.getByTestId('order-search'));
      await search.fill(reference!);
      await search.press('Enter');
      const row = page.locator('tr.ant-table-row', { hasText: reference! });
      await poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain(en('orders.newCustomer'));
      const orderId = Number((await row.getAttribute('data-row-key'))!);
      await page.getByTestId(`order-row-${orderId}`).click();
      await page.getByTestId('order-customer-missing').waitFor();
      await page.getByTestId('order-create-customer').click();
      await page.getByTestId('customer-form').waitFor();
      expect(await page.getByTestId('customer-name').inputValue()).toBe(name);
      expect(await page.getByTestId('customer-phone').inputValue()).toBe(phone);
      expect(await page.getByTestId('customer-address').inputValue()).toBe(address);
      await shot(page, 'daily-loop-customer-from-order');
      await page.getByTestId('customer-save').click();
      await page.getByTestId('customer-form').waitFor({ state: 'detached' });
      await page.getByTestId('order-customer-missing').waitFor({ state: 'detached' });
      await poll(() => page.getByTestId('order-detail').textContent()).toContain(en('customers.type.residential'));
      await page.keyboard.press('Escape');
      await page.getByTestId('order-detail').waitFor({ state: 'detached' });
      await poll(() => row.textContent()).not.toContain(en('orders.newCustomer'));

      // 3. Now it can be dispatched (seed §5: must select customer).
      await page.getByTestId(`order-action-dispatch-${orderId}`).click();
      await page.getByTestId('dispatch-form').waitFor();
      await pick(page, page.getByTestId('dispatch-person'), '(driver)');
      await typeDate(page, page.getByTestId('dispatch-time'), `${groupToday()} 17:00`);
      await page.getByTestId('dispatch-submit').click();
      await page.getByTestId('dispatch-form').waitFor({ state: 'detached' });
      await poll(() => row.getByTestId('order-status').textContent()).toBe(en('orders.status.not_delivered'));
      await context.close();
    },
  );

  it('draws the route map: three rings around each store, the routes, and store names that do not overlap', async () => {
    const { page, context } = await newPage({ language: EN });
    await login(page, 'manager', DEMO_PASSWORD);
    await page.goto('/manager/deliveryRoute');
    const map = page.getByTestId('route-map');
    await map.waitFor();
    expect(await page.getByTestId('ring-red').textContent()).toBe('20 km');
    // Vectors only, so they draw without map tiles: 3 rings and a marker per store, a line and a marker per route.
    const shapes = map.locator('path.leaflet-interactive');
    await expect.poll(() => shapes.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3 * 4 + 2);
    // The view opens on the stores: every store marker is inside the map.
    const box = (await map.boundingBox())!;
    const inside = (b: { x: number; y: number; width: number; height: number }) =>
      b.x >= box.x && b.y >= box.y && b.x + b.width <= box.x + box.width && b.y + b.height <= box.y + box.height;
    // ... and uses the map: the store and route markers (the small shapes) span most of its width or height.
    const markers = (await Promise.all((await shapes.all()).map((p) => p.boundingBox()))).filter((b) => b && b.width <= 30) as {
      x: number;
      y: number;
      width: number;
      height: number;
    }[];
    const spanX = Math.max(...markers.map((b) => b.x + b.width)) - Math.min(...markers.map((b) => b.x));
    const spanY = Math.max(...markers.map((b) => b.y + b.height)) - Math.min(...markers.map((b) => b.y));
    expect(Math.max(spanX / box.width, spanY / box.height)).toBeGreaterThan(0.7);
    // Store names shown without hovering (a route's tooltip is in the page only while hovered).
    const labels = map.locator('.leaflet-tooltip');
    await expect.poll(() => labels.count()).toBeGreaterThan(0);
    const boxes = await Promise.all((await labels.all()).map(async (l) => (await l.boundingBox())!));
    for (const b of boxes) expect(inside(b)).toBe(true);
    // No two store names on the map cover each other.
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlap).toBe(false);
      }),
    );
    await shot(page, 'route-map');
    await context.close();
  });

  it('shows DispatchOrder, Customer and DailyReport in every language without raw i18n keys', { timeout: 90_000 }, async () => {
    const rawKey = new RegExp(`\\b(?:${Object.keys(NAMESPACES).join('|')})\\.[A-Za-z]`);
    for (const language of ['zh-TW', 'zh-CN', 'ja-JP', 'ms-MY'] as Locale[]) {
      const { page, context } = await newPage({ language });
      onTestFailed(() => shot(page, `daily-loop-failed-${language}`));
      await login(page, 'manager', DEMO_PASSWORD);
      const screens = [
        { screen: 'DispatchOrder', header: 'orders.field.orderNo', ready: () => page.locator('tr.ant-table-row').first().waitFor() },
        { screen: 'Customer', header: 'customers.field.name', ready: () => page.locator('tr.ant-table-row').first().waitFor() },
        { screen: 'DailyReport', header: 'reports.col.orders', ready: () => page.getByTestId('daily-orders').waitFor() },
      ];
      for (const s of screens) {
        await page.goto(`/manager/${s.screen}`);
        await poll(() => page.getByTestId('page-title').first().textContent()).toBe(translate(language, `menu.${s.screen}`));
        await s.ready();
        const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
        expect(headers, `${language} ${s.screen}`).toContain(translate(language, s.header));
        const text = await page.locator('body').innerText();
        expect(rawKey.exec(text)?.[0], `raw i18n key on ${s.screen} in ${language}`).toBeUndefined();
      }
      await shot(page, `daily-loop-${language}`);
      await context.close();
    }
  });

  it('bills and posts the month of monthly customers (by count and by meter)', { timeout: 120_000 }, async () => {
    const { page, context } = await newPage({ language: EN });
    onTestFailed(() => shot(page, `daily-loop-failed-${Date.now()}`));
    await login(page, 'manager', DEMO_PASSWORD);
    const stamp = Date.now();
    const month = groupToday().slice(0, 7);

    // A monthly-by-count customer with one completed order this month, and a monthly-by-meter customer.
    const countName = `E2E Count ${stamp}`;
    const meterName = `E2E Meter ${stamp}`;
    const byCount = await createCustomer(page, {
      name: countName,
      phone: '02-2521-0101',
      address: 'No. 2, E2E Road',
      type: 'monthly_count',
    });
    const byMeter = await createCustomer(page, {
      name: meterName,
      phone: '02-2521-0202',
      address: 'No. 3, E2E Road',
      type: 'monthly_meter',
      meter: { number: `M-E2E-${stamp}`, reading: '100', price: '95' },
    });
    const digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency: byCount.currency }).resolvedOptions().maximumFractionDigits ?? 2;
    const fmt = (m: number) => formatMoneyMinor(m, byCount.currency, EN);
    const pricePerKg = minorOf(byCount.priceText, digits);

    await page.goto('/manager/DispatchOrder');
    await page.getByTestId('order-add').click();
    await page.getByTestId('order-form').waitFor();
    await pick(page, page.getByTestId('order-customer'), countName, { search: countName });
    const orderTotal = priceOrder({
      pricePerKg,
      minRefundGrams: 0,
      gasWeightG: 20000,
      residualGasG: 0,
      propaneWeightG: 0,
      propaneResidualG: 0,
      products: [],
      services: [],
      cylinders: [],
    }).totalAmount;
    await poll(() => page.getByTestId('order-total').textContent()).toBe(fmt(orderTotal));
    await page.getByTestId('order-save').click();
    await page.getByTestId('order-form').waitFor({ state: 'detached' });
    const search = await inputOf(page.getByTestId('order-search'));
    await search.fill(countName);
    await search.press('Enter');
    const orderRow = page.locator('tr.ant-table-row', { hasText: countName });
    await poll(() => orderRow.count()).toBe(1);
    const orderId = Number((await orderRow.getAttribute('data-row-key'))!);
    // A counter sale: completed without delivery.
    await page.getByTestId(`order-action-complete-${orderId}`).click();
    await poll(() => orderRow.getByTestId('order-status').textContent()).toBe(en('orders.status.completed'));

    // The billing tab of the Customer screen, this month.
    await page.goto('/manager/Customer');
    await page.getByRole('tab', { name: en('customers.billing.title') }).click();
    await page.getByTestId('monthly-billing').waitFor();
    await typeDate(page, page.getByTestId('billing-period'), month);
    const countRow = page.locator(`tr.ant-table-row[data-row-key="${byCount.id}"]`);
    const meterRow = page.locator(`tr.ant-table-row[data-row-key="${byMeter.id}"]`);
    await countRow.waitFor();
    await meterRow.waitFor();
    const cell = async (row: Locator, key: string) => ((await (await cellUnder(row, en(key))).textContent()) ?? '').trim();
    await poll(() => cell(countRow, 'customers.billing.unbilledCount')).toBe('1');
    expect(await cell(countRow, 'customers.billing.unbilledAmount')).toBe(fmt(orderTotal));
    expect(await cell(meterRow, 'customers.bill.previousReading')).toBe('100.000');
    expect(await cell(meterRow, 'customers.bill.status')).toBe(en('customers.billing.unbilled'));

    // Seed §5: a meter customer's bill needs the current reading; nothing is generated without it.
    await countRow.locator('.ant-checkbox-input').check();
    await meterRow.locator('.ant-checkbox-input').check();
    await page.getByTestId('billing-generate').click();
    await poll(() => meterRow.textContent()).toContain(en('feedback.validation.meterReading'));
    expect(await cell(countRow, 'customers.bill.status')).toBe(en('customers.billing.unbilled'));
    await shot(page, 'daily-loop-billing-reading-required');

    await fillNumber(page.getByTestId(`billing-reading-${byMeter.id}`), '112.5');
    await page.getByTestId('billing-generate').click();
    await poll(() => cell(countRow, 'customers.bill.status')).toBe(en('customers.billStatus.billed'));
    await poll(() => cell(meterRow, 'customers.bill.status')).toBe(en('customers.billStatus.billed'));
    const meterAmount = meterBillAmount(100_000, 112_500, 9500);
    expect(await cell(meterRow, 'customers.bill.amount')).toBe(fmt(meterAmount));
    expect(await cell(meterRow, 'customers.billing.currentReading')).toBe('112.500');
    expect(await cell(countRow, 'customers.bill.amount')).toBe(fmt(orderTotal));

    // Post both bills (cash) and check they read "posted".
    for (const [customerId, amount, row] of [
      [byCount.id, orderTotal, countRow],
      [byMeter.id, meterAmount, meterRow],
    ] as const) {
      await page.getByTestId(`billing-post-${customerId}`).click();
      await page.getByTestId('payment-form').waitFor();
      await poll(() => page.getByTestId('payment-due').textContent()).toBe(en('orders.payment.total', { amount: fmt(amount) }));
      await poll(() => page.getByTestId('payment-cash').inputValue()).toBe((amount / 10 ** digits).toFixed(digits));
      await page.getByTestId('payment-submit').click();
      await page.getByTestId('payment-form').waitFor({ state: 'detached' });
      await poll(() => cell(row, 'customers.bill.status')).toBe(en('customers.billStatus.posted'));
      expect(await page.getByTestId(`billing-post-${customerId}`).count()).toBe(0);
    }
    await shot(page, 'daily-loop-billing-posted');

    // Posting the bill settled its order.
    await page.goto('/manager/DispatchOrder');
    const search2 = await inputOf(page.getByTestId('order-search'));
    await search2.fill(countName);
    await search2.press('Enter');
    await poll(() => page.locator(`tr.ant-table-row[data-row-key="${orderId}"]`).getByTestId('order-status').textContent()).toBe(
      en('orders.status.payment_posted'),
    );
    expect(await page.getByTestId(`order-action-pay-${orderId}`).count()).toBe(0);
    await context.close();
  });
});
