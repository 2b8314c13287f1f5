import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { LOCALES, shiftDate, translate, type CylinderDetail, type CylinderPage, type CylinderRow, type Locale } from '@gasops/shared';
import { DEMO_PASSWORD } from './support/env.js';
import { login, newPage, noBrowser, shot, useBrowser } from './support/browser.js';
import { chooseFromMenu, pick, settled } from './support/antd.js';
import { groupToday } from './support/dates.js';

useBrowser();

/**
 * The cylinders module through its screens: keyboard key-in, a cylinder's round trip through stock
 * documents, a refused and an unknown line landing in pending data and being resolved, and the
 * public label check on a phone in every language.
 */

const EN: Locale = 'en-US';
const en = (key: string, params?: Record<string, unknown>) => translate(EN, key, params);
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });
/** Codes unique to this run (the database lives as long as the e2e server). */
const run = String(Date.now()).slice(-7);
const code = (n: number) => `EZ${run}${String(n).padStart(3, '0')}`;

/** The API as the signed-in page calls it (session cookie and the CSRF header). */
async function apiOf(context: BrowserContext, page: Page) {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await page.request.get(`/api${path}`);
      expect(res.status(), `GET ${path}`).toBe(200);
      return (await res.json()) as T;
    },
    post: async <T>(path: string, data: unknown): Promise<T> => {
      const res = await page.request.post(`/api${path}`, { data, headers: { 'x-csrf-token': csrf } });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as T;
    },
  };
}
type Api = Awaited<ReturnType<typeof apiOf>>;

const findCylinder = async (api: Api, containerNo: string) =>
  (await api.get<CylinderPage>(`/cylinders?keyword=${containerNo}`)).items.find((c) => c.containerNo === containerNo);

/** A stock document through the screen: movement, cylinder codes typed as a scanner types them; returns the detail drawer. */
async function stockDocument(page: Page, kind: string, codes: string[]) {
  await page.getByTestId('stock-add').click();
  await page.getByTestId('stock-form').waitFor();
  await pick(page, page.getByTestId('stock-kind'), en(`cylinders.movement.${kind}`), { exact: true });
  const input = page.getByTestId('stock-code-input');
  for (const c of codes) {
    await input.fill(c);
    await input.press('Enter');
  }
  await poll(() => page.getByTestId('stock-code-list').locator('tbody tr.ant-table-row').count()).toBe(codes.length);
  await page.getByTestId('stock-save').click();
  const drawer = page.getByTestId('stock-detail');
  await drawer.waitFor();
  await poll(() => drawer.locator('[data-testid^="stock-line-"]').count()).toBe(codes.length);
  return drawer;
}

async function closeDrawer(page: Page) {
  await page.locator('.ant-drawer-close').click();
  await page.getByTestId('stock-detail').waitFor({ state: 'detached' });
}

describe.skipIf(noBrowser)('cylinders', () => {
  it('keys in three cylinders with the keyboard only, and refuses a duplicate on the field', { timeout: 60_000 }, async () => {
    const { page, context } = await newPage({ language: EN });
    onTestFailed(() => shot(page, `cylinders-keyin-failed-${Date.now()}`));
    await login(page, 'manager', DEMO_PASSWORD);
    const api = await apiOf(context, page);
    await page.goto('/manager/CylinderMaintenanceKeyIn');
    const number = page.getByTestId('keyin-containerNo');
    await poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);

    // Enter on an empty number: the shared schema's message under it, checked in the browser (the schema and zod load
    // with this first check, not with the screen: app/lazy-zod-rules.ts), nothing sent.
    const posted: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && posted.push(r.url())));
    await page.keyboard.press('Enter');
    const numberItem = page.locator('.ant-form-item', { has: number });
    await poll(() => numberItem.locator('.ant-form-item-explain-error').textContent()).toBe(en('feedback.validation.required'));
    expect(posted).toEqual([]);

    // What stays for the next cylinder: typed once (focus moves as Tab would; no mouse).
    const pressureTest = shiftDate(groupToday(), { months: -24 });
    await page.getByTestId('keyin-spec').focus();
    await page.keyboard.type('YSP-20');
    await page.getByTestId('keyin-pressureTestDate').focus();
    await page.keyboard.type(pressureTest.replace(/-/g, '/'));

    // A keyboard-wedge scanner: the number and Enter. The cursor is back on the number each time.
    await number.focus();
    for (const [i, c] of [code(1), code(2)].entries()) {
      await page.keyboard.type(c);
      await page.keyboard.press('Enter');
      await poll(() => page.getByTestId('keyin-count').textContent()).toBe(en('cylinders.keyIn.sessionCount', { count: i + 1 }));
      await poll(() => number.inputValue()).toBe('');
      await poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    // The third with its label number: Tab to the label, Enter saves.
    await page.keyboard.type(code(3));
    await page.keyboard.press('Tab');
    await page.keyboard.type(`QL${run}3`);
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('keyin-count').textContent()).toBe(en('cylinders.keyIn.sessionCount', { count: 3 }));
    expect(await page.getByTestId('keyin-spec').inputValue()).toBe('YSP-20');
    expect(await page.getByTestId('keyin-pressureTestDate').inputValue()).toBe(pressureTest);
    await expect(page.getByTestId('keyin-session').textContent()).resolves.toContain(code(3));

    // The same number again: the seed's message under the container number, nothing saved.
    await number.focus();
    await page.keyboard.type(code(1));
    await page.keyboard.press('Enter');
    const item = page.locator('.ant-form-item', { has: number });
    await poll(() => item.locator('.ant-form-item-explain-error').textContent()).toBe(en('feedback.validation.duplicateCylinder'));
    expect(await page.getByTestId('keyin-count').textContent()).toBe(en('cylinders.keyIn.sessionCount', { count: 3 }));

    // In the registry: the spec and the computed deadline kept, the label on the third.
    const third = await findCylinder(api, code(3));
    expect(third).toMatchObject({ containerSpec: 'YSP-20', pressureTestDate: pressureTest, labelNo: `QL${run}3`, deadlineSuggested: true });
    expect((await findCylinder(api, code(1)))?.locationKind).toBe('new');

    // The import tab's reader is a chunk of its own, loaded when the tab is opened.
    await page.getByTestId('keyin-import-tab').click();
    await page.getByTestId('import-sheet').waitFor();
    await context.close();
  });

  it(
    'moves a cylinder filling out → filling in → sales out, then an unknown and a refused line wait in pending data and are resolved',
    {
      timeout: 90_000,
    },
    async () => {
      const { page, context } = await newPage({ language: EN });
      onTestFailed(() => shot(page, `cylinders-stock-failed-${Date.now()}`));
      await login(page, 'manager', DEMO_PASSWORD);
      const api = await apiOf(context, page);
      const me = await api.get<{ defaultStoreId: number }>('/auth/me');
      const today = groupToday();
      const make = (containerNo: string, extra: Record<string, unknown> = {}) =>
        api.post<CylinderRow>('/cylinders', {
          storeId: me.defaultStoreId,
          containerNo,
          sizeKg: 20,
          pressureTestDate: shiftDate(today, { months: -12 }),
          locationKind: 'store',
          fill: 'empty',
          ...extra,
        });
      const moving = await make(code(10));
      const waiting = await make(code(11));

      await page.goto('/manager/CylinderStockMaintenance');
      await page.getByTestId('stock-screen').waitFor();
      for (const [kind, place] of [
        ['filling_out', { locationKind: 'filling', fill: 'empty' }],
        ['filling_in', { locationKind: 'store', fill: 'full' }],
        ['sales_out', { locationKind: 'customer', fill: 'full' }],
      ] as const) {
        const drawer = await stockDocument(page, kind, [moving.containerNo]);
        await poll(() => drawer.getByTestId('stock-line-1').getAttribute('data-result')).toBe('applied');
        expect(await drawer.getByTestId('stock-pending-count').textContent()).toBe('0');
        await closeDrawer(page);
        expect(await findCylinder(api, moving.containerNo)).toMatchObject(place);
      }
      const detail = await api.get<CylinderDetail>(`/cylinders/${moving.id}`);
      expect(detail.movements.map((m) => m.kind).sort()).toEqual(['filling_in', 'filling_out', 'sales_out']);

      // Filling in of a cylinder that is in the store (refused: already there) and of an unknown code.
      const unknown = `ZZ${run}404`;
      const drawer = await stockDocument(page, 'filling_in', [waiting.containerNo, unknown]);
      await poll(() => drawer.getByTestId('stock-pending-count').textContent()).toBe('2');
      expect(await drawer.getByTestId('stock-line-2').textContent()).toContain(en('cylinders.problem.unknownCylinder'));
      await drawer.getByTestId('stock-to-pending').click();
      await page.getByTestId('pending-screen').waitFor();
      const rowOf = (c: string) => page.locator('tr.ant-table-row', { hasText: c });
      await poll(() => rowOf(unknown).count()).toBe(1);
      await poll(() => rowOf(waiting.containerNo).count()).toBe(1);

      // The unknown read is discarded, with a reason and a confirmation.
      await rowOf(unknown)
        .getByRole('button', { name: en('cylinders.ui.discard') })
        .click();
      await page.getByTestId('pending-reason').fill('Misread tag');
      await settled(page);
      await page.getByTestId('pending-confirm').click();
      await poll(() => rowOf(unknown).count()).toBe(0);

      // The refused one is applied anyway: the cylinder is where filling in leads, full.
      await rowOf(waiting.containerNo)
        .getByRole('button', { name: en('cylinders.ui.applyAnyway') })
        .click();
      await page.getByTestId('pending-reason').fill('Refilled on site');
      await settled(page);
      await page.getByTestId('pending-confirm').click();
      await poll(() => rowOf(waiting.containerNo).count()).toBe(0);
      expect(await findCylinder(api, waiting.containerNo)).toMatchObject({ locationKind: 'store', fill: 'full' });

      // Both show as processed. The list keeps showing the unprocessed page until the processed one
      // arrives (keepPreviousData), so wait for that answer, not for a time.
      const processed = page.waitForResponse((res) => {
        const url = new URL(res.url());
        return url.pathname === '/api/cylinders/pending' && url.searchParams.get('status') === 'processed' && res.ok();
      });
      await pick(page, page.getByTestId('pending-filter-status'), en('cylinders.pendingStatus.processed'), { exact: true });
      await processed;
      await poll(() => rowOf(unknown).textContent()).toContain(en('cylinders.resolution.discarded'));
      await poll(() => rowOf(waiting.containerNo).textContent()).toContain(en('cylinders.resolution.applied'));
      await context.close();
    },
  );

  it('checks labels on /barcode on a phone: in date, overdue, unknown; in all five languages', { timeout: 60_000 }, async () => {
    // The cylinders come from a signed-in manager; the page itself is public.
    const { page: admin, context: adminContext } = await newPage({ language: EN });
    await login(admin, 'manager', DEMO_PASSWORD);
    const api = await apiOf(adminContext, admin);
    const me = await api.get<{ defaultStoreId: number }>('/auth/me');
    const today = groupToday();
    const inDate = await api.post<CylinderRow>('/cylinders', {
      storeId: me.defaultStoreId,
      containerNo: code(20),
      labelNo: `QL${run}20`,
      sizeKg: 20,
      pressureTestDate: shiftDate(today, { months: -12 }),
      locationKind: 'store',
    });
    const overdue = await api.post<CylinderRow>('/cylinders', {
      storeId: me.defaultStoreId,
      containerNo: code(21),
      labelNo: `QL${run}21`,
      sizeKg: 16,
      pressureTestDate: shiftDate(today, { months: -120 }),
      lastInspectionDate: shiftDate(today, { months: -62 }),
      nextInspectionDeadline: shiftDate(today, { days: -10 }),
      locationKind: 'store',
    });
    expect([inDate.inspectionStatus, overdue.inspectionStatus]).toEqual(['in_date', 'overdue']);
    await adminContext.close();

    const { page, context } = await newPage({ language: EN, viewport: 'phone' });
    onTestFailed(() => shot(page, `cylinders-barcode-failed-${Date.now()}`));
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/barcode');
    const input = page.getByTestId('barcode-input');
    const check = async (c: string) => {
      await input.fill(c);
      await input.press('Enter');
    };

    // By the label number: in date, label valid, the owning shop.
    await check(inDate.labelNo!.toLowerCase());
    await poll(() => page.getByTestId('barcode-status').getAttribute('data-status')).toBe('in_date');
    expect(await page.getByTestId('barcode-label-valid').getAttribute('data-valid')).toBe('true');
    expect(await page.getByTestId('barcode-container').textContent()).toBe(inDate.containerNo);
    expect(await page.getByTestId('barcode-shop').textContent()).toBe(inDate.storeName);
    expect(await page.getByTestId('barcode-advice').count()).toBe(0);
    await shot(page, 'cylinders-barcode-in-date-390');
    // On the field kit (issue 16: opened on phones, from a QR on a label): no antd markup; at 360 px, no sideways
    // scroll and thumb-sized controls (44 px): the code, its check, the camera, the shop's phone.
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const tel = page.getByTestId('barcode-result').locator('a[href^="tel:"]');
    expect(await tel.getAttribute('href')).toMatch(/^tel:[\d+]+$/);
    for (const [name, control] of [
      ['barcode-input', input.locator('xpath=..')],
      ['barcode-check', page.getByTestId('barcode-check')],
      ['camera-scan', page.getByTestId('camera-scan')],
      ['tel', tel],
    ] as const) {
      const box = (await control.boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width, name).toBeLessThanOrEqual(360);
    }
    await page.setViewportSize({ width: 390, height: 800 });

    // By the container number: overdue, label not valid.
    await check(overdue.containerNo);
    await poll(() => page.getByTestId('barcode-status').getAttribute('data-status')).toBe('overdue');
    expect(await page.getByTestId('barcode-label-valid').getAttribute('data-valid')).toBe('false');
    expect(await page.getByTestId('barcode-status').textContent()).toContain(en('cylinders.status.overdue'));
    // The advice (change the cylinder) shows with a label not valid only.
    expect(await page.getByTestId('barcode-advice').textContent()).toBe(en('cylinders.public.advice'));

    // Unknown: said plainly, with the counterfeit warning.
    await check(`ZZ${run}999`);
    await poll(() => page.getByTestId('barcode-unknown').textContent()).toBe(en('cylinders.public.unknown'));
    await expect(page.locator('body').textContent()).resolves.toContain(en('cylinders.public.counterfeit'));
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    await shot(page, 'cylinders-barcode-unknown-390');

    // Every language at 390 px: the page's own words, and nothing wider than the phone.
    await page.goto(`/barcode?code=${overdue.containerNo}`);
    for (const locale of LOCALES) {
      await chooseFromMenu(page, page.getByTestId('language-switch'), `language-option-${locale}`);
      await poll(() => page.getByTestId('barcode-status').textContent()).toContain(translate(locale, 'cylinders.status.overdue'));
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(translate(locale, 'cylinders.public.title'));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await context.close();
  });
});
