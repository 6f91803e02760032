import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { zEnvelope } from '@jala/contracts';

/** A preHandler that refuses the request (with an AppError) unless the session user may use the area. */
type AccessCheck = (request: FastifyRequest) => Promise<void>;

/** What a route's schema adds besides its summary and answer: its path parameters, query string or body. */
interface RouteInput {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/**
 * The option blocks every route of a signed-in area repeats: `guard` (session first, then the area's own
 * checks, e.g. requireDriver) spreads into the route options, `secured` (the OpenAPI tag and the bearer scheme)
 * into its schema. One definition keeps the documented security in step with the checks that run.
 *
 * Most routes need nothing else: `answers(summary, zThing, { params, body })` gives a route's whole options
 * for an `ok(thing)` answer (200), `creates(...)` the same with 201; `guard` and `secured` are left for the
 * rare route that documents something else (two statuses, a file).
 */
export function signedInRoutes(app: { requireUser: AccessCheck }, tag: string, ...checks: AccessCheck[]) {
  const guard = { preHandler: [app.requireUser, ...checks] };
  const secured = { tags: [tag], security: [{ bearer: [] }] };
  const answers = <T extends z.ZodType, I extends RouteInput = object>(summary: string, answer: T, input?: I) =>
    ({ ...guard, schema: { ...secured, summary, ...(input as I), response: { 200: zEnvelope(answer) } } });
  const creates = <T extends z.ZodType, I extends RouteInput = object>(summary: string, answer: T, input?: I) =>
    ({ ...guard, schema: { ...secured, summary, ...(input as I), response: { 201: zEnvelope(answer) } } });
  return { guard, secured, answers, creates };
}
