/**
 * The OpenAPI document at /api/docs/json describes every answer: each operation declares a response schema
 * for its success status, built from the contract schemas the routes serialise through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp, type TestApp } from './support/test-app';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe('OpenAPI document', () => {
  let t: TestApp;
  let operations: { name: string; operation: Operation }[];

  beforeAll(async () => {
    t = await startTestApp();
    const response = await fetch(`${t.baseUrl}/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
  });
  afterAll(() => t?.stop());

  it('lists the API operations', () => {
    const names = operations.map((o) => o.name);
    for (const expected of [
      'GET /api/health',
      'POST /api/trips',
      'GET /api/trips/active',
      'GET /api/driver/trips/current',
      'GET /api/geo/route',
    ]) {
      expect(names).toContain(expected);
    }
    expect(operations.length).toBeGreaterThan(40);
  });

  // A document download (the receipt PDF) declares its media type instead of JSON.
  it('gives every operation a JSON schema (or a declared document type) for a 2xx answer', () => {
    const missing = operations
      .filter(
        ({ operation }) =>
          !Object.entries(operation.responses ?? {}).some(
            ([status, answer]) =>
              /^2\d\d$/.test(status) &&
              (answer.content?.['application/json'] ?? answer.content?.['application/pdf'])?.schema !== undefined,
          ),
      )
      .map((o) => o.name);
    expect(missing).toEqual([]);
  });

  it('describes the trip with numeric coordinates and the status enum', async () => {
    const document = (await (await fetch(`${t.baseUrl}/docs/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const schema = document.paths['/api/trips/active']?.get?.responses?.['200']?.content?.['application/json']
      ?.schema as {
      properties: { data: { properties: Record<string, { type?: string; enum?: string[] }> } };
    };
    const trip = schema.properties.data.properties;
    expect(trip.pickup_latitude?.type).toBe('number');
    expect(trip.status?.enum).toContain('in_progress');
  });
});
