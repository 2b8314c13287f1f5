import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests: Playwright (playwright-core) driving Debian's Chromium against the
 * real app (built web app + API + embedded database) started once by global-setup.ts.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time on a 2-core machine; specs share the one server.
    fileParallelism: false,
    // The JSON report lets .ci/run prove the browser tests ran (none skipped).
    reporters: ['default', ['json', { outputFile: 'artifacts/results.json' }]],
  },
});
