import type { FastifyRequest } from 'fastify';

/** A preHandler that refuses the request (with an AppError) unless the session user may use the area. */
type AccessCheck = (request: FastifyRequest) => Promise<void>;

/**
 * The two option blocks every route of a signed-in area repeats: `guard` (session first, then the area's own
 * checks, e.g. requireDriver) spreads into the route options, `secured` (the OpenAPI tag and the bearer scheme)
 * into its schema. One definition keeps the documented security in step with the checks that run.
 */
export function signedInRoutes(app: { requireUser: AccessCheck }, tag: string, ...checks: AccessCheck[]) {
  return {
    guard: { preHandler: [app.requireUser, ...checks] },
    secured: { tags: [tag], security: [{ bearer: [] }] },
  };
}
