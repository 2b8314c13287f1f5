import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { chromiumPath } from './env.js';

export const baseURL = () => inject('baseURL');
/** True when Chromium is missing outside CI: the spec's tests are skipped (global-setup printed why). */
export const noBrowser = !chromiumPath();

const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

let browser: Browser | null = null;

/**
 * Content Security Policy violations seen by any page since the last check (the server's policy:
 * apps/server/src/app.ts `securityHeaders`). Every test fails on one, so the policy is known to fit
 * everything the journeys load.
 */
const cspViolations: string[] = [];
function failOnCspViolations() {
  const found = cspViolations.splice(0);
  if (found.length > 0) throw new Error(`Content Security Policy violations:\n${[...new Set(found)].join('\n')}`);
}

/** One Chromium per spec file, started in beforeAll, closed in afterAll; each test fails on a CSP violation. */
export function useBrowser() {
  afterEach(failOnCspViolations);
  afterAll(failOnCspViolations);
  beforeAll(async () => {
    if (noBrowser) return;
    browser = await chromium.launch({
      executablePath: chromiumPath()!,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    browser = null;
  });
}

export type Viewport = 'desktop' | 'phone';

/** A fresh context (no cookies, empty localStorage) with an optional saved language. */
export async function newPage(
  opts: { language?: string; viewport?: Viewport; timezoneId?: string } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  if (!browser) throw new Error('useBrowser() not called');
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: opts.viewport === 'phone' ? { width: 360, height: 740 } : { width: 1366, height: 860 },
    isMobile: opts.viewport === 'phone',
    hasTouch: opts.viewport === 'phone',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  if (opts.language) await context.addInitScript((lang) => window.localStorage.setItem('language', lang), opts.language);
  // Every frame reports its `securitypolicyviolation` events; the console's CSP errors count too.
  await context.exposeBinding('__cspViolation', ({ frame }, report: string) => {
    cspViolations.push(`${frame.url()}: ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __cspViolation: (r: string) => Promise<void> }).__cspViolation;
        void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || '?'}:${e.lineNumber})`);
      },
      true,
    );
  });
  context.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) cspViolations.push(`${msg.location().url}: ${msg.text()}`);
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, context };
}

/** Logs in through the real form of a login place. */
export async function login(page: Page, account: string, password: string, place: 'admin' | 'seeker' = 'admin') {
  await page.goto(place === 'admin' ? '/' : '/mobileLogin');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  try {
    await page.waitForURL(place === 'admin' ? '**/manager/**' : '**/mobile/**');
  } catch (e) {
    // Say where the login stopped (a message on the form, an emptied field, a stale page), not only that it did.
    const state = await page
      .evaluate(() => ({
        url: location.href,
        account: (document.querySelector('[data-testid="login-account"]') as HTMLInputElement | null)?.value ?? null,
        passwordLength: (document.querySelector('[data-testid="login-password"]') as HTMLInputElement | null)?.value.length ?? null,
        messages: Array.from(
          document.querySelectorAll(
            '[data-testid="login-error"], [data-testid$="-error"][role="alert"], [data-testid="error-notification"]',
          ),
          (el) => el.textContent,
        ),
      }))
      .catch(() => null);
    await shot(page, `login-failed-${account}-${Date.now()}`).catch(() => undefined);
    throw new Error(`login as ${account} did not arrive: ${JSON.stringify(state)}`, { cause: e });
  }
}

/** Saves a screenshot under e2e/artifacts (for looking at, and for CI logs on failure). */
export async function shot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** A call of the API as the signed-in page (its session cookie and CSRF header), for what a spec does not test. */
export async function send<T>(context: BrowserContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const res = await context.request.fetch(`/api${path}`, { method, data, headers: { 'x-csrf-token': csrf } });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}
