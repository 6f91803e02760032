import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, several projects: pure unit tests, server integration (real PGlite/PostgreSQL/Redis/MQTT),
// web component tests (jsdom), browser end-to-end tests (Debian Chromium via playwright-core) and the
// cluster tests (several nodes behind Debian's nginx).
export default defineConfig({
  test: {
    reporters: ['default'],
    // One test file per core at once (vitest's default leaves one core idle): most files wait on databases,
    // brokers and browsers rather than compute (on CI's 2 cores ~700 s instead of ~810 s).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      { test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts', 'packages/test-factories/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', include: ['apps/web/test/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        // One file at a time, after the other projects: run alongside them, two browsers and a server on
        // 2 cores made timing-sensitive steps flaky. A test still relies only on the data it created (never
        // on an empty list, a global count or a first row): the files share one server and database.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/cluster/**'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        // Several real nodes behind nginx on PostgreSQL and Redis (docs/DEPLOY.md); each file starts its own.
        // They kill nodes and time failovers, so they run one at a time, after everything else.
        test: {
          name: 'cluster',
          include: ['e2e/cluster/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
