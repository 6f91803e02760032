/**
 * /api/geo: place search (Peru only), reverse geocoding and driving routes, served by the configured
 * provider. The browser never talks to a maps vendor, so no key ever reaches it.
 */
import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { GeoProvider } from '../../geo';
import { ok } from '../../lib/envelope';
import { routeOf } from '../../plugins/endpoint-route';

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoProvider }> = async (app, { geo }) => {
  // Signed-in users only: the upstream services have quotas worth protecting.
  app.addHook('preHandler', app.requireUser);

  app.route({
    ...routeOf(endpoints.searchPlaces),
    handler: async (request) => {
      const { q, latitude, longitude, limit } = request.query;
      const near = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
      return ok(await geo.searchPlaces(q, { ...(near ? { near } : {}), limit }));
    },
  });

  app.route({
    ...routeOf(endpoints.reverseGeocode),
    handler: async (request) => ok(await geo.reverseGeocode(request.query)),
  });

  app.route({
    ...routeOf(endpoints.drivingRoute),
    handler: async (request) => {
      const q = request.query;
      // The provider prices the route with the domain's fareForRoute, the rule trip creation stores too.
      return ok(
        await geo.route(
          { latitude: q.origin_latitude, longitude: q.origin_longitude },
          { latitude: q.destination_latitude, longitude: q.destination_longitude },
          { serviceTypeId: q.service_type_id },
        ),
      );
    },
  });
};
