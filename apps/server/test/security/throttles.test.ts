/**
 * Throttles that the X-Forwarded-For header must not bypass, per-account wrong-password limits and
 * per-driver wrong start codes (in memory and in the real Redis shared by two nodes), sign-up and
 * e-mail-change limits, and TRUST_PROXY parsing.
 */
import { randomInt } from 'node:crypto';

import { eq, schema } from '@jala/db';
import { createDriver, createTrip, createUser } from '@jala/test-factories/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type App, buildApp } from '../../src/app';
import { type AppConfig, loadConfig, parseEnv } from '../../src/config';
import { login } from '../support/actors';
import { api, registerUser, statusesInTurn } from '../support/http';
import { REDIS_TEST_URL, startTestApp, type TestApp, testConfig } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function post(
  baseUrl: string,
  path: string,
  body: unknown,
  options: { forwardedFor?: string; token?: string; method?: string } = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { message: string; code?: string },
  };
}

describe('TRUST_PROXY configuration', () => {
  it('is off by default and accepts a hop count or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/jala-config-tp', JWT_SECRET: 'x'.repeat(40) }).trustProxy).toBe(false);
    expect(
      loadConfig({ DATA_DIR: '/tmp/jala-config-tp', JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: '1' }).trustProxy,
    ).toBe(1);
    expect(
      loadConfig({
        DATA_DIR: '/tmp/jala-config-tp',
        JWT_SECRET: 'x'.repeat(40),
        TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1',
      }).trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
  });

  it('refuses a blanket true and malformed entries at boot, naming the variable', () => {
    for (const wrong of ['true', '10.0.0.300', '10.0.0.0/33', 'proxy.local', '99']) {
      expect(() => parseEnv({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('per-address throttles ignore X-Forwarded-For unless a proxy is trusted', () => {
  const t = useTestApp('pglite', () => ({ config: { authRateLimitPerMinute: 3 } }));

  it('limits login from one address whatever X-Forwarded-For says', async () => {
    const statuses = await statusesInTurn(5, () =>
      post(
        t.baseUrl,
        '/auth/login',
        { email: 'nadie@prueba.pe', password: 'incorrecta' },
        { forwardedFor: randomAddress() },
      ),
    );
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('limits sign-up the same way, with Retry-After and a Spanish message', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(
        await post(
          t.baseUrl,
          '/auth/register',
          {
            first_name: 'Ana',
            last_name: 'Torres',
            email: `alta${Date.now()}${i}@prueba.pe`,
            phone: '987654321',
            password: 'secreto123',
            accept_terms: true,
          },
          { forwardedFor: randomAddress() },
        ),
      );
    }
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(results[3]?.body.message).toMatch(
      /^Demasiados intentos seguidos\. Inténtalo de nuevo (en unos segundos|en 1 minuto)\.$/,
    );
    expect(Number(results[3]?.retryAfter)).toBeGreaterThan(0);
  });
});

describe('a trusted proxy decides the client address', () => {
  const t = useTestApp('pglite', () => ({ config: { authRateLimitPerMinute: 2, trustProxy: ['127.0.0.1'] } }));

  it('counts each forwarded client separately', async () => {
    const statuses = await statusesInTurn(4, () =>
      post(
        t.baseUrl,
        '/auth/login',
        { email: 'nadie@prueba.pe', password: 'incorrecta' },
        { forwardedFor: randomAddress() },
      ),
    );
    expect(statuses).toEqual([401, 401, 401, 401]);
  });
});

/**
 * Inside a describe: the app on PGlite plus a second node on the same database, sharing its token secret and
 * counting in the real Redis under the same prefix, as two nodes of a cluster do. Getters read once started.
 */
function useTwoNodesOnRedis(config: Partial<AppConfig>) {
  let t: TestApp | undefined;
  let second: App | undefined;
  let urls: string[] = [];
  beforeAll(async () => {
    t = await startTestApp('pglite', { config: { ...config, redisUrl: REDIS_TEST_URL } });
    second = await buildApp(
      testConfig({
        ...config,
        redisUrl: REDIS_TEST_URL,
        tokenSecret: t.app.config.tokenSecret,
        redisPrefix: t.app.config.redisPrefix,
      }),
      { database: t.app.database },
    );
    const address = await second.server.listen({ port: 0, host: '127.0.0.1' });
    urls = [t.baseUrl, `${address}/api`];
  });
  afterAll(async () => {
    await second?.close();
    await t?.stop();
  });
  const app = (): App => {
    if (!t) throw new Error('the first node is not running');
    return t.app;
  };
  return { app, urls: () => urls };
}

/** Per-account wrong-password throttle; `urls` are one or more nodes sharing the same counters. */
function accountThrottleCases(nodes: () => string[]) {
  const node = (i: number) => nodes()[i % nodes().length]!;

  it('answers 429 with Retry-After to the addresses that kept failing on one account, in Spanish', async () => {
    const victim = await registerUser(node(0));
    const attackers = [randomAddress(), randomAddress(), randomAddress()];
    for (let i = 0; i < 3; i++) {
      const res = await post(
        node(i),
        '/auth/login',
        { email: victim.user.email, password: `mala${i}` },
        { forwardedFor: attackers[i] },
      );
      expect(res.status).toBe(401);
    }
    for (const [i, address] of attackers.entries()) {
      const res = await post(
        node(i + 1),
        '/auth/login',
        { email: victim.user.email, password: victim.password },
        { forwardedFor: address },
      );
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('RATE_LIMITED');
      expect(res.body.message).toMatch(
        /^Demasiados intentos fallidos para esta cuenta\. Inténtalo de nuevo (en unos segundos|en \d+ minutos?)\.$/,
      );
      expect(Number(res.retryAfter)).toBeGreaterThan(0);
      expect(Number(res.retryAfter)).toBeLessThanOrEqual(2);
    }
    // The owner, from an address that has not been failing, still signs in...
    const owner = randomAddress();
    expect(
      (
        await post(
          node(1),
          '/auth/login',
          { email: victim.user.email, password: victim.password },
          { forwardedFor: owner },
        )
      ).status,
    ).toBe(200);
    // ...which clears the account's count for everybody.
    expect(
      (
        await post(
          node(0),
          '/auth/login',
          { email: victim.user.email, password: 'otra' },
          { forwardedFor: attackers[0] },
        )
      ).status,
    ).toBe(401);
  });

  it('gives a fresh address one guess during a lockout, and the lockout ends with the short window', async () => {
    const victim = await registerUser(node(0));
    const attacker = randomAddress();
    for (let i = 0; i < 3; i++)
      await post(node(i), '/auth/login', { email: victim.user.email, password: 'mala' }, { forwardedFor: attacker });
    expect(
      (await post(node(0), '/auth/login', { email: victim.user.email, password: 'mala' }, { forwardedFor: attacker }))
        .status,
    ).toBe(429);
    const second = randomAddress();
    expect(
      (await post(node(1), '/auth/login', { email: victim.user.email, password: 'mala' }, { forwardedFor: second }))
        .status,
    ).toBe(401);
    expect(
      (await post(node(0), '/auth/login', { email: victim.user.email, password: 'mala' }, { forwardedFor: second }))
        .status,
    ).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(
      (
        await post(
          node(1),
          '/auth/login',
          { email: victim.user.email, password: victim.password },
          { forwardedFor: attacker },
        )
      ).status,
    ).toBe(200);
  });
}

const throttleConfig = { loginFailuresPerAccount: 3, loginFailureWindowSeconds: 2, trustProxy: ['127.0.0.1'] };

describe('per-account wrong-password throttle (one node, in memory)', () => {
  const t = useTestApp('pglite', () => ({ config: throttleConfig }));
  accountThrottleCases(() => [t.baseUrl]);
});

describe('per-account wrong-password throttle (two nodes sharing the real Redis)', () => {
  const nodes = useTwoNodesOnRedis(throttleConfig);
  accountThrottleCases(nodes.urls);
});

/** Wrong start codes per driver across trips; `nodes` are one or more nodes sharing the same counters. */
function startCodeThrottleCases(app: () => App, nodes: () => string[]) {
  const node = (i: number) => nodes()[i % nodes().length]!;

  /** A driver (logged in) and a way to put them on a new trip at the pickup, with start code 0427. */
  async function driverWithTrips() {
    const db = app().database.db;
    const driver = await createDriver(db);
    const { token } = await login(node(0), driver.user.email);
    const arrivedTrip = async () => {
      const rider = await createUser(db);
      return createTrip(db, {
        passengerId: rider.id,
        driverId: driver.user.id,
        vehicleId: driver.vehicle.id,
        status: 'arrived',
        acceptedAt: new Date(),
        startCode: '0427',
      });
    };
    const start = (i: number, tripId: number, code: string) =>
      post(
        node(i),
        `/driver/trips/${tripId}/status`,
        { status: 'in_progress', start_code: code },
        { method: 'PUT', token },
      );
    return { db, arrivedTrip, start };
  }

  it('answers 429 once a driver typed the budget of wrong codes across trips, even to the right code; right codes use none', async () => {
    const { db, arrivedTrip, start } = await driverWithTrips();
    const first = await arrivedTrip();
    for (let i = 0; i < START_CODE_BUDGET - 1; i++) expect((await start(i, first.id, '9999')).status).toBe(400);
    expect((await start(1, first.id, '0427')).status).toBe(200);
    await db
      .update(schema.trips)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(schema.trips.id, first.id));

    // The last wrong code of the budget, on a fresh trip (which still has 4 of its own left)...
    const second = await arrivedTrip();
    expect((await start(0, second.id, '1111')).body.message).toBe('El código no es correcto. Te quedan 4 intentos.');
    // ...and then not even the right code is compared.
    const throttled = await start(1, second.id, '0427');
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('RATE_LIMITED');
    expect(throttled.body.message).toMatch(
      /^Demasiados códigos incorrectos\. Inténtalo de nuevo (en unos segundos|en 1 minuto)\.$/,
    );
    expect(Number(throttled.retryAfter)).toBeGreaterThan(0);
    expect(Number(throttled.retryAfter)).toBeLessThanOrEqual(60);
    // Not counted on the trip: it is neither started nor locked.
    const [row] = await db.select().from(schema.trips).where(eq(schema.trips.id, second.id));
    expect(row).toMatchObject({ status: 'arrived', startCodeAttempts: 1 });
  });

  it("answers only the budget's worth of a burst of simultaneous guesses", async () => {
    const { arrivedTrip, start } = await driverWithTrips();
    const trip = await arrivedTrip();
    const codes = Array.from({ length: 20 }, (_, i) => String(1000 + i));
    const statuses = (await Promise.all(codes.map((code, i) => start(i, trip.id, code)))).map((res) => res.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - START_CODE_BUDGET);
  });
}

/** Below a trip's own 5, so a burst on one trip meets this budget first, whatever order it is served in. */
const START_CODE_BUDGET = 3;
const startCodeConfig = { startCodeFailuresPerDriver: START_CODE_BUDGET, startCodeFailureWindowSeconds: 60 };

describe('wrong start codes per driver (one node, in memory)', () => {
  const t = useTestApp('pglite', () => ({ config: startCodeConfig }));
  startCodeThrottleCases(
    () => t.app,
    () => [t.baseUrl],
  );
});

describe('wrong start codes per driver (two nodes sharing the real Redis)', () => {
  const nodes = useTwoNodesOnRedis(startCodeConfig);
  startCodeThrottleCases(nodes.app, nodes.urls);
});

describe('changing the e-mail is throttled like sign-up', () => {
  const t = useTestApp('pglite', () => ({ config: { authRateLimitPerMinute: 3, trustProxy: ['127.0.0.1'] } }));

  it('on PUT /auth/profile: a 4th change within the minute is a 429; other profile edits are not counted', async () => {
    const me = await registerUser(t.baseUrl);
    const from = randomAddress();
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await post(
            t.baseUrl,
            '/auth/profile',
            { first_name: `Ana${'a'.repeat(i)}` },
            { method: 'PUT', token: me.token, forwardedFor: from },
          )
        ).status,
      ).toBe(200);
    }
    const statuses = await statusesInTurn(4, (i) =>
      post(
        t.baseUrl,
        '/auth/profile',
        { email: `nuevo${Date.now()}${i}@prueba.pe` },
        { method: 'PUT', token: me.token, forwardedFor: randomAddress() },
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('on /passenger/profile/update, counted per address across accounts, and sending the same e-mail is free', async () => {
    const from = randomAddress();
    const users = await Promise.all([registerUser(t.baseUrl), registerUser(t.baseUrl)]);
    const profile = (email: string) => ({ first_name: 'Ana', last_name: 'Torres', email, phone: '987654321' });
    for (const me of users) {
      const same = await post(t.baseUrl, '/passenger/profile/update', profile(me.user.email), {
        token: me.token,
        forwardedFor: from,
      });
      expect(same.status).toBe(200);
    }
    const statuses = await statusesInTurn(4, (i) => {
      const me = users[i % 2]!;
      return post(t.baseUrl, '/passenger/profile/update', profile(`otro${Date.now()}${i}@prueba.pe`), {
        token: me.token,
        forwardedFor: from,
      });
    });
    expect(statuses).toEqual([200, 200, 200, 429]);
    const taken = await api(t.baseUrl, 'GET', '/passenger/profile', { token: users[0]!.token });
    expect(taken.status).toBe(200);
  });
});
