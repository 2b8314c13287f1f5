import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/platform/free-port.js';

/**
 * `npm start` runs the server built into one file (scripts/build-server.mjs). Built here beside
 * apps/server/dist/server.js, it must still find what the sources find from their own directories
 * (the migrations; the web app is WEB_DIST here and the repository's own in the browser tests).
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const bundle = path.join(repo, 'apps/server/dist', `server-test-${process.pid}.js`);
let scratch: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-bundle-'));
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--out', bundle], { cwd: repo, stdio: 'pipe' });
});
afterAll(() => {
  fs.rmSync(bundle, { force: true });
  fs.rmSync(`${bundle}.map`, { force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the server built into one file', () => {
  it('loads no heavy dependency at start: each is imported with its first use', () => {
    const code = fs.readFileSync(bundle, 'utf8');
    const imported = [...code.matchAll(/^import .* from ["']([^"']+)["'];$/gm)].map((m) => m[1]);
    expect(imported).toContain('fastify');
    for (const heavy of ['exceljs', 'pdfkit', 'sharp', 'bwip-js/node', 'nodemailer', 'xmlbuilder2', '@line/bot-sdk', 'mqtt']) {
      expect(imported).not.toContain(heavy);
      expect(code).toContain(`import("${heavy}")`);
    }
  });

  it('on a fresh database applies the migrations, creates the administrator and serves the web app', async () => {
    const web = path.join(scratch, 'web');
    fs.mkdirSync(web);
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div><!-- bundle test -->');
    const port = await freePort();
    const child = spawn(process.execPath, [bundle], {
      cwd: scratch, // not the repository: paths come from the sources' directories, not the working directory
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(scratch, 'data'),
        DATABASE_URL: '',
        WEB_DIST: web,
        ADMIN_PASSWORD: 'Bundle1234',
        DEMO_DATA: 'false',
        MQTT_ENABLED: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    try {
      for (const deadline = Date.now() + 25_000; ;) {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        if (
          await fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const page = await fetch(`${base}/login`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<!-- bundle test -->');
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'admin', password: 'Bundle1234' }),
      });
      expect(login.status).toBe(200);
    } finally {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
