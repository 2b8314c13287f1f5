/**
 * `npm run bench:first-start` — how long a newcomer waits: the web build, and `npm start` until
 * GET /login answers 200 with the web app, on a fresh database each time (first start: migrations,
 * administrator, demo data).
 *
 * Runs in a scratch copy of the repository (tracked and untracked files, node_modules hard-linked),
 * so the working tree, its apps/web/dist and its data stay untouched. Cases:
 * 1. `npm run build -w @gasops/web` alone (the build time);
 * 2. `npm start` with apps/web/dist missing (a fresh clone after `npm install`);
 * 3. `npm start` with a stale dist (a web source newer than the build);
 * 4. `npm start` with a fresh dist;
 * 5. `npm start` again on the database of 4 (the second start: nothing to migrate or seed).
 * `-- --repo <dir>` measures another checkout instead (e.g. a worktree of an older commit, with
 * node_modules in place). Prints Markdown; nothing is written.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './harness.js';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const repoArg = args.includes('--repo') ? path.resolve(args[args.indexOf('--repo') + 1]!) : null;
const TIMEOUT_MS = 10 * 60_000;

/** A copy of the working tree (git's tracked and untracked files, without ignored ones) with node_modules hard-linked. */
function scratchCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-first-start-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && fs.existsSync(path.join(root, f)));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(dir, f));
  }
  for (const nm of ['node_modules', 'apps/server/node_modules']) {
    if (fs.existsSync(path.join(root, nm))) execFileSync('cp', ['-al', path.join(root, nm), path.join(dir, nm)]);
  }
  return dir;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * `npm start` in the repo until GET /login is the web app (200, HTML with the root element); then stops it.
 * On a fresh database, removed afterwards, unless `dataDir` names one to start on (and keep).
 */
async function timeStart(repo: string, dataDir?: string): Promise<number> {
  const port = await freePort();
  const data = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-first-start-data-'));
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: repo,
    detached: true, // its own process group: stopping it stops npm, the server and a background build
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data,
      DATABASE_URL: '',
      MQTT_PORT: '0',
      MQTT_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (Date.now() - started > TIMEOUT_MS) throw new Error('no login page within 10 minutes');
      const ok = await fetch(`http://127.0.0.1:${port}/login`).then(
        async (r) => r.status === 200 && (await r.text()).includes('id="root"'),
        () => false,
      );
      if (ok) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    if (child.exitCode === null && child.pid) {
      const exited = once(child, 'exit');
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    // npm may exit before the server it started has closed the database (its lock file, pglite.lock).
    for (let i = 0; i < 150 && fs.existsSync(path.join(data, 'pglite.lock')); i++) await new Promise((r) => setTimeout(r, 100));
    if (!dataDir) fs.rmSync(data, { recursive: true, force: true });
  }
}

async function main() {
  const repo = repoArg ?? scratchCopy();
  const dist = path.join(repo, 'apps/web/dist');
  const rows: string[][] = [];
  try {
    let t = Date.now();
    execFileSync('npm', ['run', 'build', '-w', '@gasops/web'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
    rows.push(['`npm run build -w @gasops/web`', seconds(Date.now() - t)]);
    console.log(rows.at(-1)!.join(': '));

    fs.rmSync(dist, { recursive: true, force: true });
    t = await timeStart(repo);
    rows.push(['`npm start` → 200 on /login, apps/web/dist missing', seconds(t)]);
    console.log(rows.at(-1)!.join(': '));

    const main = path.join(repo, 'apps/web/src/main.tsx');
    const now = new Date();
    fs.utimesSync(main, now, now);
    t = await timeStart(repo);
    rows.push(['`npm start` → 200 on /login, dist stale (a source newer)', seconds(t)]);
    console.log(rows.at(-1)!.join(': '));

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gasops-first-start-data-'));
    try {
      t = await timeStart(repo, dataDir);
      rows.push(['`npm start` → 200 on /login, dist fresh', seconds(t)]);
      console.log(rows.at(-1)!.join(': '));

      t = await timeStart(repo, dataDir);
      rows.push(['`npm start` again (second start: the same database, dist fresh)', seconds(t)]);
      console.log(rows.at(-1)!.join(': '));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    if (!repoArg) fs.rmSync(repo, { recursive: true, force: true });
  }
  const load = os.loadavg().map((x) => x.toFixed(1));
  console.log(`\n${os.cpus().length} cores, Node ${process.version}, load average at the end (1/5/15 min): ${load.join(' / ')}\n`);
  console.log('| step | time |\n| ---- | ---- |');
  for (const [step, time] of rows) console.log(`| ${step} | ${time} |`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
