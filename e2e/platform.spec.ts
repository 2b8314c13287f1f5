import { describe, expect, it } from 'vitest';
import { LOCALES, MENU_GROUPS, translate, type Locale } from '@gasops/shared';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/env.js';
import { login, newPage, noBrowser, shot, useBrowser } from './support/browser.js';
import { chooseFromMenu, pick } from './support/antd.js';
import { GROUP_ZONE, groupToday, zoneAwayFrom } from './support/dates.js';
import { chooseOption } from './support/kit.js';

useBrowser();

describe.skipIf(noBrowser)('platform: login places, languages, menus, session end, deep links', () => {
  it('logs in and out at the manager login page (/)', async () => {
    const { page, context } = await newPage();
    await page.goto('/');
    await page.getByTestId('manager-login-page').waitFor();
    // The login page is built on the field kit, not antd (issue 16: the entry every page loads has no antd).
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    await login(page, 'manager', DEMO_PASSWORD);
    expect(new URL(page.url()).pathname).toBe('/manager/Home');
    await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe(translate('zh-TW', 'menu.Home'));
    await shot(page, 'manager-home');
    await chooseFromMenu(page, page.getByTestId('user-menu'), 'logout');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('manager-login-page').waitFor();
    // "Logged out" stays in sight on the login page, in its own toasts (the manager page's antd host is gone).
    await page.getByTestId('field-toasts').getByText(translate('zh-TW', 'feedback.success.loggedOut'), { exact: true }).waitFor();
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    // The session is really gone: a deep link now lands on the login page.
    await page.goto('/manager/Home');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('logs in and out at the field login page (/mobileLogin, alias /seekerLogin) on a phone', async () => {
    const { page, context } = await newPage({ viewport: 'phone' });
    await page.goto('/seekerLogin');
    await page.getByTestId('field-login-page').waitFor();
    const dayAsked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/field/today') dayAsked.push(request.url());
    });
    await login(page, 'driver', DEMO_PASSWORD, 'seeker');
    expect(new URL(page.url()).pathname).toBe('/mobile/mobileIndex');
    await page.getByTestId('mobile-tabbar').waitFor();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(translate('zh-TW', 'menu.mobileIndex'));
    // The day is asked for once: while the screen loads, not again when the (empty) outbox has been flushed.
    await page.getByTestId('home-to-deliver').waitFor();
    await page.waitForLoadState('networkidle');
    expect(dayAsked).toHaveLength(1);
    // The field app is a page of its own (field.html, issue 13): its entry, and no antd on it.
    const fieldPage = await page.evaluate(() => ({
      entry: Array.from(document.scripts).some((s) => /\/assets\/field-[\w-]+\.js$/.test(s.src)),
      antd: document.querySelectorAll('[class^="ant-"], [class*=" ant-"]').length,
    }));
    expect(fieldPage).toEqual({ entry: true, antd: 0 });
    await shot(page, 'mobile-index');
    // A tab is a route change inside the field app, not a page load.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    await page.getByTestId('mobile-tab-gasReturn').click();
    await page.waitForURL((u) => u.pathname === '/mobile/gasReturn');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(translate('zh-TW', 'menu.gasReturn'));
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await chooseFromMenu(page, page.getByTestId('user-menu'), 'logout');
    await page.waitForURL((u) => u.pathname === '/seekerLogin' || u.pathname === '/mobileLogin');
    await page.getByTestId('field-login-page').waitFor();
    // Signed out for real: the field app no longer opens with the phone's copy of the user.
    await page.goto('/mobile/mobileIndex');
    await page.waitForURL((u) => u.pathname === '/mobileLogin');
    await page.getByTestId('field-login-page').waitFor();
    // An office account without the field home stays signed in and is told so; the day is not asked for (its 403 would
    // end the session: the account was sent back to an empty login form without a word).
    await login(page, 'staff', DEMO_PASSWORD, 'seeker');
    await page.getByTestId('forbidden').waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/mobile/mobileIndex');
    expect(dayAsked).toHaveLength(1);
    await context.close();
  });

  it('shows the wrong-password message in the active language', async () => {
    for (const language of ['zh-TW', 'en-US'] as Locale[]) {
      const { page, context } = await newPage({ language });
      await page.goto('/');
      await page.getByTestId('login-account').fill('manager');
      await page.getByTestId('login-password').fill('wrong-pass-1');
      await page.getByTestId('login-submit').click();
      await expect
        .poll(() => page.getByTestId('login-error').textContent())
        .toContain(translate(language, 'feedback.error.badCredentials'));
      expect(new URL(page.url()).pathname).toBe('/');
      // The message goes when a field changes; an empty (or blank) field says so under it, and Enter submits.
      await page.getByTestId('login-password').fill('');
      await page.getByTestId('login-error').waitFor({ state: 'detached' });
      expect(await page.getByTestId('login-password-error').textContent()).toBe(
        translate(language, 'feedback.validation.passwordRequired'),
      );
      await page.getByTestId('login-account').fill('   ');
      await page.getByTestId('login-account').press('Enter');
      expect(await page.getByTestId('login-account-error').textContent()).toBe(translate(language, 'feedback.validation.accountRequired'));
      expect(await page.getByLabel(translate(language, 'auth.account'), { exact: true }).getAttribute('data-testid')).toBe('login-account');
      await context.close();
    }
  });

  it('switches to each of the five languages and remembers the choice in localStorage', async () => {
    const { page, context } = await newPage();
    await page.goto('/');
    await expect.poll(() => page.getByTestId('manager-login-page').textContent()).toContain(translate('zh-TW', 'auth.loginTitle'));
    for (const locale of LOCALES) {
      await chooseFromMenu(page, page.getByTestId('language-switch'), `language-option-${locale}`);
      await expect.poll(() => page.getByTestId('manager-login-page').textContent()).toContain(translate(locale, 'auth.loginTitle'));
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(locale);
      await shot(page, `login-${locale}`);
    }
    await page.reload();
    await expect.poll(() => page.getByTestId('manager-login-page').textContent()).toContain(translate('ms-MY', 'auth.loginTitle'));
    // The signed-in app follows the language too (menu titles).
    await login(page, 'manager', DEMO_PASSWORD);
    await expect.poll(() => page.getByTestId('sider-menu').textContent()).toContain(translate('ms-MY', 'menu.group.store'));
    await context.close();
  });

  it('builds the sidebar from the role: a limited role sees only its screens', async () => {
    const visible = async (account: string, password: string) => {
      const { page, context } = await newPage({ language: 'en-US' });
      await login(page, account, password);
      await page.getByTestId('sider-menu').waitFor();
      const ids = await page
        .locator('[data-testid^="menu-item-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(10)));
      // Collapsed groups render their items lazily; open every group so all items are counted.
      const groups = await page.locator('.ant-menu-submenu-title').all();
      for (const g of groups) await g.click();
      const all = await page
        .locator('[data-testid^="menu-item-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(10)));
      await context.close();
      return new Set([...ids, ...all]);
    };
    const staff = await visible('staff', DEMO_PASSWORD);
    expect(staff.has('Customer')).toBe(true);
    expect(staff.has('UserManagement')).toBe(false);
    expect(staff.has('Role')).toBe(false);
    expect(staff.has('Group')).toBe(false);
    const manager = await visible('manager', DEMO_PASSWORD);
    expect(manager.has('UserManagement')).toBe(true);
    expect(manager.has('Group')).toBe(false);
    expect(manager.size).toBeGreaterThan(staff.size);
    const admin = await visible('admin', ADMIN_PASSWORD);
    expect(admin.has('Group')).toBe(true);
    expect(admin.has('ParamsSetting')).toBe(true);
  });

  it('shows a 403 page for a screen the role does not allow', async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'staff', DEMO_PASSWORD);
    await page.goto('/manager/UserManagement');
    await page.getByTestId('forbidden').waitFor();
    await context.close();
  });

  it('ends the session and returns to the login page when the server answers 403', async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'manager', DEMO_PASSWORD);
    // Without its CSRF cookie the next write is refused with 403: the app must log out (seed §6/§8).
    await context.clearCookies({ name: 'csrf' });
    await pick(page, page.getByTestId('store-switcher'));
    await page.waitForURL((u) => u.pathname === '/');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'auth')?.value ?? '').toBe('');
    expect(await page.evaluate(() => localStorage.getItem('authority'))).toBeNull();
    await context.close();
  });

  it("uses the store group's date (Asia/Taipei) as today, not the browser's clock", async () => {
    const browserZone = zoneAwayFrom(GROUP_ZONE);
    const { page, context } = await newPage({ language: 'en-US', timezoneId: browserZone });
    await login(page, 'manager', DEMO_PASSWORD);
    await page.goto('/manager/DailyReport');
    await expect
      .poll(() => page.locator('[data-testid="daily-date"] input, input[data-testid="daily-date"]').first().inputValue())
      .toBe(groupToday());
    await context.close();
  });

  // About 45 pages loaded one after the other (every seed route, each a full page load): 43–51 s on 2 cores.
  it('opens every seed route by deep link', { timeout: 120_000 }, async () => {
    const { page, context } = await newPage();
    // Public routes without a session.
    for (const [path, testId] of [
      ['/', 'manager-login-page'],
      ['/mobileLogin', 'field-login-page'],
      ['/seekerLogin', 'field-login-page'],
      ['/PrivacyPolicy', 'legal-privacy'],
      ['/ServiceTerms', 'legal-terms'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(testId).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      // The login and legal pages are on the field kit, not antd (issue 16).
      expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    }
    for (const path of ['/addOrder', '/barcode']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);
    }
    // An order link cut short in the chat (a malformed token: 400) fills nothing and says nothing, as an expired one.
    const prefill = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/public/line-order/'));
    await page.goto('/addOrder?line=cut-short');
    expect((await prefill).status()).toBe(400);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('field-toasts').innerText()).toBe('');
    // Guarded routes send an anonymous visitor to the login page of their side; unknown paths to /.
    await page.goto('/manager/Customer');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/mobile/gasRound');
    await page.waitForURL((u) => u.pathname === '/mobileLogin');
    await page.goto('/no/such/page');
    await page.waitForURL((u) => u.pathname === '/');

    // Every manager and mobile screen, as the platform administrator.
    await login(page, 'admin', ADMIN_PASSWORD);
    const manager = MENU_GROUPS.filter((g) => g.key !== 'mobile').flatMap((g) => g.screens);
    for (const screen of manager) {
      await page.goto(`/manager/${screen}`);
      await expect
        .poll(() => page.getByTestId('page-title').first().textContent(), { timeout: 10_000 })
        .toBe(translate('zh-TW', `menu.${screen}`));
      expect(new URL(page.url()).pathname).toBe(`/manager/${screen}`);
    }
    for (const screen of ['mobileIndex', 'gasRound', 'gasReturn', 'gasPackaging', 'gasExamine']) {
      await page.goto(`/mobile/${screen}`);
      await page.getByTestId('mobile-tabbar').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/mobile/${screen}`);
    }
    await page.goto('/MobileCylinderMaintenance');
    await page.getByTestId('mobile-layout').waitFor();
    expect(new URL(page.url()).pathname).toBe('/MobileCylinderMaintenance');
    // The administrator's group picker says what it picks (it showed the raw key "system.field.group": the field app's
    // messages have no system namespace).
    expect(await page.getByTestId('group-select').getAttribute('aria-label')).toBe(translate('zh-TW', 'common.storeGroup'));
    // A cylinder opens in the field kit's sheet, not in antd's drawer (issue 13: no antd on the phone).
    await page.locator('[data-testid^="mobile-cylinder-"]').first().click();
    await page.getByTestId('cylinder-detail-title').waitFor();
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    await page.getByTestId('cylinder-detail-close').click();
    await page.getByTestId('cylinder-detail').waitFor({ state: 'detached' });
    // The phone's back button closes the sheet and stays on the list.
    await page.locator('[data-testid^="mobile-cylinder-"]').first().click();
    await page.getByTestId('cylinder-detail-title').waitFor();
    await page.goBack();
    await page.getByTestId('cylinder-detail').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/MobileCylinderMaintenance');
    await page.getByTestId('mobile-cylinders').waitFor();
    // Seed §2: the default store id and the first character of its name are in cookies.
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
    expect(Number(cookies.storeId)).toBeGreaterThan(0);
    expect(cookies.storeName).toHaveLength(1);
    await context.close();
  });

  it("takes a public order on a phone without antd: required messages and the server's under their fields (/addOrder)", async () => {
    const { page, context } = await newPage({ viewport: 'phone' });
    const zh = (key: string) => translate('zh-TW', key);
    await page.goto('/addOrder');
    await page.getByTestId('public-order').waitFor();
    // Built on the field kit (issue 16: customers open it from LINE on phones): no antd markup, no sideways scroll at 360 px.
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    // Thumb-sized controls (44 px) with their labels in sight.
    for (const testId of ['public-store', 'public-phone', 'public-name', 'public-address', 'public-cylinder-kg', 'public-submit']) {
      const control = page.getByTestId(testId);
      const box = (await (
        testId === 'public-phone' || testId === 'public-name' || testId === 'public-address' ? control.locator('xpath=..') : control
      ).boundingBox())!;
      expect(box.height, testId).toBeGreaterThanOrEqual(44);
    }
    await page.getByLabel(zh('orders.public.phone')).waitFor();
    /** The message under a field: in the field's item, below its control. */
    const messageUnder = async (testId: string, path: string) => {
      const control = page.getByTestId(testId);
      const message = control.locator('xpath=ancestor::div[contains(@class, "f-field")][1]').getByTestId(`public-error-${path}`);
      await message.waitFor();
      const [c, m] = [(await control.boundingBox())!, (await message.boundingBox())!];
      expect(m.y).toBeGreaterThanOrEqual(c.y + c.height - 1);
      return (await message.textContent())?.trim();
    };

    // Sent empty: "required" under each required field, nothing sent.
    /** The Idempotency-Key of each order sent. */
    const orders: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/public/orders')) orders.push(r.headers()['idempotency-key'] ?? '');
    });
    await page.getByTestId('public-submit').click();
    for (const [testId, path] of [
      ['public-store', 'storeId'],
      ['public-phone', 'phone'],
      ['public-name', 'name'],
      ['public-address', 'address'],
    ] as const)
      expect(await messageUnder(testId, path)).toBe(zh('feedback.validation.required'));
    expect(orders).toEqual([]);
    // Typing takes the field's message away.
    await page.getByTestId('public-name').fill('E2E 客戶');
    await page.getByTestId('public-error-name').waitFor({ state: 'detached' });

    // A phone the server refuses: its message under the phone field, the others' gone.
    await chooseOption(page.getByTestId('public-store'), /./);
    await page.getByTestId('public-phone').fill('12');
    await page.getByTestId('public-address').fill('E2E 路 1 號');
    await page.getByTestId('public-submit').click();
    expect(await messageUnder('public-phone', 'phone')).toBe(zh('feedback.validation.invalid'));
    expect(orders).toHaveLength(1);
    expect(await page.getByTestId('public-error-storeId').count()).toBe(0);
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    await shot(page, 'public-order-server-message');
    // Corrected, it is taken, under the same Idempotency-Key (one per filled form); "order another" starts a new form.
    await page.getByTestId('public-phone').fill('0912-345-678');
    await page.getByTestId('public-error-phone').waitFor({ state: 'detached' });
    await page.getByTestId('public-submit').click();
    expect(await page.getByTestId('public-order-reference').textContent()).toMatch(/\d{8}-\d+/);
    expect(orders).toHaveLength(2);
    expect(orders[1]).toBe(orders[0]);
    await page.getByRole('button', { name: zh('orders.public.another') }).click();
    expect(await page.getByTestId('public-name').inputValue()).toBe('');
    await chooseOption(page.getByTestId('public-store'), /./);
    await page.getByTestId('public-phone').fill('0912-345-678');
    await page.getByTestId('public-name').fill('E2E 客戶');
    await page.getByTestId('public-address').fill('E2E 路 1 號');
    await page.getByTestId('public-submit').click();
    await page.getByTestId('public-order-reference').waitFor();
    expect(orders).toHaveLength(3);
    expect(orders[2]).toMatch(/\S/);
    expect(orders[2]).not.toBe(orders[0]);
    await context.close();
  });
});
