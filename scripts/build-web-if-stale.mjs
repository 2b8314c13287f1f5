// Builds the web app when apps/web/dist is missing or older than any of its sources, so
// `npm start` and `npm test` on a fresh clone serve the current app without a manual build.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const index = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'].map((p) =>
  path.join(root, p),
);

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
const changed = Math.max(...sources.map(newest));
if (built && built >= changed && process.env.FORCE_WEB_BUILD !== '1') {
  console.log('web app is up to date (apps/web/dist)');
} else {
  console.log('building the web app (apps/web/dist)…');
  execSync('npm run build -w @gasops/web', { cwd: root, stdio: 'inherit' });
}
