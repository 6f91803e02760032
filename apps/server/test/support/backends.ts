/**
 * One way to run a server test file against both databases: the real app on in-memory PGlite, then on a
 * fresh database of this machine's PostgreSQL server. Without a reachable PostgreSQL the postgres run is
 * skipped with a warning, never failed.
 */
import { beforeAll, describe, it } from 'vitest';

import { type Backend, isPostgresAvailable, type StartOptions, type TestApp } from './test-app';
import { useTestApp } from './use-test-app';

export const postgresUp = await isPostgresAvailable();
if (!postgresUp)
  console.warn('PostgreSQL at 127.0.0.1:5432 is not reachable: the postgres runs of the server tests are skipped.');

export const BACKENDS: readonly Backend[] = ['pglite', 'postgres'];

/** `it` for a backend that runs here, `it.skip` for one that does not. */
const testsFor = (skipped: boolean) => (skipped ? it.skip : it);

export interface BackendContext {
  backend: Backend;
  /** The running app of this backend; usable inside tests and hooks (it starts in beforeAll). */
  t: TestApp;
  /** `it`, or `it.skip` when this backend is not available here. */
  maybe: ReturnType<typeof testsFor>;
  /** A beforeAll that runs once the app is up (and not at all when this backend is skipped). */
  whenStarted: (setup: () => Promise<void>) => void;
}

export interface BackendSuiteOptions {
  /** How to start the app (config, clock), read when it starts. */
  start?: () => StartOptions;
}

/** `describe.each` over the backends (`%s` in the title names it), with the app started and stopped around it. */
export function describeOnBackends(
  title: string,
  body: (context: BackendContext) => void,
  options: BackendSuiteOptions = {},
): void {
  describe.each(BACKENDS)(title, (backend) => {
    const skipped = backend === 'postgres' && !postgresUp;
    const t = useTestApp(backend, options.start, skipped);
    const whenStarted = (setup: () => Promise<void>) =>
      beforeAll(async () => {
        if (!skipped) await setup();
      });
    body({ backend, t, maybe: testsFor(skipped), whenStarted });
  });
}
