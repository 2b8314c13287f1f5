// Builds the web app when apps/web/dist is missing or older than any of its sources, so
// `npm start` and `npm test` on a fresh clone serve the current app without a manual build.
//
// The build goes to a scratch directory that replaces apps/web/dist when it is complete, so a
// running server never serves half a build.
//
// --background (`npm start`): the build runs in a child process and this script returns at once, so
// the server starts while the web app builds (on 2 cores the two overlap); until the build is done,
// pages answer "GasOps is starting" and reload themselves (apps/server/src/platform/web-assets.ts),
// also instead of a stale build's pages. Ctrl-C stops both. Without it (`npm test`,
// `npm run check:size`) the script waits for the build.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newest } from './newest.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const index = path.join(dist, 'index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'].map((p) =>
  path.join(root, p),
);

/** Builds into a scratch directory, then swaps it in for apps/web/dist. */
function build() {
  const scratch = path.join(root, 'node_modules/.cache/gasops-web', `dist-${process.pid}`);
  const old = `${scratch}-old`;
  const started = Date.now();
  try {
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', scratch, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: path.join(root, 'apps/web'),
        stdio: 'inherit',
      },
    );
    // Dated when the build started: a source saved during the build makes the next run build again.
    const startedAt = new Date(started);
    fs.utimesSync(path.join(scratch, 'index.html'), startedAt, startedAt);
    if (fs.existsSync(dist)) fs.renameSync(dist, old);
    fs.renameSync(scratch, dist);
    console.log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s (apps/web/dist)`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(old, { recursive: true, force: true });
  }
}

const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
const changed = newest(...sources);
if (built && built >= changed && process.env.FORCE_WEB_BUILD !== '1') {
  console.log('web app is up to date (apps/web/dist)');
} else if (process.argv.includes('--background')) {
  console.log('building the web app in the background (apps/web/dist); the server starts meanwhile…');
  // An outdated web app is not served meanwhile: pages say "starting" until the new one is there.
  fs.rmSync(dist, { recursive: true, force: true });
  const child = spawn(process.execPath, [import.meta.filename], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_WEB_BUILD: '1' },
  });
  child.unref();
} else {
  console.log('building the web app (apps/web/dist)…');
  build();
}
