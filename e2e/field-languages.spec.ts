import { describe, expect, it, onTestFailed } from 'vitest';
import { LOCALES, NAMESPACES, translate, type Locale, type ScreenKey } from '@gasops/shared';
import { DEMO_PASSWORD } from './support/env.js';
import { login, newPage, noBrowser, shot, useBrowser } from './support/browser.js';
import { clippedPlaceholders } from './support/kit.js';

/**
 * The field app in every language on a phone (issue 13): each screen of the driver and of the
 * inspector opens with its title in the language, no raw i18n key, nothing wider than the phone; and
 * each demo account sees only its own tasks (the driver no inspection, the inspector no delivery).
 */
useBrowser();

const rawKey = new RegExp(`\\b(?:${Object.keys(NAMESPACES).join('|')})\\.[A-Za-z]`);
const ACCOUNTS: { account: string; screens: ScreenKey[]; not: ScreenKey[] }[] = [
  { account: 'driver', screens: ['mobileIndex', 'gasRound', 'gasReturn', 'gasPackaging'], not: ['gasExamine'] },
  { account: 'inspector', screens: ['mobileIndex', 'gasExamine'], not: ['gasRound', 'gasReturn', 'gasPackaging'] },
];

describe.skipIf(noBrowser)('field app in five languages on a phone', () => {
  it('shows every task screen of the driver and the inspector in each language, only their own tasks', { timeout: 150_000 }, async () => {
    for (const language of LOCALES as readonly Locale[]) {
      for (const { account, screens, not } of ACCOUNTS) {
        const { page, context } = await newPage({ language, viewport: 'phone' });
        onTestFailed(() => shot(page, `field-languages-failed-${language}-${account}`));
        await login(page, account, DEMO_PASSWORD, 'seeker');
        for (const screen of screens) {
          await page.goto(`/mobile/${screen}`);
          await expect.poll(() => page.getByTestId('page-title').first().textContent()).toBe(translate(language, `menu.${screen}`));
          await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
          const text = await page.locator('body').innerText();
          expect(rawKey.exec(text)?.[0], `raw i18n key on ${screen} for ${account} in ${language}`).toBeUndefined();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${screen} wider than the phone for ${account} in ${language}`).toBeLessThanOrEqual(0);
          expect(await clippedPlaceholders(page), `placeholders cut short on ${screen} for ${account} in ${language}`).toEqual([]);
          if (screen === 'mobileIndex') {
            for (const own of screens.filter((s) => s !== 'mobileIndex'))
              expect(await page.getByTestId(`quick-${own}`).count(), `${account} has ${own}`).toBe(1);
            for (const other of not) expect(await page.getByTestId(`quick-${other}`).count(), `${account} lacks ${other}`).toBe(0);
          }
        }
        if (account === 'driver') {
          await shot(page, `field-${language}`);
          // The cylinder registry on the phone and the public label check: their filters and searches say in full what they ask for.
          for (const [path, testId] of [
            ['/MobileCylinderMaintenance', 'mobile-cylinders'],
            ['/barcode', 'barcode-page'],
          ] as const) {
            await page.goto(path);
            await page.getByTestId(testId).waitFor();
            await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
            expect(await clippedPlaceholders(page), `placeholders cut short on ${path} in ${language}`).toEqual([]);
          }
        }
        await context.close();
      }
    }
  });
});
