// The newest modification time (ms) under some files and directories: what the build scripts compare
// their output with (build-web-if-stale.mjs, build-server.mjs). A missing path counts as 0.
import fs from 'node:fs';
import path from 'node:path';

export function newest(...paths) {
  let max = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) continue;
    const st = fs.statSync(p);
    max = Math.max(max, st.mtimeMs);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  }
  return max;
}
