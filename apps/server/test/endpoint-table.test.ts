/**
 * The contracts' endpoint table is the API: every route the server registers has its entry (same method,
 * path, success statuses, tag, summary, security), and every entry is a route the server registers. The web
 * builds its calls from the same entries, so a route that drifts from its entry fails here.
 */
import type { Endpoint } from '@jala/contracts/endpoints';
import * as endpoints from '@jala/contracts/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp, type TestApp } from './support/test-app';

interface Operation {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  deprecated?: boolean;
  responses?: Record<string, unknown>;
}

/** What the OpenAPI document says of one route, in the table's words (`:id` paths, without the /api prefix). */
interface Described {
  method: string;
  path: string;
  tag: string | undefined;
  summary: string | undefined;
  auth: boolean;
  deprecated: boolean;
  statuses: number[];
}

const table: Endpoint[] = (Object.values(endpoints) as unknown[]).filter(
  (value): value is Endpoint => typeof value === 'object' && value !== null && 'method' in value && 'path' in value,
);

const key = (method: string, path: string) => `${method} ${path}`;

function fromTable(entry: Endpoint): Described {
  return {
    method: entry.method,
    path: entry.path,
    tag: entry.tag,
    summary: entry.summary,
    auth: entry.auth !== false,
    deprecated: entry.deprecated === true,
    statuses: [entry.status, ...(entry.alsoStatus ?? [])].sort(),
  };
}

describe('endpoint table', () => {
  let t: TestApp;
  let described: Map<string, Described>;

  beforeAll(async () => {
    t = await startTestApp();
    const document = (await (await fetch(`${t.baseUrl}/docs/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    described = new Map(
      Object.entries(document.paths).flatMap(([openApiPath, methods]) =>
        Object.entries(methods).map(([method, operation]) => {
          const path = openApiPath.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');
          const entry: Described = {
            method: method.toUpperCase(),
            path,
            tag: operation.tags?.[0],
            summary: operation.summary,
            auth: (operation.security?.length ?? 0) > 0,
            deprecated: operation.deprecated === true,
            statuses: Object.keys(operation.responses ?? {})
              .map(Number)
              .sort(),
          };
          return [key(entry.method, path), entry] as const;
        }),
      ),
    );
  });
  afterAll(() => t?.stop());

  it('names each route once', () => {
    const keys = table.map((entry) => key(entry.method, entry.path));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has an entry for every route the server registers', () => {
    const listed = new Set(table.map((entry) => key(entry.method, entry.path)));
    expect([...described.keys()].filter((route) => !listed.has(route))).toEqual([]);
  });

  it('lists only routes the server registers, each as the server documents it', () => {
    for (const entry of table) {
      expect(described.get(key(entry.method, entry.path)), key(entry.method, entry.path)).toEqual(fromTable(entry));
    }
  });
});
