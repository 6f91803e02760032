/** Answers written by fast-json-stringify from the zod contract (plugins/response-serializer.ts), on a real Fastify. */
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { responseSerializerCompiler } from '../src/plugins/response-serializer';

const contract = z.object({
  id: z.number().int(),
  name: z.string(),
  nick: z.string().nullable(),
  tags: z.array(z.object({ label: z.string() })),
});

async function serve(checkAnswers: boolean, answer: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler({ checkAnswers }));
  app.get('/x', { schema: { response: { 200: contract } } }, async () => answer);
  await app.ready();
  apps.push(app);
  return app.inject({ method: 'GET', url: '/x' });
}
const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe.each([false, true])('response serializer (checkAnswers %s)', (checkAnswers) => {
  it('writes only the keys in the contract, at every depth', async () => {
    const res = await serve(checkAnswers, {
      id: 1,
      name: 'Ana',
      nick: null,
      passwordHash: 'secreto',
      tags: [{ label: 'a', internal: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"id":1,"name":"Ana","nick":null,"tags":[{"label":"a"}]}');
  });

  it('answers 500 when a required key is missing', async () => {
    expect((await serve(checkAnswers, { id: 1, nick: null, tags: [] })).statusCode).toBe(500);
  });
});

describe('response serializer checks', () => {
  it('refuses with 500 an answer of the wrong type in tests, which fast-json-stringify alone would coerce', async () => {
    const wrong = { id: '7', name: 'Ana', nick: null, tags: [] };
    expect((await serve(true, wrong)).statusCode).toBe(500);
    expect((await serve(false, wrong)).body).toBe('{"id":7,"name":"Ana","nick":null,"tags":[]}');
  });
});
