/**
 * The access log. Every open phone polls a few reads every few seconds, so Fastify's default (an info line
 * when a request arrives and another when it is answered, written synchronously to stdout) made the log
 * mostly "200 in 1 ms" and cost each poll two JSON serialisations and writes. Answers that say something
 * stay at info: errors, refusals (4xx) and answers slower than SLOW_ANSWER_MS; the rest, and the arrival
 * line, go to debug (`LOG_LEVEL=debug` shows every request again). Fastify's other lines are unchanged.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export const SLOW_ANSWER_MS = 1000;

export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (reply.statusCode >= 400 || reply.elapsedTime >= SLOW_ANSWER_MS) reply.log.info(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}
