import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the monorepo: `vitest run --project shared|server` picks a part.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine, with the
    // other core idle while a file waits on its database or imports the app. Two files at a time there.
    maxWorkers: Math.max(os.availableParallelism() - 1, 2),
    projects: [
      {
        test: { name: 'shared', root: './packages/shared', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // One migrated database for the run; each file's database is a copy of it.
          globalSetup: ['./test/database-template.ts'],
          // Each file builds its own app and database (PGlite in memory, or a fresh PostgreSQL database).
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // The files of a worker share one module graph: the app's modules are imported once per worker, not once per
          // file (~4 s each on a 2-core machine: import time 288 s → 21 s summed over a run). Safe because every piece of
          // process state is kept per app or per database handle (WeakMaps: statements, channels, runtimes, keys), no
          // test mocks modules or writes the environment, and fake timers are restored after each test.
          isolate: false,
        },
      },
    ],
  },
});
