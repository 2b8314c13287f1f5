/**
 * `npm run bench:phone` — what a user's browser downloads and how long the login page takes on a phone.
 *
 * 1. Starts the app as `npm start` runs it (apps/server/src/server.ts, built web app from WEB_DIST or
 *    apps/web/dist, embedded database with demo data in a temporary directory, a free port), or uses a
 *    running one (BENCH_URL, e.g. http://127.0.0.1:3000, with the demo manager account).
 * 2. Page weight: Debian's Chromium (playwright-core, never a downloaded browser) opens each page
 *    with a cold cache and an unthrottled network and sums what the page load transferred (bytes on
 *    the wire, headers included, as Chromium's Network.loadingFinished reports them): JavaScript and
 *    everything. Manager pages are opened signed in as the demo manager.
 * 3. Time on a phone: the login page (/) with a phone viewport, the network throttled over CDP to
 *    "Fast 3G" (1.6 Mbps down, 750 kbps up, 150 ms round trip) and the CPU slowed 4×; measured:
 *    DOMContentLoaded and time to interactive (the login button rendered and enabled), both from the
 *    start of the navigation, on a first visit (new browser profile: cold HTTP cache) and on a repeat
 *    visit (a new tab in the same profile: warm HTTP cache). BENCH_RUNS runs (default 5), median and max.
 * 4. The same for the field app's home (/mobile/mobileIndex) signed in as the demo driver (the session
 *    cookie set through the API first, so only the field app's own load is timed); interactive = its
 *    "to deliver" figure shown (the screen rendered with its data). Targets of issue 13: < 4 s / < 1.5 s.
 * 5. The same for the public order page (/addOrder, no session: customers open it from LINE on phones, issue 16);
 *    interactive = its send button rendered and enabled. Held to the login page's targets (< 3 s / < 1 s).
 *    And for the label check (/barcode, no session: opened on phones, often from a QR on a cylinder's label);
 *    interactive = its check button rendered and enabled. The same targets.
 *
 * Prints Markdown and writes it to bench/RESULTS.md between the phone markers (other sections stay).
 * Env: BENCH_URL, BENCH_RUNS, WEB_DIST, CHROMIUM_PATH, BENCH_NO_WRITE=1 (print only), BENCH_LABEL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { writeResultsSection, markdownTable } from './results.js';
import { freePort } from './harness.js';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MANAGER = { account: 'manager', password: 'demo1234' };
const DRIVER = { account: 'driver', password: 'demo1234' };
const ADMIN_PASSWORD = 'Bench-admin-1234';

/** Fast 3G as DevTools defines it (bytes per second) and a 4× slower CPU: a mid-range phone. */
const FAST_3G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const PUBLIC_PAGES = ['/', '/mobileLogin', '/addOrder', '/barcode', '/PrivacyPolicy'];
const MANAGER_PAGES = ['/manager/Home', '/manager/DispatchOrder', '/manager/Customer', '/manager/MonthlyReport', '/manager/residualGas'];
/** What the login page's "interactive" means: its submit button rendered and enabled. */
const LOGIN_BUTTON = '[data-testid="login-submit"]';
/** The field app's home: its "to deliver" figure rendered (after the session check and its data). */
const FIELD_HOME = '/mobile/mobileIndex';
const FIELD_READY = '[data-testid="home-to-deliver"]';
/** The public order page (customers open it from LINE on phones, issue 16): its form rendered, the send button enabled. */
const PUBLIC_ORDER = '/addOrder';
const PUBLIC_ORDER_READY = '[data-testid="public-submit"]';
/** The label check (opened on phones, often from a QR on a cylinder's label, issue 16): its check button rendered and enabled. */
const BARCODE = '/barcode';
const BARCODE_READY = '[data-testid="barcode-check"]';

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
  if (!found) throw new Error("Chromium not found: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH");
  return found;
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-bench-phone-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      MQTT_PORT: '0',
      MQTT_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      ADMIN_PASSWORD,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error('server did not start within 120 s');
}

type Transfer = { jsBytes: number; totalBytes: number; jsFiles: number; encodings: Set<string> };

/** Sums what the page's network requests transferred (from CDP, so cached responses count 0). */
async function recordTransfers(cdp: CDPSession): Promise<Transfer> {
  const kinds = new Map<string, string>();
  const sum: Transfer = { jsBytes: 0, totalBytes: 0, jsFiles: 0, encodings: new Set() };
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', (e) => {
    kinds.set(e.requestId, e.type);
    const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
    if (e.type === 'Script') sum.encodings.add(encoding ?? 'identity');
  });
  cdp.on('Network.loadingFinished', (e) => {
    sum.totalBytes += e.encodedDataLength;
    if (kinds.get(e.requestId) === 'Script') {
      sum.jsBytes += e.encodedDataLength;
      sum.jsFiles++;
    }
  });
  return sum;
}

async function newContext(browser: Browser, baseURL: string, phone: boolean): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: phone ? { width: 360, height: 740 } : { width: 1366, height: 860 },
    isMobile: phone,
    hasTouch: phone,
  });
}

type Weight = { page: string; jsKB: number; totalKB: number; jsFiles: number; encodings: string };

async function pageWeight(browser: Browser, baseURL: string, url: string, signedIn: boolean): Promise<Weight> {
  const context = await newContext(browser, baseURL, false);
  try {
    if (signedIn) {
      const res = await context.request.post('/api/auth/login', { data: { ...MANAGER, place: 'admin' } });
      if (!res.ok()) throw new Error(`login as ${MANAGER.account} failed: ${res.status()} (needs the demo data)`);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const sum = await recordTransfers(cdp);
    await page.goto(url, { waitUntil: 'networkidle' });
    if (signedIn && !page.url().includes(url)) throw new Error(`${url} redirected to ${page.url()}`);
    return {
      page: url,
      jsKB: sum.jsBytes / 1024,
      totalKB: sum.totalBytes / 1024,
      jsFiles: sum.jsFiles,
      encodings: [...sum.encodings].sort().join(', '),
    };
  } finally {
    await context.close();
  }
}

type Visit = { dcl: number; tti: number; jsKB: number; totalKB: number };

/** Opens a page (the login page) on a throttled phone and reads DOMContentLoaded and the time `ready` was usable. */
async function visit(context: BrowserContext, baseURL: string, url = '/', ready = LOGIN_BUTTON): Promise<Visit> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const sum = await recordTransfers(cdp);
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // Stamps the first moment the button is in the page and enabled (a MutationObserver from the start).
  // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  await page.addInitScript(`
    new MutationObserver(() => {
      const b = document.querySelector(${JSON.stringify(ready)});
      if (window.__tti === undefined && b && !b.disabled && b.getClientRects().length > 0) window.__tti = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  `);
  await page.goto(baseURL + url, { waitUntil: 'domcontentloaded', timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { __tti?: number }).__tti !== undefined, null, { timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { dcl: nav.domContentLoadedEventEnd, tti: (window as unknown as { __tti: number }).__tti };
  });
  await page.close();
  return { ...timing, jsKB: sum.jsBytes / 1024, totalKB: sum.totalBytes / 1024 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`;
const kb = (x: number) => `${x.toFixed(1)} KB`;

async function main() {
  const server = process.env.BENCH_URL ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    // Not measured: the server's first answers (file system cache, lazy route compilation).
    for (const p of PUBLIC_PAGES) await fetch(server.url + p).then((r) => r.arrayBuffer());

    const weights: Weight[] = [];
    for (const p of PUBLIC_PAGES) weights.push(await pageWeight(browser, server.url, p, false));
    for (const p of MANAGER_PAGES) weights.push(await pageWeight(browser, server.url, p, true));
    for (const w of weights) console.log(`${w.page}: JS ${kb(w.jsKB)} in ${w.jsFiles} files (${w.encodings}), all ${kb(w.totalKB)}`);

    /** A page's first and repeat visits, RUNS times, each in a new phone profile (`signIn` first where it needs a session). */
    const pageVisits = async (label: string, page: string, ready: string, signIn?: (context: BrowserContext) => Promise<void>) => {
      const first: Visit[] = [];
      const repeat: Visit[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await newContext(browser, server.url, true);
        await signIn?.(context);
        first.push(await visit(context, server.url, page, ready));
        repeat.push(await visit(context, server.url, page, ready));
        await context.close();
        console.log(
          `${label} run ${i + 1}: first DCL ${ms(first[i]!.dcl)} TTI ${ms(first[i]!.tti)} (${kb(first[i]!.totalKB)}); ` +
            `repeat DCL ${ms(repeat[i]!.dcl)} TTI ${ms(repeat[i]!.tti)} (${kb(repeat[i]!.totalKB)})`,
        );
      }
      return [first, repeat] as const;
    };
    const [first, repeat] = await pageVisits('login', '/', LOGIN_BUTTON);
    const [fieldFirst, fieldRepeat] = await pageVisits('field', FIELD_HOME, FIELD_READY, async (context) => {
      const res = await context.request.post('/api/auth/login', { data: { ...DRIVER, place: 'seeker' } });
      if (!res.ok()) throw new Error(`login as ${DRIVER.account} failed: ${res.status()} (needs the demo data)`);
    });
    const [orderFirst, orderRepeat] = await pageVisits('order', PUBLIC_ORDER, PUBLIC_ORDER_READY);
    const [barcodeFirst, barcodeRepeat] = await pageVisits('barcode', BARCODE, BARCODE_READY);

    const load = os.loadavg().map((x) => x.toFixed(1));
    const visitRows = (rows: [string, Visit[], string][]) =>
      rows.map(([name, vs, target]) => [
        name,
        ms(median(vs.map((x) => x.dcl))),
        ms(Math.max(...vs.map((x) => x.dcl))),
        ms(median(vs.map((x) => x.tti))),
        ms(Math.max(...vs.map((x) => x.tti))),
        kb(median(vs.map((x) => x.totalKB))),
        target,
      ]);
    const visitHead = ['visit', 'DOMContentLoaded p50', 'DCL max', 'interactive p50', 'interactive max', 'transferred (p50)', 'target'];
    /** A page's first and repeat visits with their targets, as a table. */
    const visits = (first: Visit[], repeat: Visit[], [firstTarget, repeatTarget]: [string, string]) =>
      markdownTable(
        visitHead,
        visitRows([
          ['first (cold cache)', first, firstTarget],
          ['repeat (warm cache)', repeat, repeatTarget],
        ]),
      );
    const section = [
      `### Web page weight and login page on a phone (\`npm run bench:phone\`)${process.env.BENCH_LABEL ? `: ${process.env.BENCH_LABEL}` : ''}`,
      '',
      `Run ${new Date().toISOString()} on ${os.cpus().length} cores, Node ${process.version}, ${path.basename(chromiumPath())} (headless), ` +
        `app at ${process.env.BENCH_URL ? server.url : 'a fresh `apps/server/src/server.ts` with demo data'}. Machine load average at the end (1/5/15 min): ${load.join(' / ')}.`,
      '',
      'Transferred per page load (cold cache, unthrottled; bytes on the wire incl. headers; manager pages signed in as the demo manager):',
      '',
      markdownTable(
        ['page', 'JS transferred', 'JS files', 'JS encoding', 'all transferred'],
        weights.map((w) => [w.page, kb(w.jsKB), String(w.jsFiles), w.encodings, kb(w.totalKB)]),
      ),
      '',
      `Login page (/) on a phone: Fast 3G (1.6 Mbps down, 750 kbps up, 150 ms RTT) and 4× CPU slowdown over CDP, ${RUNS} runs; ` +
        'TTI = the login button rendered and enabled, from navigation start. Repeat = a new tab in the same profile (warm HTTP cache).',
      '',
      visits(first, repeat, ['< 3 s', '< 1 s']),
      '',
      `Field app (${FIELD_HOME}) on the same phone profile, signed in as the demo driver, ${RUNS} runs; ` +
        'TTI = its "to deliver" figure rendered (session check and data included). Repeat = a new tab in the same profile ' +
        '(warm HTTP cache and service worker).',
      '',
      visits(fieldFirst, fieldRepeat, ['< 4 s', '< 1.5 s']),
      '',
      `Public order page (${PUBLIC_ORDER}, no session) on the same phone profile, ${RUNS} runs; TTI = its send button rendered and ` +
        'enabled. Repeat = a new tab in the same profile (warm HTTP cache).',
      '',
      visits(orderFirst, orderRepeat, ['< 3 s', '< 1 s']),
      '',
      `Label check (${BARCODE}, no session) on the same phone profile, ${RUNS} runs; TTI = its check button rendered and enabled. ` +
        'Repeat = a new tab in the same profile (warm HTTP cache).',
      '',
      visits(barcodeFirst, barcodeRepeat, ['< 3 s', '< 1 s']),
      '',
    ].join('\n');
    console.log(`\n${section}`);
    writeResultsSection('phone', section);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
