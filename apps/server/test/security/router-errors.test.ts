/**
 * Responses Fastify writes before any route runs (bad percent-encoding, over-long path parameters,
 * malformed HTTP) and the other error paths (unknown route, bad JSON, huge body, NUL in text, huge ids)
 * all answer the Spanish envelope with the same security headers as every other response.
 */
import { connect } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from '../support/http';
import { responseProblem, SECURITY_HEADERS } from '../support/openapi';
import { type Backend, isPostgresAvailable, startTestApp, type TestApp } from '../support/test-app';

async function raw(baseUrl: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as { message: string; code: string; fields?: Record<string, string> },
  };
}

describe.each<Backend>(['pglite', 'postgres'])('error responses keep the envelope and the headers (%s)', (backend) => {
  let t: TestApp;
  let available = true;
  let token = '';
  beforeAll(async () => {
    if (backend === 'postgres' && !(await isPostgresAvailable())) {
      available = false;
      return;
    }
    t = await startTestApp(backend);
    token = (await registerUser(t.baseUrl)).token;
  });
  afterAll(async () => t?.stop());

  it('answers router errors, unknown routes and out-of-range path ids with the envelope', async (context) => {
    if (!available) return context.skip('PostgreSQL is not running on this machine');
    const cases: [string, number, string, string][] = [
      ['/trips/%zz/rating', 400, 'BAD_URL', 'La dirección solicitada no es válida.'],
      [`/trips/${'9'.repeat(101)}/rating`, 414, 'URI_TOO_LONG', 'La dirección solicitada es demasiado larga.'],
      ['/no-existe', 404, 'ROUTE_NOT_FOUND', 'La ruta solicitada no existe.'],
      ['/trips/2147483648/rating', 400, 'VALIDATION', 'Identificador no válido.'],
    ];
    for (const [path, status, code, message] of cases) {
      const res = await raw(t.baseUrl, path, { headers: { authorization: `Bearer ${token}` } });
      expect(responseProblem(res.status, res.headers, res.text), path).toBeNull();
      expect(res.status, path).toBe(status);
      expect(res.body, path).toMatchObject({ success: false, data: null, code, message });
    }
  });

  it('answers malformed JSON, an oversized body, NUL in text and a huge body id with 4xx envelopes', async (context) => {
    if (!available) return context.skip('PostgreSQL is not running on this machine');
    const json = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const cases = [
      await raw(t.baseUrl, '/auth/login', { method: 'POST', headers: json, body: '{"email":' }),
      await raw(t.baseUrl, '/passenger/saved-locations', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
      }),
      await raw(t.baseUrl, '/passenger/saved-locations', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Casa\u0000', address: 'Av. Larco 1', latitude: -12.12, longitude: -77.03 }),
      }),
      await raw(t.baseUrl, '/driver/trip-requests/reject', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ trip_request_id: 2 ** 31 }),
      }),
    ];
    expect(cases.map((c) => c.status)).toEqual([400, 413, 400, 400]);
    for (const c of cases) expect(responseProblem(c.status, c.headers, c.text)).toBeNull();
    expect(cases[2]?.body.fields).toEqual({ name: 'El texto contiene caracteres no permitidos.' });
    expect(cases[3]?.body.fields).toEqual({ trip_request_id: 'Solicitud no válida.' });
  });

  it("gives JSON answers the API's short header set and the docs page helmet's page set", async (context) => {
    if (!available) return context.skip('PostgreSQL is not running on this machine');
    const answer = await fetch(`${t.baseUrl}/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(responseProblem(answer.status, answer.headers, await answer.text())).toBeNull();
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    const docs = await fetch(`${t.baseUrl}/docs/`);
    await docs.arrayBuffer();
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(docs.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers HTTP that Node cannot parse with the envelope and the headers on the socket', async (context) => {
    if (!available) return context.skip('PostgreSQL is not running on this machine');
    const { port } = new URL(t.baseUrl);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = reply.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    for (const name of SECURITY_HEADERS) expect(head.toLowerCase()).toContain(`\r\n${name}: `);
    expect(JSON.parse(body)).toMatchObject({
      success: false,
      data: null,
      code: 'VALIDATION',
      message: 'La solicitud no es válida.',
    });
  });
});
