import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/env.js';
import { login, newPage, noBrowser, shot, useBrowser } from './support/browser.js';

/**
 * Printing (issue 11): DailyReport is print-ready (on paper only the report: no menu, header or
 * buttons) and its PDF button opens the server's PDF; the dispatch screen prints a day's orders.
 */
useBrowser();

describe.skipIf(noBrowser)('printing', () => {
  it('prints DailyReport as the page (print CSS) and as a PDF', async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'manager', DEMO_PASSWORD);
    await page.goto('/manager/DailyReport');
    await page.getByTestId('report-daily').waitFor();
    await page.getByTestId('daily-print-button').waitFor();
    await page.locator('.ant-picker:has([data-testid="daily-date"]) .date-filter-label').waitFor();
    expect(await page.locator('.ant-picker:has([data-testid="daily-date"]) .date-filter-label').textContent()).toBe('Report date');

    await page.emulateMedia({ media: 'print' });
    await shot(page, 'daily-report-print');
    // On paper: the report, without the menu, the header or the buttons.
    expect(await page.getByTestId('report-daily').isVisible()).toBe(true);
    expect(await page.locator('.ant-layout-sider').first().isVisible()).toBe(false);
    expect(await page.locator('.ant-layout-header').first().isVisible()).toBe(false);
    expect(await page.getByTestId('daily-print-button').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('.ant-layout-header').first().isVisible()).toBe(true);

    const href = await page.getByTestId('daily-print-pdf').getAttribute('href');
    expect(href).toMatch(/^\/api\/reports\/daily\.pdf\?/);
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });

  it("opens the day's delivery list of the dispatch screen as a PDF", async () => {
    const { page, context } = await newPage({ language: 'en-US' });
    await login(page, 'manager', DEMO_PASSWORD);
    await page.goto('/manager/DispatchOrder');
    const print = page.getByTestId('load-print');
    await print.waitFor();
    const href = await print.getAttribute('href');
    expect(href).toMatch(/^\/api\/orders\/day-sheet\.pdf\?storeId=\d+&date=\d{4}-\d{2}-\d{2}$/);
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await context.close();
  });
});
