// A module of its own: test-app.ts also runs outside vitest (the web tests' fixture server, the benches).
import { afterAll, beforeAll } from 'vitest';

import { type Backend, type StartOptions, startTestApp, type TestApp } from './test-app';

/**
 * Inside a describe: the app on `backend`, started in a beforeAll (with the options `start` gives, read then)
 * and stopped after the block; the answer reads the running app, so use it inside tests and hooks. A
 * `skipped` block starts nothing.
 */
export function useTestApp(backend: Backend = 'pglite', start?: () => StartOptions, skipped = false): TestApp {
  let started: TestApp | undefined;
  const running = (): TestApp => {
    if (!started) throw new Error(`the ${backend} test app is not running`);
    return started;
  };
  beforeAll(async () => {
    if (!skipped) started = await startTestApp(backend, start?.());
  });
  afterAll(async () => started?.stop());
  return {
    get app() {
      return running().app;
    },
    get baseUrl() {
      return running().baseUrl;
    },
    get wsUrl() {
      return running().wsUrl;
    },
    stop: () => running().stop(),
  };
}
