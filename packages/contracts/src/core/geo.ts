/** /api/geo answers (spec §3 'Place', 'Route result'): one shape for the server's providers and the web map. */
import { z } from 'zod';

import { zCoordinatesQuery } from '../trips/trip';
import { zText } from './text';

export const zLatLng = z.object({ latitude: z.number(), longitude: z.number() });
export type LatLng = z.infer<typeof zLatLng>;

/** Spec §3 'Place'. */
export const zPlace = z.object({
  placeId: z.string(),
  name: z.string(),
  formattedAddress: z.string(),
  coordinates: zLatLng,
  types: z.array(z.string()),
});
export type Place = z.infer<typeof zPlace>;

/** A measure with its Spanish text: metres ('5.2 km') or seconds ('14 min'). */
export const zTextValue = z.object({ text: z.string(), value: z.number() });
export type TextValue = z.infer<typeof zTextValue>;

export const zRouteStep = z.object({
  instruction: z.string(),
  distance: zTextValue,
  duration: zTextValue,
  start: zLatLng,
});
export type RouteStep = z.infer<typeof zRouteStep>;

/** Spec §3 'Route result'. */
export const zRouteResult = z.object({
  /** value in metres. */
  distance: zTextValue,
  /** value in seconds. */
  duration: zTextValue,
  /** Encoded polyline, precision 5 (spec §9). */
  polyline: z.string(),
  steps: z.array(zRouteStep),
  /** Soles: the domain's `fareForRoute` for the service type. */
  estimatedCost: z.number(),
});
export type RouteResult = z.infer<typeof zRouteResult>;

/** GET /geo/reverse: the address of a point ('Mi ubicación actual' when none is known) and the place, if any. */
export const zReverseGeocodeResult = z.object({ address: z.string(), place: zPlace.nullable() });
export type ReverseGeocodeResult = z.infer<typeof zReverseGeocodeResult>;

const coordinate = zCoordinatesQuery.shape;
/**
 * The longest address people type ("Av. José Larco 1234, Miraflores, Lima") has about eight words; each word
 * is matched on its own, so a query of dozens of one-letter words costs several searches in one.
 */
export const PLACE_SEARCH_MAX_WORDS = 12;

/** GET /geo/search: the text, an optional point to search near, how many places to answer. */
export const zPlaceSearchQuery = z.object({
  q: zText({ error: 'Escribe qué lugar buscas.' })
    .min(2, 'Escribe al menos 2 letras.')
    .max(120, 'La búsqueda es demasiado larga.')
    .refine(
      (q) => q.split(/\s+/).length <= PLACE_SEARCH_MAX_WORDS,
      `Escribe la búsqueda en ${PLACE_SEARCH_MAX_WORDS} palabras o menos.`,
    ),
  latitude: coordinate.latitude.optional(),
  longitude: coordinate.longitude.optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

/** GET /geo/route: both ends and the service type the estimate is priced for. */
export const zRouteQuery = z.object({
  origin_latitude: coordinate.latitude,
  origin_longitude: coordinate.longitude,
  destination_latitude: coordinate.latitude,
  destination_longitude: coordinate.longitude,
  service_type_id: z.coerce.number().int().min(1).max(2).default(2),
});
