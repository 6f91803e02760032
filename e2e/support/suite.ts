/** The Chromium and the e2e database a browser test file shares across its tests. */
import type { DatabaseHandle } from '@jala/db';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import { launchBrowser } from './browser';
import { openE2eDatabase } from './database';

export interface BrowserSuite {
  browser: Browser;
  database: DatabaseHandle;
}

/**
 * Registers the file's beforeAll/afterAll: Chromium launched and the database opened before the first
 * test, both closed after the last. Read `suite.browser` / `suite.database` inside tests and hooks only.
 */
export function useBrowserSuite(): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.browser, suite.database] = await Promise.all([launchBrowser(), openE2eDatabase()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.database?.close();
  });
  return suite;
}
