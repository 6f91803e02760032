/**
 * plugins/conditional-get.ts `polledRead`: the body and ETag of a polled read are computed once per kept
 * answer object, and again as soon as the read model hands back another object (its version changed), the
 * message changes, or another user reads the same object (an ETag never matches another user's).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { AuthenticatedUser } from '../src/lib/session-user';
import { polledRead } from '../src/plugins/conditional-get';
import { responseSerializerCompiler } from '../src/plugins/response-serializer';

describe('polledRead', () => {
  let app: FastifyInstance;
  let serialised = 0;
  /** What the "read model" currently keeps; a write replaces it with a new object. */
  let kept: { value: number } = { value: 1 };
  let message: string | undefined;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    const compile = responseSerializerCompiler({ checkAnswers: true });
    app.setSerializerCompiler((route) => {
      const stringify = compile(route);
      return (data) => {
        serialised += 1;
        return stringify(data);
      };
    });
    app.decorateRequest('user', null);
    app.addHook('preHandler', async (request) => {
      request.user = { id: Number(request.headers['x-user']) } as AuthenticatedUser;
    });
    const send = polledRead();
    const zAnswer = z.object({ success: z.boolean(), data: z.object({ value: z.number() }), message: z.string() });
    app.get('/read', { schema: { response: { 200: zAnswer } } }, async (request, reply) =>
      send(request, reply, kept, message),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (user: number, etag?: string) =>
    app.inject({
      method: 'GET',
      url: '/read',
      headers: { 'x-user': String(user), ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('serialises a kept answer once, answers 304 to its ETag, and starts again when the answer object changes', async () => {
    const first = await get(1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, data: { value: 1 }, message: 'OK' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);
    const count = serialised;

    const again = await get(1);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    const notModified = await get(1, etag);
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(serialised).toBe(count);

    kept = { value: 2 }; // a write: the read model keeps a new object
    const changed = await get(1, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toEqual({ value: 2 });
    expect(changed.headers.etag).not.toBe(etag);
    expect(serialised).toBe(count + 1);
  });

  it("never answers with another user's ETag, and follows a new message", async () => {
    const mine = await get(1);
    const theirs = await get(2, mine.headers.etag as string);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);

    message = 'Otro mensaje';
    const withMessage = await get(2);
    expect(withMessage.json().message).toBe('Otro mensaje');
    message = undefined;
  });
});
