import fs from 'node:fs';

export const ADMIN_PASSWORD = 'Admin1234e2e';
export const DEMO_PASSWORD = 'demo1234';
export const INSTALL_HINT = 'Install it with: sudo apt-get install chromium (Debian/Ubuntu), or set CHROMIUM_PATH.';

/** Debian's Chromium (never a downloaded browser). */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}
