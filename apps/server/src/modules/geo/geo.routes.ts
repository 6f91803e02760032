/**
 * /api/geo: place search (Peru only), reverse geocoding and driving routes, served by the configured
 * provider. The browser never talks to a maps vendor, so no key ever reaches it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zCoordinatesQuery, zEnvelope, zPlace, zReverseGeocodeResult, zRouteResult, zText } from '@jala/contracts';
import { ok } from '../../lib/envelope';
import type { GeoProvider } from '../../geo';

const coordinate = zCoordinatesQuery.shape;
/**
 * The longest address people type ("Av. José Larco 1234, Miraflores, Lima") has about eight words; each word
 * is matched on its own, so a query of dozens of one-letter words costs several searches in one.
 */
export const SEARCH_MAX_WORDS = 12;
const zSearchQuery = z.object({
  q: zText({ error: 'Escribe qué lugar buscas.' }).min(2, 'Escribe al menos 2 letras.').max(120, 'La búsqueda es demasiado larga.')
    .refine((q) => q.split(/\s+/).length <= SEARCH_MAX_WORDS, `Escribe la búsqueda en ${SEARCH_MAX_WORDS} palabras o menos.`),
  latitude: coordinate.latitude.optional(),
  longitude: coordinate.longitude.optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
const zRouteQuery = z.object({
  origin_latitude: coordinate.latitude,
  origin_longitude: coordinate.longitude,
  destination_latitude: coordinate.latitude,
  destination_longitude: coordinate.longitude,
  service_type_id: z.coerce.number().int().min(1).max(2).default(2),
});

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoProvider }> = async (app, { geo }) => {
  // Signed-in users only: the upstream services have quotas worth protecting.
  app.addHook('preHandler', app.requireUser);
  const secured = { security: [{ bearer: [] }], tags: ['geo'] };

  app.get('/geo/search', { schema: { ...secured, summary: 'Search places in Peru', querystring: zSearchQuery, response: { 200: zEnvelope(z.array(zPlace)) } } }, async (request) => {
    const { q, latitude, longitude, limit } = request.query;
    const near = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
    return ok(await geo.searchPlaces(q, { ...(near ? { near } : {}), limit }));
  });

  app.get('/geo/reverse', { schema: { ...secured, summary: 'Address of a point', querystring: zCoordinatesQuery, response: { 200: zEnvelope(zReverseGeocodeResult) } } }, async (request) => {
    return ok(await geo.reverseGeocode(request.query));
  });

  app.get('/geo/route', { schema: { ...secured, summary: 'Driving route with fare estimate', querystring: zRouteQuery, response: { 200: zEnvelope(zRouteResult) } } }, async (request) => {
    const q = request.query;
    // The provider prices the route with the domain's fareForRoute, the rule trip creation stores too.
    return ok(await geo.route(
      { latitude: q.origin_latitude, longitude: q.origin_longitude },
      { latitude: q.destination_latitude, longitude: q.destination_longitude },
      { serviceTypeId: q.service_type_id },
    ));
  });
};
