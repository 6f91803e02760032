/**
 * REDIS_URL set and Redis down: login and sign-up keep working with this node's own limits (not a 500),
 * /api/health says 'degraded' (200), and when Redis returns the node is 'ok' and counts in Redis again.
 * A private redis-server on a free port is started, stopped and started again by the test (never the
 * machine's shared one).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, registerUser } from '../support/http';
import { freePort } from '../support/processes';
import { startTestApp, type TestApp } from '../support/test-app';

const REDIS_SERVER = '/usr/bin/redis-server';
const AUTH_LIMIT_PER_MINUTE = 5;

/** A throwaway redis-server (no persistence), resolved once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Asks /api/health until it reports `status` (each answer is an event; the test's timeout bounds it). */
async function healthBecomes(baseUrl: string, status: string) {
  for (;;) {
    const res = await api<{ status: string; redis: string }>(baseUrl, 'GET', '/health');
    if (res.body.data.status === status) return res;
  }
}

async function redisKeys(port: number, prefix: string): Promise<string[]> {
  const { Redis } = await import('ioredis');
  const redis = new Redis({ port, host: '127.0.0.1' });
  try {
    return await redis.keys(`${prefix}*`);
  } finally {
    redis.disconnect();
  }
}

describe.skipIf(!existsSync(REDIS_SERVER))('login and sign-up through a Redis outage', () => {
  let port = 0;
  let redis: ChildProcess;
  let t: TestApp;
  const prefix = `jala-outage-${process.pid}:`;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await startTestApp('pglite', {
      config: {
        redisUrl: `redis://127.0.0.1:${port}`,
        redisPrefix: prefix,
        authRateLimitPerMinute: AUTH_LIMIT_PER_MINUTE,
      },
    });
  });
  afterAll(async () => {
    await t?.stop();
    if (redis) await stopRedis(redis);
  });

  it('keeps answering with per-node limits while Redis is down, and counts in Redis again once it is back', async () => {
    const account = await registerUser(t.baseUrl);
    expect((await api(t.baseUrl, 'GET', '/health')).body).toMatchObject({ data: { status: 'ok', redis: 'ok' } });
    expect((await redisKeys(port, prefix)).some((key) => key.includes('/api/auth/register'))).toBe(true);

    await stopRedis(redis);
    const login = (password: string) =>
      api(t.baseUrl, 'POST', '/auth/login', { body: { email: account.user.email, password } });
    expect((await login(account.password)).status).toBe(200);
    expect((await registerUser(t.baseUrl)).token).toEqual(expect.any(String));
    const degraded = await healthBecomes(t.baseUrl, 'degraded');
    expect(degraded.status).toBe(200);
    expect(degraded.body.data.redis).toBe('down');

    // The per-address limit still holds, counted in this node's memory: the budget's last attempts, then 429.
    for (let attempt = 2; attempt <= AUTH_LIMIT_PER_MINUTE; attempt++)
      expect((await login('otra-clave-123')).status).toBe(401);
    const limited = await login(account.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });

    redis = await startRedis(port);
    expect((await healthBecomes(t.baseUrl, 'ok')).body.data.redis).toBe('ok');
    // A fresh Redis (no persistence) holds no count yet: the login is allowed and its count lands there.
    expect((await login(account.password)).status).toBe(200);
    expect((await redisKeys(port, prefix)).some((key) => key.includes('/api/auth/login'))).toBe(true);
  }, 120_000);
});
