import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

/**
 * Every wait in the suite ends at the event it needs (an element, a message, a row); these are ceilings for a
 * busy machine, never durations. `expect.poll` alone would give up after 1 s.
 */
/** The web's `@/` alias, for the browser walks that load a few web modules (the MQTT client, chat merging) directly. */
const WEB_SOURCE_ALIAS = {
  alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }],
};

const WAIT_CEILINGS = { expect: { poll: { timeout: 20_000 } } };

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
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/test/**/*.test.ts', 'packages/test-factories/test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          ...WAIT_CEILINGS,
          include: ['apps/server/test/**/*.test.ts'],
          // Ceilings for a busy machine (waits end at their event: a message, a row, a response); a test
          // has room for more than one of support/mqtt.ts's 20 s message waits.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          ...WAIT_CEILINGS,
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Testing Library's waits get a 20 s ceiling there (a busy machine needs more than its 1 s default);
          // a test has room for a few such waits. The passenger fixture API server (a child process compiling
          // and seeding the real server) took over 60 s to be ready on a machine loaded ~18× its cores.
          setupFiles: ['./apps/web/test/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Alongside the other projects, one file per worker: every wait ends at its event with a ceiling for
        // a busy machine, so two browsers and the server sharing 2 cores only make steps slower. The files
        // share one server and database, so a test relies only on the data it created (never on an empty
        // list, a global count or a first row).
        resolve: WEB_SOURCE_ALIAS,
        test: {
          name: 'e2e',
          ...WAIT_CEILINGS,
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/cluster/**'],
          globalSetup: ['e2e/global-setup.ts'],
          // A walk is many steps, each ending at its event with e2e/support/browser.ts's 30 s ceiling: a
          // stuck step fails there, naming what it waited for. The walk's own ceiling is generous, so a walk
          // that keeps moving on a loaded machine (a cash walk took 120 s at load 15) is not cut short.
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Several real nodes behind nginx on PostgreSQL and Redis (docs/DEPLOY.md); each file starts its own.
        // They kill nodes and time failovers, so they run one at a time, after everything else.
        resolve: WEB_SOURCE_ALIAS,
        test: {
          name: 'cluster',
          ...WAIT_CEILINGS,
          include: ['e2e/cluster/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
