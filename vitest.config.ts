import { defineConfig } from 'vitest/config';

// One runner for the monorepo: `vitest run --project shared|server` picks a part.
export default defineConfig({
  test: {
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
          // Each file builds its own app and database (PGlite in memory, or a fresh PostgreSQL database).
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
