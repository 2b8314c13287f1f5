import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { translate, type Locale } from '@gasops/shared';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/env.js';
import { login, newPage, noBrowser, shot, useBrowser } from './support/browser.js';
import { chooseFromMenu, pick } from './support/antd.js';

useBrowser();

/** Polls wait for the server's answer (vitest's default of 1 s is short on a busy 2-core machine). */
const WAIT = { timeout: 10_000 };

const en = (key: string, params?: Record<string, unknown>) => translate('en-US', key, params);

/** One run's names: the server keeps its data for the whole e2e run, so every name is new. */
const tag = Date.now().toString(36).slice(-5);
const NEW = {
  group: `E2E Gas Group ${tag}`,
  store: `E2E Store ${tag}`,
  role: `E2E Counter ${tag}`,
  roleCode: `e2e_${tag}`,
  account: `e2e.clerk.${tag}`,
  userName: `E2E Clerk ${tag}`,
  password: 'Counter2024',
};
/** Set once test 1 has created the user, so test 3 can check another group cannot see it. */
let createdUser: string | null = null;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-e2e-export-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The form item (label + control + messages) around a control. */
const formItem = (control: Locator) => control.locator('xpath=ancestor::div[contains(@class,"ant-form-item ")][1]');
const itemError = (control: Locator) => formItem(control).locator('.ant-form-item-explain-error');

/** Data rows of the table under a data-table (antd adds a hidden measure row; skip placeholders). */
const rowsOf = (scope: Page | Locator) => scope.locator('.ant-table-tbody > tr.ant-table-row');

/** The row whose account cell (first column) is exactly this account. */
const accountRow = (page: Page, table: Locator, account: string) =>
  rowsOf(table).filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${account.replace(/\./g, '\\.')}$`) }) });

/** Closes success toasts and notifications that may cover buttons. */
async function clearToasts(page: Page) {
  for (const close of await page.locator('.ant-notification-notice-close').all()) await close.click().catch(() => undefined);
}

/** Every menu item the sidebar offers, with every submenu unfolded (items of closed submenus are lazy). */
async function sidebarScreens(page: Page): Promise<Set<string>> {
  await page.getByTestId('sider-menu').waitFor();
  const read = () =>
    page.locator('[data-testid^="menu-item-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(10)));
  const seen = new Set(await read());
  for (const g of await page.locator('[data-testid="sider-menu"] .ant-menu-submenu-title').all()) {
    await g.click();
    for (const s of await read()) seen.add(s);
  }
  return seen;
}

describe.skipIf(noBrowser)('system administration: groups, stores, roles, users, histories, export', () => {
  it('sets up a new store group end to end and the new user sees only the screens of the role', async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'admin', ADMIN_PASSWORD);

    // 1. Store group from nothing.
    await page.goto('/manager/Group');
    await expect.poll(() => page.getByTestId('page-title').first().textContent(), WAIT).toBe(en('menu.Group'));
    await page.getByTestId('group-add').click();
    await page.getByTestId('group-form-name').fill(NEW.group);
    const ubn = page.getByTestId('group-form-ubn');
    await ubn.fill('12345678');
    await page.getByTestId('group-form-save').click();
    // The checksum rule of the shared schema, under the field, in English.
    await expect.poll(() => itemError(ubn).textContent(), WAIT).toBe(en('feedback.validation.ubnInvalid'));
    expect(await page.getByTestId('group-form').isVisible()).toBe(true);
    await ubn.fill('10458575');
    await expect.poll(() => itemError(ubn).count(), WAIT).toBe(0);
    await page.getByTestId('group-form-invoice').click();
    expect(await page.getByTestId('group-form-invoice').getAttribute('aria-checked')).toBe('true');
    await pick(page, page.getByTestId('group-form-currency'), 'TWD', { exact: true });
    await pick(page, page.getByTestId('group-form-timezone'), 'Asia/Taipei', { exact: true });
    await shot(page, 'system-group-form');
    await page.getByTestId('group-form-save').click();
    await page.getByTestId('group-form').waitFor({ state: 'detached' });

    // 2. A new group continues straight into its details: add a store with prices and a map location.
    const drawer = page.locator('.ant-drawer-content-wrapper', { hasText: NEW.group });
    await drawer.getByTestId('group-tab-stores').waitFor();
    await drawer.getByTestId('store-add').click();
    await page.getByTestId('store-form-name').fill(NEW.store);
    await page.getByTestId('store-form-customerGasPrice').fill('36.5');
    await page.getByTestId('store-form-storeGasPrice').fill('34');
    // A click on the map places the store (tiles may be missing offline: the map still takes clicks).
    const map = page.getByTestId('store-map');
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20);
    await expect.poll(() => page.getByTestId('store-form-latitude').inputValue(), WAIT).not.toBe('');
    const lat = Number(await page.getByTestId('store-form-latitude').inputValue());
    const lng = Number(await page.getByTestId('store-form-longitude').inputValue());
    // Around Taipei (the map's centre for a store without a location), a little south-east of it.
    expect(lat).toBeGreaterThan(24.9);
    expect(lat).toBeLessThan(25.0375);
    expect(lng).toBeGreaterThan(121.5637);
    expect(lng).toBeLessThan(121.7);
    // Typing the coordinates works too and wins over the click.
    await page.getByTestId('store-form-latitude').fill('25.0478');
    await page.getByTestId('store-form-longitude').fill('121.5170');
    await page.getByTestId('store-form-name').click();
    await shot(page, 'system-store-form');
    await page.getByTestId('store-form-save').click();
    await page.getByTestId('store-form').waitFor({ state: 'detached' });
    const storeRow = rowsOf(drawer.getByTestId('stores-panel')).filter({ hasText: NEW.store });
    await expect.poll(() => storeRow.textContent(), WAIT).toContain('25.0478, 121.5170');
    expect(await storeRow.textContent()).toContain('36.50');
    expect(await storeRow.textContent()).toContain('34.00');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'detached' });
    // The list counts the new store.
    const groupRow = rowsOf(page.getByTestId('data-table')).filter({ hasText: NEW.group });
    await expect.poll(() => groupRow.textContent(), WAIT).toContain('10458575');
    const storeCount = en('system.field.storeCount');
    const countColumn = (await page.getByTestId('data-table').locator('thead th').allTextContents()).indexOf(storeCount);
    expect(countColumn).toBeGreaterThan(0);
    await expect.poll(() => groupRow.locator('td').nth(countColumn).textContent(), WAIT).toBe('1');

    // 3. A role of that group with a limited menu: only Dashboard and Customers, view only.
    await page.goto('/manager/Role');
    await expect.poll(() => page.getByTestId('page-title').first().textContent(), WAIT).toBe(en('menu.Role'));
    await page.getByTestId('role-add').click();
    await pick(page, page.getByTestId('role-form-group'), NEW.group, { search: NEW.group });
    await page.getByTestId('role-form-name').fill(NEW.role);
    await page.getByTestId('role-form-code').fill(NEW.roleCode);
    await page.getByTestId('role-form-save').click();
    await page.getByTestId('role-form').waitFor({ state: 'detached' });
    await pick(page, page.getByTestId('group-select'), NEW.group, { search: NEW.group });
    const roleRow = rowsOf(page.getByTestId('data-table')).filter({ hasText: NEW.role });
    await expect.poll(() => roleRow.count(), WAIT).toBe(1);
    expect(await roleRow.textContent()).toContain(NEW.roleCode);
    await roleRow.getByTestId('role-permissions').click();
    const tree = page.getByTestId('role-menu-tree');
    await tree.waitFor();
    for (const [screen, action] of [
      ['Home', 'view'],
      ['Customer', 'view'],
    ] as const) {
      // Screens start folded: unfold the screen to reach its actions.
      const screenNode = tree.locator('.ant-tree-treenode').filter({ has: page.getByText(en(`menu.${screen}`), { exact: true }) });
      await screenNode.locator('.ant-tree-switcher').click();
      const leaf = tree.locator('.ant-tree-treenode').filter({ has: page.getByTestId(`perm-${screen}-${action}`) });
      await leaf.locator('.ant-tree-checkbox').click();
      await expect.poll(() => leaf.locator('.ant-tree-checkbox-checked').count(), WAIT).toBe(1);
    }
    await shot(page, 'system-role-permissions');
    await page.getByTestId('role-permissions-save').click();
    await tree.waitFor({ state: 'detached' });
    // The list shows how many screens the role has.
    await expect.poll(() => roleRow.locator('.ant-tag').first().textContent(), WAIT).toBe('2');

    // 4. A user of that group with that role, working in the new store.
    await page.goto('/manager/UserManagement');
    await expect.poll(() => page.getByTestId('page-title').first().textContent(), WAIT).toBe(en('menu.UserManagement'));
    await page.getByTestId('user-add').click();
    await pick(page, page.getByTestId('user-form-group'), NEW.group, { search: NEW.group });
    await page.getByTestId('user-form-account').fill(NEW.account);
    await page.getByTestId('user-form-name').fill(NEW.userName);
    await page.getByTestId('user-form-email').fill(`${NEW.account}@example.com`);
    const password = page.getByTestId('user-form-password');
    await password.fill('nodigitshere');
    await page.getByTestId('user-form-confirm').fill('nodigitshere');
    await page.getByTestId('user-form-save').click();
    await expect.poll(() => itemError(password).textContent(), WAIT).toBe(en('feedback.validation.passwordRule'));
    await password.fill(NEW.password);
    await page.getByTestId('user-form-confirm').fill('Counter2025');
    await expect.poll(() => itemError(password).count(), WAIT).toBe(0);
    await pick(page, page.getByTestId('user-form-role'), `${NEW.role} (${NEW.roleCode})`);
    // "Chosen stores" is the default mode: pick the new store, then make it the default store.
    expect(await page.getByTestId('user-form-store-mode').locator('.ant-radio-wrapper-checked').textContent()).toBe(
      en('system.user.chosenStores'),
    );
    await pick(page, page.getByTestId('user-form-stores'), NEW.store);
    // A multiple select stays open: click the dialog's title to close it (Escape would close the dialog).
    await page.locator('.ant-modal-title').click();
    await pick(page, page.getByTestId('user-form-default-store'), NEW.store);
    // The confirmation must match (a cross-field rule of the shared schema).
    await page.getByTestId('user-form-save').click();
    const confirm = page.getByTestId('user-form-confirm');
    await expect.poll(() => itemError(confirm).textContent(), WAIT).toBe(en('feedback.validation.passwordMismatch'));
    await confirm.fill(NEW.password);
    await expect.poll(() => itemError(confirm).count(), WAIT).toBe(0);
    expect(await page.getByTestId('user-form-active').getAttribute('aria-checked')).toBe('true');
    await shot(page, 'system-user-form');
    await page.getByTestId('user-form-save').click();
    await page.getByTestId('user-form').waitFor({ state: 'detached' });
    await page.getByTestId('list-search').locator('input').fill(NEW.account);
    await page.getByTestId('list-search').locator('input').press('Enter');
    const userRow = accountRow(page, page.getByTestId('data-table'), NEW.account);
    await expect.poll(() => userRow.count(), WAIT).toBe(1);
    const userText = (await userRow.textContent())!;
    for (const part of [NEW.userName, NEW.group, NEW.role, NEW.store]) expect(userText).toContain(part);
    createdUser = NEW.account;

    // 5. Log out, log in as the new user: the sidebar has exactly the role's screens.
    await clearToasts(page);
    await chooseFromMenu(page, page.getByTestId('user-menu'), 'logout');
    await page.waitForURL((u) => u.pathname === '/');
    await login(page, NEW.account, NEW.password);
    expect(new URL(page.url()).pathname).toBe('/manager/Home');
    const screens = await sidebarScreens(page);
    expect([...screens].sort()).toEqual(['Customer', 'Home']);
    for (const hidden of ['UserManagement', 'Role', 'Group']) expect(screens.has(hidden)).toBe(false);
    await page.getByTestId('menu-item-Customer').click();
    await expect.poll(() => page.getByTestId('page-title').first().textContent(), WAIT).toBe(en('menu.Customer'));
    await shot(page, 'system-new-user-sidebar');
    await page.goto('/manager/Role');
    await page.getByTestId('forbidden').waitFor();
    await context.close();

    // 6. The action log has the four creations, filtered to the new group.
    const admin = await newPage({ language: 'en-US' });
    await login(admin.page, 'admin', ADMIN_PASSWORD);
    await admin.page.goto('/manager/ActionLog');
    await expect.poll(() => admin.page.getByTestId('page-title').first().textContent(), WAIT).toBe(en('menu.ActionLog'));
    await pick(admin.page, admin.page.getByTestId('group-select'), NEW.group, { search: NEW.group });
    const log = rowsOf(admin.page.getByTestId('data-table'));
    // The list keeps the previous rows until the filtered answer arrives: wait until every row is about the new group.
    await expect
      .poll(async () => {
        const texts = await log.allTextContents();
        return texts.length > 0 && texts.every((t) => t.includes(NEW.group));
      }, WAIT)
      .toBe(true);
    const created = (entity: string) =>
      log.filter({ has: admin.page.locator('td', { hasText: new RegExp(`^${entity}$`) }) }).filter({ hasText: en('system.action.create') });
    for (const entity of ['store_groups', 'stores', 'roles', 'users']) {
      expect(await created(entity).count(), `action log row for ${entity}`).toBe(1);
      expect(await created(entity).textContent()).toContain('admin');
    }
    expect(await log.filter({ hasText: en('system.action.setPermissions') }).count()).toBe(1);
    // The creation of the user: its before/after shows the new account.
    await created('users').getByTestId('action-log-diff').click();
    await expect.poll(() => admin.page.getByTestId('action-log-diff-table').textContent(), WAIT).toContain(NEW.account);
    expect(await admin.page.getByTestId('action-log-diff-table').textContent()).not.toMatch(/password/i);
    await shot(admin.page, 'system-action-log');
    await admin.context.close();
  }, 150_000);

  it('exports a table as xls, xlsx, csv and html with the rows on screen', async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/manager/UserManagement');
    await expect.poll(() => accountRow(page, page.getByTestId('data-table'), 'inspector').count(), WAIT).toBe(1);
    const header = en('system.field.account');
    const files: Record<string, string> = {};
    for (const type of ['xls', 'xlsx', 'csv', 'html'] as const) {
      await clearToasts(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        chooseFromMenu(page, page.getByTestId('export-format'), `export-type-${type}`),
      ]);
      expect(download.suggestedFilename()).toBe(`data.${type}`);
      const file = path.join(tmp, `users.${type}`);
      await download.saveAs(file);
      files[type] = file;
      await expect
        .poll(() => page.locator('.ant-notification-notice, .ant-message-notice').last().textContent(), WAIT)
        .toMatch(new RegExp(en('common.exportDone', { count: 'COUNT' }).replace('COUNT', '\\d+')));
    }

    // Excel 2003 XML (SpreadsheetML), the seed's default type.
    const xls = fs.readFileSync(files.xls!, 'utf8');
    expect(xls).toContain('<Worksheet ss:Name="Sheet1"');
    expect(xls).toContain('>inspector<');
    expect(xls).toContain(`>${header}<`);

    // xlsx: read back with ExcelJS.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(files.xlsx!);
    const sheet = book.getWorksheet('Sheet1')!;
    expect(sheet).toBeTruthy();
    expect(book.worksheets.map((w) => w.name)).toEqual(['Sheet1']);
    expect(sheet.getRow(1).getCell(1).value).toBe(header);
    const accounts = sheet.getColumn(1).values.slice(2).map(String);
    expect(accounts).toContain('inspector');
    expect(accounts).toContain('admin');
    expect(accounts).toContain('manager');

    // CSV: UTF-8 with a BOM, the header row first.
    const csvBytes = fs.readFileSync(files.csv!);
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = csvBytes.toString('utf8').slice(1);
    // Every cell is quoted (seed §7: escaping on by default).
    expect(csv.split('\r\n')[0]!.split(',')[0]).toBe(`"${header}"`);
    expect(csv).toContain('\r\n"inspector",');

    // HTML: a table with the same rows.
    const html = fs.readFileSync(files.html!, 'utf8');
    expect(html).toContain('<table');
    expect(html).toContain(`<th>${header}</th>`);
    expect(html).toContain('>inspector<');
    await context.close();
  });

  it("prices a new store in the currency of its group, not the administrator's (JPY has no minor unit)", async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/manager/Group');
    await page.getByTestId('group-add').click();
    const groupName = `E2E Yen Group ${tag}`;
    await page.getByTestId('group-form-name').fill(groupName);
    await pick(page, page.getByTestId('group-form-currency'), 'JPY', { exact: true });
    await page.getByTestId('group-form-save').click();
    await page.getByTestId('group-form').waitFor({ state: 'detached' });
    const drawer = page.locator('.ant-drawer-content-wrapper', { hasText: groupName });
    await drawer.getByTestId('store-add').click();
    await page.getByTestId('store-form-name').fill(`E2E Yen Store ${tag}`);
    // The price fields are labelled with the group's currency.
    await expect.poll(() => formItem(page.getByTestId('store-form-customerGasPrice')).textContent(), WAIT).toContain('JPY');
    await page.getByTestId('store-form-customerGasPrice').fill('3600');
    await page.getByTestId('store-form-storeGasPrice').fill('3400');
    await page.getByTestId('store-form-save').click();
    await page.getByTestId('store-form').waitFor({ state: 'detached' });
    // Saved as 3,600 yen (minor units of JPY are yen), not 360,000.
    const res = await page.request.get('/api/store/group');
    const groups = (await res.json()) as { items?: { id: number; name: string }[] } | { id: number; name: string }[];
    const list = Array.isArray(groups) ? groups : (groups.items ?? []);
    const group = list.find((g) => g.name === groupName)!;
    const stores = (await (await page.request.get('/api/store')).json()) as
      | { groupId: number; customerGasPrice: number; storeGasPrice: number }[]
      | { items: { groupId: number; customerGasPrice: number; storeGasPrice: number }[] };
    const mine = (Array.isArray(stores) ? stores : stores.items).filter((s) => s.groupId === group.id);
    expect(mine.map((s) => [s.customerGasPrice, s.storeGasPrice])).toEqual([[3600, 3400]]);
    await context.close();
  });

  it('a group manager (in zh-TW) manages users of the own group only and gets 403 on store groups', async () => {
    const language: Locale = 'zh-TW';
    const { page, context } = await newPage({ language });
    await login(page, 'manager', DEMO_PASSWORD);
    await page.goto('/manager/UserManagement');
    await expect.poll(() => page.getByTestId('page-title').first().textContent(), WAIT).toBe(translate(language, 'menu.UserManagement'));
    const table = page.getByTestId('data-table');
    await expect.poll(() => accountRow(page, table, 'inspector').count(), WAIT).toBe(1);
    const accounts = await rowsOf(table).locator('td:first-child').allTextContents();
    for (const own of ['manager', 'staff', 'driver', 'inspector']) expect(accounts).toContain(own);
    expect(accounts.some((a) => a.startsWith('admin'))).toBe(false);
    expect(accounts.some((a) => a.startsWith('e2e.clerk.'))).toBe(false);
    // No group picker and no group column: the manager works in the own group only.
    expect(await page.getByTestId('group-select').count()).toBe(0);
    expect(await table.locator('thead').textContent()).not.toContain(translate(language, 'system.field.group'));
    // Searching for another group's account finds nothing.
    await page
      .getByTestId('list-search')
      .locator('input')
      .fill(createdUser ?? 'admin');
    await page.getByTestId('list-search').locator('input').press('Enter');
    await expect.poll(() => table.locator('.ant-table-placeholder').count(), WAIT).toBe(1);
    expect(await rowsOf(table).count()).toBe(0);
    // The sidebar has no store groups; the deep link shows the 403 page in Chinese.
    expect((await sidebarScreens(page)).has('Group')).toBe(false);
    await page.goto('/manager/Group');
    const forbidden = page.getByTestId('forbidden');
    await forbidden.waitFor();
    await expect
      .poll(() => forbidden.textContent(), WAIT)
      .toContain(translate(language, 'common.forbiddenScreen', { screen: translate(language, 'menu.Group') }));
    expect(await forbidden.textContent()).toContain(translate(language, 'common.forbiddenTitle'));
    await shot(page, 'system-manager-forbidden-group');
    await context.close();
  });
});
