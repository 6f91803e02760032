/**
 * Every operators' route, read from the OpenAPI document (so a new one is covered by itself), answers 403
 * to a passenger, a driver and a 'both' user, 401 to anonymous callers, and changes nothing; an operator
 * is let through (no 401/403).
 */
import { createDriver, createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { databaseFingerprint, fillPath, loadOperations, type Operation, validValue } from '../support/openapi';

describeOnBackends('every /admin route is for operators only on %s', ({ t, maybe, whenStarted }) => {
  let adminOps: Operation[] = [];
  let outsiders: { role: string; token: string }[] = [];
  let operatorToken = '';

  whenStarted(async () => {
    const db = t.app.database.db;
    adminOps = (await loadOperations(t.baseUrl)).filter((op) => op.path.startsWith('/admin/'));
    outsiders = [
      { role: 'passenger', token: (await login(t.baseUrl, (await createUser(db)).email)).token },
      { role: 'driver', token: (await login(t.baseUrl, (await createDriver(db)).user.email)).token },
      {
        role: 'both',
        token: (await login(t.baseUrl, (await createDriver(db, { user: { userType: 'both' } })).user.email)).token,
      },
    ];
    operatorToken = (await login(t.baseUrl, (await createUser(db, { isAdmin: true })).email)).token;
  });

  const call = (op: Operation, token: string | undefined) => {
    const path: Record<string, unknown> = {};
    for (const p of op.parameters) if (p.in === 'path') path[p.name] = validValue(p.schema, p.name);
    const query = new URLSearchParams();
    for (const p of op.parameters)
      if (p.in === 'query' && p.required) query.set(p.name, String(validValue(p.schema, p.name)));
    const body = op.body ? validValue(op.body) : undefined;
    return fetch(`${t.baseUrl}${fillPath(op.path, path)}${query.size ? `?${query}` : ''}`, {
      method: op.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };

  maybe('finds the console in the document', () => {
    const names = adminOps.map((op) => `${op.method} ${op.path}`);
    for (const expected of [
      'GET /admin/verification-queue',
      'POST /admin/drivers/{id}/reject',
      'POST /admin/users/{id}/suspend',
      'GET /admin/audit-log',
      'POST /admin/operators',
      'DELETE /admin/operators/{id}',
      'POST /admin/trips/{id}/cancel',
      'GET /admin/alerts',
      'POST /admin/alerts/{id}/resolve',
      'GET /admin/live',
      'GET /admin/payment-cases',
      'POST /admin/payment-cases/{id}/resolve',
    ]) {
      expect(names).toContain(expected);
    }
    expect(adminOps.every((op) => op.secured && op.tags.includes('admin'))).toBe(true);
  });

  maybe('answers 403 to passengers, drivers and both, 401 to anonymous callers, and changes nothing', async () => {
    const db = t.app.database.db;
    const before = await databaseFingerprint(db);
    let calls = 0;
    for (const op of adminOps) {
      for (const outsider of outsiders) {
        const response = await call(op, outsider.token);
        const body = (await response.json()) as { code?: string; message?: string };
        expect(response.status, `${outsider.role} ${op.method} ${op.path}`).toBe(403);
        expect(body).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Solo un operador de Jala puede realizar esta acción.',
        });
        calls++;
      }
      expect((await call(op, undefined)).status, `anonymous ${op.method} ${op.path}`).toBe(401);
    }
    expect(await databaseFingerprint(db)).toBe(before);
    expect(calls).toBeGreaterThanOrEqual(adminOps.length * 3);
  });

  maybe('lets an operator through every route (never 401/403, never 500)', async () => {
    for (const op of adminOps) {
      const response = await call(op, operatorToken);
      expect([401, 403, 500], `${op.method} ${op.path} → ${response.status}`).not.toContain(response.status);
    }
  });
});
