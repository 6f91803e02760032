/**
 * Starts the real product on a random port against a real database: in-memory PGlite, or a fresh database
 * created on this machine's PostgreSQL server (dropped afterwards). Tests talk to it over real HTTP and MQTT.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type DatabaseHandle, openDatabase } from '@jala/db';
import pg from 'pg';

import { type App, type AppOptions, buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';

export type Backend = 'pglite' | 'postgres';
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestApp {
  app: App;
  baseUrl: string;
  wsUrl: string;
  stop(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent-test-data',
    databaseUrl: undefined,
    redisUrl: undefined,
    // A fresh namespace per app config: retained messages of another run's trip 1 must not leak in.
    redisPrefix: `jala-test-${randomBytes(4).toString('hex')}:`,
    nodeId: 'test',
    geo: {
      provider: 'offline',
      nominatimUrl: 'http://127.0.0.1:9',
      osrmUrl: 'http://127.0.0.1:9',
      googleApiKey: undefined,
    },
    tokenSecret: randomBytes(32).toString('hex'),
    tokenTtlSeconds: 3600,
    tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    tripExpiryMinutes: 15,
    tripClockMs: 30_000,
    arrivalRadiusMeters: 250,
    seedDemo: false,
    authRateLimitPerMinute: 1000,
    loginFailuresPerAccount: 1000,
    loginFailureWindowSeconds: 300,
    startCodeFailuresPerDriver: 1000,
    startCodeFailureWindowSeconds: 3600,
    trustProxy: false,
    logLevel: 'silent',
    webDist: '/nonexistent-web-dist',
    operatorEmails: [],
    documentsS3: undefined,
    checkAnswers: true,
    push: { vapidKeys: null, vapidSubject: 'mailto:pruebas@jala.pe', allowLoopbackEndpoints: true },
    // Each app its own outbox folder, created on the first SMS (tests that read it pass their own).
    sms: { provider: 'outbox', outboxDir: join(tmpdir(), `jala-test-outbox-${randomBytes(6).toString('hex')}`) },
    // No SMTP server: mail nobody reads lands in one folder of the system's temp folder (never under dataDir,
    // which tests run as root would create at /). A test that reads mail gives its own (support/mail.ts).
    mail: { smtpUrl: undefined, from: 'Jala <no-reply@jala.pe>', outboxDir: join(tmpdir(), 'jala-test-outbox') },
    publicUrl: 'https://jala.example',
    metricsToken: undefined,
    platformFee: { 1: 0, 2: 0 },
    driverMinBalanceCents: null,
    ...overrides,
  };
}

/** Whether this machine's PostgreSQL server answers (tests of that path skip with a message when not). */
export async function isPostgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A fresh, empty database on this machine's PostgreSQL server; `drop` removes it (closing its connections). */
export async function createPostgresDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `jala_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function openTestDatabase(backend: Backend): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    return { handle, drop: () => handle.close() };
  }
  const scratch = await createPostgresDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** How {@link startTestApp} starts the app: config overrides and app options (a clock, …). */
export interface StartOptions {
  config?: Partial<AppConfig>;
  app?: AppOptions;
}

export async function startTestApp(backend: Backend = 'pglite', options: StartOptions = {}): Promise<TestApp> {
  const { handle, drop } = await openTestDatabase(backend);
  const app = await buildApp(testConfig(options.config), { ...options.app, database: handle });
  const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl: `${address}/api`,
    wsUrl: `${address.replace('http', 'ws')}/mqtt`,
    async stop() {
      await app.close();
      await drop();
    },
  };
}

/** Removes a test run's Redis keys (retained messages, sessions, rate-limit counters) under its prefix. */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_TEST_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
