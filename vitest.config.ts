import { defineConfig } from 'vitest/config';

// One runner, several projects: pure unit tests, server integration (real PGlite/PostgreSQL/Redis/MQTT),
// web component tests (jsdom) and browser end-to-end tests (Debian Chromium via playwright-core).
export default defineConfig({
  test: {
    reporters: ['default'],
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
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
