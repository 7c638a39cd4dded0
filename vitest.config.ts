import { defineConfig } from 'vitest/config';

// One run covers every workspace. The `source` condition makes packages resolve to their
// TypeScript sources, so tests never need a build first.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['packages/*/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          include: ['apps/server/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 120_000,
          // Suites that kill processes and restart servers run one at a time.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        resolve: { alias: { '@': new URL('./apps/admin/src', import.meta.url).pathname } },
        test: { name: 'admin', include: ['apps/admin/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
    ],
  },
});
