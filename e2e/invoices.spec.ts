import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { formatInvoiceNumber, invoicePeriodOf, translate, V, type Locale } from '@gasops/shared';
import { DEMO_PASSWORD } from './support/env.js';
import { login, newPage, noBrowser, send, shot, useBrowser } from './support/browser.js';
import { correct, formReady, pick } from './support/antd.js';
import { GROUP_ZONE, groupToday, zoneAwayFrom } from './support/dates.js';

useBrowser();

/**
 * Uniform e-invoices as the demo manager (issue 14): a track for the group's current period on the
 * `invoice` screen, two completed orders invoiced from the order list (a mobile barcode carrier, and a
 * printed B2B invoice prefilled from the customer's unified number), the same order again answering
 * its invoice, a void with a reason, and both invoices in InvoiceLookup with their statuses.
 */

const EN: Locale = 'en-US';
const en = (key: string, params?: Record<string, unknown>) => translate(EN, key, params);
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });

/** A completed order (placed → dispatched → delivering → delivered) of a new customer of the store. */
async function completedOrder(context: BrowserContext, storeId: number, name: string, unifiedNumber?: string) {
  const customer = await send<{ id: number }>(context, 'POST', '/customers', {
    storeId,
    type: unifiedNumber ? 'store' : 'residential',
    name,
    phone: '02-2521-8899',
    address: 'No. 8, Invoice Road, Taipei',
    ...(unifiedNumber ? { unifiedNumber } : {}),
  });
  const order = await send<{ id: number; orderNo: string }>(context, 'POST', '/orders', {
    storeId,
    customerId: customer.id,
    orderDate: groupToday(),
    gasWeightG: 20000,
  });
  const [person] = await send<{ userId: number }[]>(context, 'GET', `/delivery-persons?storeId=${storeId}`);
  await send(context, 'POST', '/orders/dispatch', {
    orderIds: [order.id],
    deliveryPersonId: person!.userId,
    deliveryAt: new Date().toISOString(),
  });
  await send(context, 'POST', `/orders/${order.id}/start`);
  const done = await send<{ status: string }>(context, 'POST', `/orders/${order.id}/delivered`, { gasWeightG: 20000 });
  expect(done.status).toBe('completed');
  return { ...order, customerId: customer.id };
}

/** Opens the order list on one order and the issue form from its row (`ready`: and waits for the store's defaults in it). */
async function openIssueForm(page: Page, name: string, orderId: number, ready = true) {
  await page.goto('/manager/DispatchOrder');
  const search = page.getByTestId('order-search').locator('xpath=descendant-or-self::input').first();
  await search.fill(name);
  await search.press('Enter');
  const action = page.getByTestId(`order-action-invoice-${orderId}`);
  await action.waitFor();
  await action.click();
  await page.getByTestId('issue-form').waitFor();
  if (ready) await formReady(page, 'issue-form');
}

async function submitIssue(page: Page, expected: string) {
  await page.getByTestId('issue-submit').click();
  await page.getByTestId('issue-form').waitFor({ state: 'detached' });
  await page.getByText(expected).first().waitFor();
}

const radio = (group: Locator, label: string) => group.locator('label', { hasText: label });

describe.skipIf(noBrowser)('uniform e-invoices', () => {
  it(
    'track → issue from orders (carrier, B2B printed) → issued again → void → lookup (en-US), titles in zh-TW',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await newPage({ language: EN, timezoneId: zoneAwayFrom(GROUP_ZONE) });
      onTestFailed(() => shot(page, `invoices-failed-${Date.now()}`));
      await login(page, 'manager', DEMO_PASSWORD);
      const me = await send<{ defaultStoreId: number; stores: { id: number; name: string }[] }>(context, 'GET', '/auth/me');
      const store = me.stores.find((s) => s.id === me.defaultStoreId)!;

      // 1. A track of the group's current period (its calendar, whatever the browser's): a prefix and booklet of this run.
      const period = invoicePeriodOf(groupToday());
      const run = Date.now();
      // A–P first: the demo's tracks are QA, QB and RB (their invoices would match a search by the prefix).
      const prefix = `${String.fromCharCode(65 + (run % 16))}${String.fromCharCode(65 + (Math.floor(run / 16) % 26))}`;
      const start = (Math.floor(run / 1000) % 1_000_000) * 50;
      const startText = String(start).padStart(8, '0');
      await page.goto('/manager/invoice');
      await poll(() => page.getByTestId('page-title').first().textContent()).toBe(en('menu.invoice'));
      await page.getByTestId('track-add').click();
      await page.getByTestId('track-form').waitFor();
      await pick(page, page.getByTestId('track-store'), store.name);
      await poll(() => page.getByTestId('track-year').inputValue()).toBe(String(period.rocYear));
      await page.getByTestId('track-prefix').fill(prefix.toLowerCase());
      await page.getByTestId('track-start').fill(startText.slice(0, 5));
      await page.getByTestId('track-end').fill(String(start + 49).padStart(8, '0'));
      await page.getByTestId('track-save').click();
      // The seed §5 message under the field, from the shared rules, before anything is sent.
      await correct(page.getByTestId('track-start'), startText, page.getByText(en(V.invoiceStartDigits)));
      await page.getByTestId('track-save').click();
      await page.getByTestId('track-form').waitFor({ state: 'detached' });
      const trackRow = page.locator('tr.ant-table-row', { hasText: `${prefix}${startText}` });
      await poll(() => trackRow.count()).toBe(1);
      expect(await trackRow.textContent()).toContain(
        en('invoices.ui.periodName', { rocYear: period.rocYear, months: en(`invoices.period.${period.period}`) }),
      );

      // 2. A completed order invoiced to a mobile barcode carrier, from the order list.
      const consumer = `E2E Invoice Consumer ${run}`;
      const first = await completedOrder(context, store.id, consumer);
      // While the order's customer (a company buyer?) is on its way the form waits, so that what it brings cannot
      // overwrite a choice made meanwhile.
      const customerUrl = `**/api/customers/${first.customerId}`;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(customerUrl, async (route) => {
        await held;
        await route.continue();
      });
      await openIssueForm(page, consumer, first.id, false);
      expect(await page.getByTestId('issue-form').getAttribute('aria-busy')).toBe('true');
      expect(await page.getByTestId('issue-delivery').locator('input[value="carrier"]').isDisabled()).toBe(true);
      expect(await page.getByTestId('issue-submit').isDisabled()).toBe(true);
      release();
      await formReady(page, 'issue-form');
      await page.unroute(customerUrl);
      await radio(page.getByTestId('issue-delivery'), en('invoices.ui.delivery.carrier')).click();
      await page.getByTestId('issue-carrier-id').fill('/abc+12');
      await page.getByTestId('issue-submit').click();
      await correct(page.getByTestId('issue-carrier-id'), '/ABC+123', page.getByText(en('invoices.validation.mobileBarcode')));
      const firstNumber = formatInvoiceNumber(prefix, start);
      await submitIssue(page, en('invoices.success.issued', { number: firstNumber }));

      // 3. A company customer's order: the form is a B2B invoice with its unified number, printed.
      const company = `E2E Invoice Company ${run}`;
      const second = await completedOrder(context, store.id, company, '04595257');
      await openIssueForm(page, company, second.id);
      await poll(() => page.getByTestId('issue-buyer-ubn').inputValue()).toBe('04595257');
      expect(await page.getByTestId('issue-buyer-name').inputValue()).toBe(company);
      await radio(page.getByTestId('issue-delivery'), en('invoices.ui.delivery.print')).click();
      const secondNumber = formatInvoiceNumber(prefix, start + 1);
      await submitIssue(page, en('invoices.success.issued', { number: secondNumber }));

      // 4. Issuing the first order again answers its invoice; no number is taken.
      await openIssueForm(page, consumer, first.id);
      await submitIssue(page, en('invoices.success.existing', { number: firstNumber }));
      await page.goto('/manager/invoice');
      await poll(async () => (await trackRow.locator('td').allTextContents()).join('|')).toContain(`|2|48|`);

      // 5. InvoiceLookup: both, then the first voided with a reason.
      await page.goto('/manager/InvoiceLookup');
      await poll(() => page.getByTestId('page-title').first().textContent()).toBe(en('menu.InvoiceLookup'));
      const search = page.getByTestId('invoice-search').locator('xpath=descendant-or-self::input').first();
      // This run's two numbers and nothing else: the prefix and the first 7 digits (the booklet starts at …00 or …50).
      await search.fill(`${prefix}${startText.slice(0, 7)}`);
      await search.press('Enter');
      const rowOf = (n: string) => page.locator('tr.ant-table-row', { has: page.getByTestId(`invoice-row-${n}`) });
      await poll(() => page.locator('tr.ant-table-row').count()).toBe(2);
      expect(await rowOf(secondNumber).textContent()).toContain('04595257');
      await page.getByTestId(`invoice-void-${firstNumber}`).click();
      // The dialog loads with its first opening: its appear motion over before its button is pressed.
      await formReady(page, 'void-form');
      await page.getByTestId('void-submit').click();
      await correct(page.getByTestId('void-reason'), 'Wrong carrier', page.getByText(en('invoices.validation.voidReason')));
      await page.getByTestId('void-submit').click();
      await page.getByTestId('void-form').waitFor({ state: 'detached' });
      await poll(() => rowOf(firstNumber).getByTestId('invoice-status').textContent()).toBe(en('invoices.status.voided'));
      expect(await rowOf(secondNumber).getByTestId('invoice-status').textContent()).toBe(en('invoices.status.issued'));
      expect(await page.getByTestId(`invoice-void-${firstNumber}`).count()).toBe(0);

      // The detail of the voided one: its carrier, reason and the proof's Code39.
      await page.getByTestId(`invoice-row-${firstNumber}`).click();
      await page.getByTestId('invoice-detail').waitFor();
      expect(await page.getByTestId('invoice-detail-delivery').textContent()).toContain('/ABC+123');
      expect(await page.getByTestId('invoice-detail').textContent()).toContain('Wrong carrier');
      await poll(() => page.getByTestId('invoice-code39').textContent()).toContain(firstNumber);
      await shot(page, 'invoices-lookup');
      await page.keyboard.press('Escape');
      await page.getByTestId('invoice-detail').waitFor({ state: 'hidden' });

      // An allowance (折讓) of NT$10 on the company's invoice: then it can no longer be voided.
      expect(await page.getByTestId(`invoice-allowance-${firstNumber}`).count()).toBe(0);
      await page.getByTestId(`invoice-allowance-${secondNumber}`).click();
      await formReady(page, 'allowance-form');
      await page.getByTestId('allowance-reason').fill('Short delivery');
      await page.getByTestId('allowance-submit').click();
      await page.getByText(en('invoices.validation.allowanceLine')).waitFor();
      await page.getByTestId('allowance-amount-1').fill('10');
      await page.getByTestId('allowance-submit').click();
      await page.getByText(en('invoices.success.allowance', { number: `${secondNumber}01` })).waitFor();
      await page.getByTestId('allowance-form').waitFor({ state: 'detached' });
      await poll(() => rowOf(secondNumber).getByTestId('invoice-status').textContent()).toBe(en('invoices.status.allowance'));
      expect(await page.getByTestId(`invoice-void-${secondNumber}`).count()).toBe(0);
      await page.getByTestId(`invoice-row-${secondNumber}`).click();
      await poll(() => page.getByTestId('invoice-allowances').textContent()).toContain(`${secondNumber}01`);
      expect(await page.getByTestId('invoice-allowances').textContent()).toContain('Short delivery');
      await shot(page, 'invoices-allowance');
      await context.close();

      // 6. The two screens' titles in Traditional Chinese.
      const zh = await newPage({ language: 'zh-TW' });
      await login(zh.page, 'manager', DEMO_PASSWORD);
      for (const screen of ['invoice', 'InvoiceLookup'] as const) {
        await zh.page.goto(`/manager/${screen}`);
        await poll(() => zh.page.getByTestId('page-title').first().textContent()).toBe(translate('zh-TW', `menu.${screen}`));
      }
      await zh.context.close();
    },
  );
});
