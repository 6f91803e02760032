import type { Endpoint } from '@jala/contracts/endpoints';
import type { FastifyRequest } from 'fastify';

import { routeOf } from './endpoint-route';

/** A preHandler that refuses the request (with an AppError) unless the session user may use the area. */
type AccessCheck = (request: FastifyRequest) => Promise<void>;

/**
 * The routes of a signed-in area: `guard` runs the session check first, then the area's own checks (e.g.
 * requireDriver); `route(endpoints.x)` gives a route's method, URL and schema from its endpoint entry with
 * that guard, for `app.route({ ...route(endpoints.x), handler })`. The endpoint entry documents the bearer
 * scheme, and every route built here runs the check, so the documented security and the checks stay in step.
 */
export function signedInRoutes(app: { requireUser: AccessCheck }, ...checks: AccessCheck[]) {
  const guard = { preHandler: [app.requireUser, ...checks] };
  const route = <const E extends Endpoint>(target: E) => ({ ...routeOf(target), ...guard });
  return { guard, route };
}
