import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeLine, type FakeLine } from '../apps/server/src/modules/line/fake-line.js';
import { freePort } from '../bench/harness.js';
import { ADMIN_PASSWORD, chromiumPath, INSTALL_HINT } from './support/env.js';

const root = path.resolve(import.meta.dirname, '..');

let server: ChildProcess | null = null;
/** The fake LINE Messaging API the app talks to (docs/LINE.md); specs read what it recorded at `/__fake/requests`. */
let fakeLine: FakeLine | null = null;
let dataDir = '';

/**
 * Starts the whole app as `npm start` would (the built web app, the server built into one file by
 * scripts/build-server.mjs, embedded database, demo data) on a free port.
 */
export async function setup(project: TestProject) {
  const chromium = chromiumPath();
  if (!chromium) {
    if (process.env.CI === 'true') throw new Error(`Chromium not found: browser tests cannot run in CI. ${INSTALL_HINT}`);
    console.warn(`\n  Browser tests SKIPPED: Chromium not found. ${INSTALL_HINT}\n`);
    project.provide('baseURL', '');
    project.provide('fakeLineURL', '');
    return;
  }
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  fakeLine = await startFakeLine();
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-e2e-'));
  server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD,
      DEMO_DATA: 'true',
      MQTT_PORT: '0',
      MQTT_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      LINE_API_URL: fakeLine.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseURL', baseURL);
  project.provide('fakeLineURL', fakeLine.url);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await fakeLine?.close();
  fakeLine = null;
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The fake LINE server's address ('' when the browser tests are skipped). */
    fakeLineURL: string;
  }
}
