import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translate } from '@gasops/shared';
import { DEMO_PASSWORD } from './support/env.js';
import { login, newPage, noBrowser, shot, useBrowser } from './support/browser.js';
import { chooseFromMenu, pick } from './support/antd.js';

useBrowser();

/**
 * Switches the store in the header: a write whose answer each case below replaces. It picks a store
 * other than the selected one (choosing the selected store sends nothing), after any earlier switch
 * has finished (the switcher is disabled meanwhile).
 */
async function switchStore(page: Page) {
  // A previous top-right notification may cover the header's switcher: close it first.
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
  await page
    .locator('.ant-notification-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await page.locator('.ant-select-disabled[data-testid="store-switcher"]').waitFor({ state: 'detached' });
  await pick(page, page.getByTestId('store-switcher'));
}

const notificationText = (page: Page) => page.locator('.ant-notification-notice').last().textContent();

describe.skipIf(noBrowser)('seed §8 error catalogue in the browser', () => {
  it('shows each status with its message in a top-right notification titled "Error"', async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'manager', DEMO_PASSWORD);
    const cases: { status: number; body: unknown; expected: string }[] = [
      { status: 400, body: { detail: 'The body says what is wrong' }, expected: 'The body says what is wrong' },
      { status: 401, body: { detail: 'Detail of the 401' }, expected: 'Detail of the 401' },
      { status: 404, body: { detail: 'ignored' }, expected: translate('en-US', 'feedback.error.e404') },
      { status: 500, body: { detail: 'ignored' }, expected: translate('en-US', 'feedback.error.e500') },
      {
        status: 418,
        body: { detail: 'teapot detail' },
        expected: translate('en-US', 'feedback.error.uncaught', { detail: 'teapot detail' }),
      },
    ];
    for (const c of cases) {
      await page.route('**/api/store/UserDefaultStore', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({ status: c.status, contentType: 'application/json', body: JSON.stringify(c.body) })
          : route.fallback(),
      );
      await switchStore(page);
      await expect.poll(() => notificationText(page)).toContain(c.expected);
      expect(await notificationText(page)).toContain(translate('en-US', 'feedback.error.title'));
      const box = await page.locator('.ant-notification-notice').last().boundingBox();
      expect(box!.x).toBeGreaterThan(1366 / 2);
      expect(box!.y).toBeLessThan(200);
      await page.unroute('**/api/store/UserDefaultStore');
    }
    await shot(page, 'error-notification');
    expect(new URL(page.url()).pathname).toBe('/manager/Home');
    await context.close();
  });

  it('tells "no response" apart from "offline"', async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'manager', DEMO_PASSWORD);
    await page.route('**/api/store/UserDefaultStore', (route) =>
      route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.fallback(),
    );
    await switchStore(page);
    await expect.poll(() => notificationText(page)).toContain(translate('en-US', 'feedback.error.noResponse'));
    await page.unroute('**/api/store/UserDefaultStore');
    await context.setOffline(true);
    await switchStore(page);
    await expect.poll(() => notificationText(page)).toContain(translate('en-US', 'feedback.error.offline'));
    await context.setOffline(false);
    await context.close();
  });

  it('keeps an error notification while hovered and closes it after 3.5 s otherwise', async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'manager', DEMO_PASSWORD);
    await page.route('**/api/store/UserDefaultStore', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"detail":"hover me"}' })
        : route.fallback(),
    );
    await switchStore(page);
    const notice = page.locator('.ant-notification-notice', { hasText: 'hover me' });
    await notice.waitFor();
    await notice.hover();
    await page.waitForTimeout(5000);
    expect(await notice.count()).toBe(1);
    await page.mouse.move(5, 800);
    await notice.waitFor({ state: 'detached', timeout: 6000 });
    await context.close();
  });

  it('answers 400 with the field messages under the form fields', async () => {
    const { page, context } = await newPage({ language: 'ja-JP' });
    await login(page, 'manager', DEMO_PASSWORD);
    await chooseFromMenu(page, page.getByTestId('user-menu'), 'change-password');
    await page.getByTestId('old-password').fill('wrong-old-1');
    await page.getByTestId('new-password').fill('newpass123');
    await page.getByTestId('confirm-password').fill('newpass124');
    await page.getByTestId('change-password-submit').click();
    // Client-side rule (same zod schema as the server): mismatch, in Japanese.
    await expect
      .poll(() => page.getByTestId('change-password-form').textContent())
      .toContain(translate('ja-JP', 'feedback.validation.passwordMismatch'));
    await page.getByTestId('confirm-password').fill('newpass123');
    await page.getByTestId('change-password-submit').click();
    // Server-side check (old password) comes back as a field message.
    await expect
      .poll(() => page.getByTestId('change-password-form').textContent())
      .toContain(translate('ja-JP', 'feedback.error.oldPasswordWrong'));
    await context.close();
  });
});
