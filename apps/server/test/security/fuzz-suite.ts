/**
 * Property-based fuzzing of every API operation that takes a body, query or path parameter, generated
 * from the running app's OpenAPI document. For each generated request: no status ≥ 500, the response is
 * the JSON envelope with the security headers, and a 4xx leaves every table exactly as it was.
 * FUZZ_RUNS sets the number of requests per backend (default 1,000: 2,000 per CI run over both backends);
 * FUZZ_SEED replays a failure; FUZZ_REPORT=1 prints how many requests got each status per operation.
 */
import {
  createCompletedTrip,
  createDriver,
  createPaymentCase,
  createTrip,
  createUser,
} from '@jala/test-factories/database';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { login } from '../support/actors';
import { api } from '../support/http';
import {
  databaseFingerprint,
  fillPath,
  hostileValue,
  loadOperations,
  type Operation,
  responseProblem,
  schemaArbitrary,
} from '../support/openapi';
import { type Backend, isPostgresAvailable, startTestApp, type TestApp } from '../support/test-app';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

interface FuzzRequest {
  operation: Operation;
  url: string;
  token: string | undefined;
  body: string | undefined;
}

/** Path segments that are not even well-formed (sent as-is): bad percent-encoding, over-long, traversal. */
const rawSegment = fc.constantFrom(
  '%zz',
  '%',
  '%E0%A4%A',
  'x'.repeat(101),
  '9'.repeat(150),
  '..',
  '%2e%2e',
  '%00',
  '1%20',
  '-1',
  '1.5',
  '0x1f',
  '2147483648',
);
const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  'nul',
  '[1,',
  '"\\u0000"',
  '{"trip_id": 1e999}',
  '\u0000',
  '{"a":1}{"b":2}',
  ' ',
);

/** encodeURIComponent, with lone surrogates (which it refuses) replaced the way a browser would. */
const encodeSegment = (value: string) =>
  encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

function requestArbitrary(
  operations: Operation[],
  tokens: (string | undefined)[],
  ids: number[],
  baseUrl: string,
): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((operation) => {
    const pathParams = operation.parameters.filter((p) => p.in === 'path');
    const queryParams = operation.parameters.filter((p) => p.in === 'query');
    const path = fc.record(
      Object.fromEntries(
        pathParams.map((p) => [
          p.name,
          fc.oneof(
            { weight: 6, arbitrary: schemaArbitrary(p.schema, p.name, ids).map((v) => encodeSegment(String(v))) },
            {
              weight: 2,
              arbitrary: hostileValue.map((v) => encodeSegment(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
            },
            { weight: 1, arbitrary: rawSegment },
          ),
        ]),
      ),
    );
    const query = fc.record(
      Object.fromEntries(
        queryParams.map((p) => [
          p.name,
          fc.oneof(
            { weight: 6, arbitrary: schemaArbitrary(p.schema, p.name, ids) },
            { weight: 2, arbitrary: hostileValue },
            { weight: 2, arbitrary: fc.constant(undefined) },
          ),
        ]),
      ),
      { requiredKeys: [] },
    );
    const body = operation.body
      ? fc.oneof(
          { weight: 8, arbitrary: schemaArbitrary(operation.body, '', ids).map((v) => JSON.stringify(v)) },
          { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
          { weight: 1, arbitrary: malformedJson },
        )
      : fc.constant(undefined);
    return fc
      .record({ path, query, body, token: fc.constantFrom(...tokens) })
      .map(({ path: values, query: q, body: text, token }) => {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(q)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value])
            search.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
        }
        const qs = search.toString();
        return {
          operation,
          url: `${baseUrl}${fillPath(operation.path, values, true)}${qs ? `?${qs}` : ''}`,
          token,
          body: text,
        };
      });
  });
}

export function defineFuzzSuite(backend: Backend): void {
  describe(`API fuzz from the OpenAPI document (${backend})`, () => {
    let t: TestApp;
    let available = true;
    let operations: Operation[] = [];
    let tokens: (string | undefined)[] = [];
    let ids: number[] = [];

    beforeAll(async () => {
      if (backend === 'postgres' && !(await isPostgresAvailable())) {
        available = false;
        return;
      }
      // Pending trips must not expire mid-run: a sweep between two requests would look like a change.
      t = await startTestApp(backend, { config: { tripExpiryMinutes: 24 * 60 } });
      const db = t.app.database.db;
      const both = await createDriver(db, { user: { userType: 'both' } });
      const driver = await createDriver(db);
      const rider = await createUser(db);
      const admin = await createUser(db, { isAdmin: true });
      const pending = await createTrip(db, { passengerId: rider.id });
      const done = await createCompletedTrip(db, {
        passengerId: rider.id,
        driverId: driver.user.id,
        vehicleId: driver.vehicle.id,
        fareCents: 2000,
        completedAt: new Date(),
      });
      // A Plin trip in dispute and its open case, so the payment routes meet real objects.
      const { trip: disputed, paymentCase } = await createPaymentCase(db, {
        passengerId: rider.id,
        driverId: driver.user.id,
        vehicleId: driver.vehicle.id,
      });
      const place = await api<{ id: number }>(t.baseUrl, 'POST', '/passenger/saved-locations', {
        token: (await login(t.baseUrl, rider.email)).token,
        body: { name: 'Casa', address: 'Av. Larco 123', latitude: -12.12, longitude: -77.03 },
      });
      tokens = [
        (await login(t.baseUrl, both.user.email)).token,
        (await login(t.baseUrl, driver.user.email)).token,
        (await login(t.baseUrl, rider.email)).token,
        (await login(t.baseUrl, admin.email)).token,
        undefined,
        'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged',
      ];
      ids = [
        both.user.id,
        both.vehicle.id,
        driver.user.id,
        driver.vehicle.id,
        rider.id,
        admin.id,
        pending.id,
        done.id,
        disputed.id,
        paymentCase.id,
        place.body.data.id,
      ];
      operations = (await loadOperations(t.baseUrl)).filter(
        (op) => op.body || op.parameters.some((p) => p.in === 'path' || p.in === 'query'),
      );
    });
    afterAll(async () => t?.stop());

    it(`keeps every rule over ${RUNS} generated requests`, async (context) => {
      if (!available) return context.skip('PostgreSQL is not running on this machine');
      expect(operations.length).toBeGreaterThan(20);
      const db = t.app.database.db;
      const seen = new Map<string, number>();
      const statuses = new Map<string, number>();
      let before = await databaseFingerprint(db);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operations, tokens, ids, t.baseUrl), async (request) => {
          const headers: Record<string, string> = {};
          if (request.token) headers.authorization = `Bearer ${request.token}`;
          if (request.body !== undefined) headers['content-type'] = 'application/json';
          const response = await fetch(request.url, { method: request.operation.method, headers, body: request.body });
          const text = await response.text();
          const label = `${request.operation.method} ${request.operation.path}`;
          seen.set(label, (seen.get(label) ?? 0) + 1);
          statuses.set(`${label} ${response.status}`, (statuses.get(`${label} ${response.status}`) ?? 0) + 1);
          const problem = responseProblem(response.status, response.headers, text, request.operation.documentTypes);
          if (problem) throw new Error(`${label} → ${response.status}: ${problem}\n${text.slice(0, 300)}`);
          const after = await databaseFingerprint(db);
          if (response.status >= 400 && after !== before) {
            throw new Error(`${label} answered ${response.status} but changed the database\n${text.slice(0, 300)}`);
          }
          before = after;
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
      );
      if (process.env.FUZZ_REPORT)
        console.info(
          [...statuses]
            .sort()
            .map(([k, n]) => `${k}: ${n}`)
            .join('\n'),
        );
      // Every operation was exercised (the generator picks them uniformly).
      for (const op of operations)
        expect(seen.get(`${op.method} ${op.path}`) ?? 0, `${op.method} ${op.path}`).toBeGreaterThan(0);
    }, 180_000);
  });
}
