import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Security headers on every kind of answer: the web app shell and its files, API answers (errors
 * included) and the API docs. The browser tests (e2e/support/browser.ts) fail on any violation of
 * the content security policy, so it is known to fit what the app loads.
 */
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>GasOps</title>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function directives(csp: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  const answers = [
    ['the web app shell', '/'],
    ['a deep link into the web app', '/manager/customers'],
    ['a web app file', '/assets/app.js'],
    ['an API answer', '/api/health'],
    ['an API error', '/api/auth/me'],
    ['an unknown API path', '/api/nope'],
    ['the API docs', '/api/docs/'],
  ] as const;

  it.each(answers)('%s carries the content security policy and the other security headers', async (_name, url) => {
    const res = await t.anon.get(url);
    expect(res.statusCode).toBeLessThan(500);
    const csp = directives(res.headers['content-security-policy'] as string | undefined);
    expect(csp['default-src']).toEqual(["'self'"]);
    // WebAssembly may compile (the field app's barcode reader); JavaScript eval stays forbidden.
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    // No eval and no inline script anywhere.
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Plain HTTP (COOKIE_SECURE unset): no HSTS, no upgrade of the app's own http:// requests.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('behind HTTPS (COOKIE_SECURE=true) also sends HSTS and upgrades insecure requests', () => {
    const opts = securityHeaders(loadConfig({ COOKIE_SECURE: 'true' }));
    expect(opts.hsts).toMatchObject({ maxAge: 31_536_000 });
    const csp = opts.contentSecurityPolicy as { directives: Record<string, unknown> };
    expect(csp.directives.upgradeInsecureRequests).toEqual([]);
  });
});
