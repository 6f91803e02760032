import { Writable } from 'node:stream';

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { AccessLog } from '../src/plugins/access-log';

async function serverLogging(level: 'info' | 'debug') {
  const lines: { msg: string; level: number; res?: { statusCode: number } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  const server = Fastify({ logger: { level, stream }, logController: new AccessLog() });
  server.get('/ok', async () => ({ ok: true }));
  server.get('/refused', async (_request, reply) => reply.code(409).send({ ok: false }));
  await server.ready();
  return { server, lines: () => lines, completed: () => lines.filter((line) => line.msg === 'request completed') };
}

describe('access log', () => {
  it('logs failures at info and keeps successful polls out of an info log', async () => {
    const { server, lines, completed } = await serverLogging('info');
    for (let i = 0; i < 3; i += 1) expect((await server.inject('/ok')).statusCode).toBe(200);
    expect((await server.inject('/refused')).statusCode).toBe(409);
    expect((await server.inject('/nowhere')).statusCode).toBe(404);
    expect(completed().map((line) => line.res?.statusCode)).toEqual([409, 404]);
    expect(lines().some((line) => line.msg === 'incoming request')).toBe(false);
    await server.close();
  });

  it('logs every answer at debug', async () => {
    const { server, lines, completed } = await serverLogging('debug');
    await server.inject('/ok');
    await server.inject('/refused');
    expect(completed().map((line) => [line.res?.statusCode, line.level])).toEqual([
      [200, 20],
      [409, 30],
    ]);
    expect(lines().filter((line) => line.msg === 'incoming request')).toHaveLength(2);
    await server.close();
  });
});
