/**
 * The access log. Every open phone polls a few reads every few seconds, so Fastify's default (two info
 * lines per request, written synchronously to stdout) made the log mostly "200 in 1 ms" and cost each poll
 * two JSON serialisations and writes. Answers that say something are logged at info: client and server
 * errors, and answers slower than SLOW_ANSWER_MS; every other answer at debug (`LOG_LEVEL=debug` shows them).
 */
import type { FastifyInstance } from 'fastify';

export const SLOW_ANSWER_MS = 1000;

export function logAnswers(server: FastifyInstance): void {
  server.addHook('onResponse', (request, reply, done) => {
    const worthTelling = reply.statusCode >= 400 || reply.elapsedTime >= SLOW_ANSWER_MS;
    if (worthTelling || request.log.isLevelEnabled('debug')) {
      const line = { req: request, res: reply, responseTime: reply.elapsedTime };
      if (worthTelling) request.log.info(line, 'request completed');
      else request.log.debug(line, 'request completed');
    }
    done();
  });
}
