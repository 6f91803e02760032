/**
 * Starts the real product once for all browser tests: the built web app, API and MQTT broker in one
 * process, exactly as `npm start` runs it, on a fresh PostgreSQL database of this machine (so tests can
 * seed rows directly). The embedded PGlite default is covered by e2e/embedded-start.test.ts.
 */
import type { TestProject } from 'vitest/node';

import { startProduct } from './support/product';

/** The server's marketplace clock turns every 2 s here, so the booking walks see its moves without waiting 30 s. */
const E2E_TRIP_CLOCK_SECONDS = 2;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** The server's DATA_DIR: its SMS outbox (DATA_DIR/outbox/) is where the walks read the codes it sent. */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // The runner's REDIS_URL, when it has one, is this server's: the Redis fan-out is part of the product.
  const product = await startProduct({
    redis: 'inherit',
    env: { SEED_DEMO: 'true', TRIP_CLOCK_SECONDS: String(E2E_TRIP_CLOCK_SECONDS) },
  });
  project.provide('baseUrl', product.base);
  project.provide('databaseUrl', product.databaseUrl);
  project.provide('dataDir', product.dataDir);
  return product.stop;
}
