import { defineConfig } from 'vitest/config';

/** One runner for every suite; CI runs them as separate projects so failures name their suite. */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Vitest's default on two cores is one worker (cores - 1), which left the unit run's per-file
    // set-up (jsdom, the setup file) waiting in one line: two workers share it.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server-integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: keep parallelism modest; each file owns its own databases.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The lint boundary rules, each shown firing on a deliberate violation; the load
          // model against its recording (bench/lib/load-mix.test.ts).
          name: 'tooling',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts', 'apps/web/scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
