/**
 * Turns every failure into the `{success:false, data:null, message, code}` envelope with a Spanish message:
 * AppErrors by their catalogue entry, schema failures as 400 with per-field messages, Fastify's own client
 * errors (bad JSON, body too large, rate limit) by their status, and anything unexpected as a logged 500.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { GeoError } from '../geo';
import { AppError, type ErrorCode, ERRORS } from '../lib/app-error';
import { discardRequestBody } from '../lib/discard-body';
import { RateLimitedError } from '../lib/rate-limited-error';

function body(code: ErrorCode, message: string, fields?: Record<string, string>) {
  return { success: false as const, data: null, message, code, ...(fields ? { fields } : {}) };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (error instanceof GeoError) {
      // The provider's message is already user-safe Spanish; upstream details go to the log only.
      request.log.warn({ code: error.code, upstream: error.upstreamStatus }, 'geo provider failure');
      const code = error.code === 'OUT_OF_COVERAGE' ? 'OUT_OF_COVERAGE' : 'GEO_FAILED';
      return reply.status(ERRORS[code].status).send(body(code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        fields[key] ??= issue.message ?? ERRORS.VALIDATION.message;
      }
      const first = Object.values(fields)[0];
      return reply.status(400).send(body('VALIDATION', first ?? ERRORS.VALIDATION.message, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', ERRORS.RATE_LIMITED.message));
    if (status === 413) {
      // Read the rest of the body first (bounded): closing while it still arrives would reset the
      // connection and the sender would never see the envelope (discard-body.ts).
      return discardRequestBody(request.raw).then(() =>
        reply.status(413).send(body('PAYLOAD_TOO_LARGE', ERRORS.PAYLOAD_TOO_LARGE.message)),
      );
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and similar client mistakes.
      const message =
        error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
          ? 'El cuerpo de la solicitud no es JSON válido.'
          : ERRORS.VALIDATION.message;
      return reply.status(400).send(body('VALIDATION', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', ERRORS.INTERNAL.message));
  });
}
