import { z } from 'zod';

/**
 * The parts of Nominatim (format=jsonv2), Photon and OSRM responses that Jala reads. Parsing with
 * these turns an API change or a wrong server into a clear GeoError instead of undefined values.
 */

const nominatimAddress = z.record(z.string(), z.string());

export const nominatimPlace = z.object({
  osm_type: z.string().optional(),
  osm_id: z.number().optional(),
  place_id: z.number(),
  lat: z.string(),
  lon: z.string(),
  category: z.string().default(''),
  type: z.string().default(''),
  name: z.string().nullish(),
  display_name: z.string(),
  address: nominatimAddress.optional(),
});
export type NominatimPlace = z.infer<typeof nominatimPlace>;

export const nominatimSearchResponse = z.array(nominatimPlace);

/** /reverse answers 200 with {"error": "Unable to geocode"} where there is nothing to name. */
export const nominatimReverseResponse = z.union([z.object({ error: z.string() }), nominatimPlace]);

export const photonFeature = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    osm_type: z.string().optional(),
    osm_id: z.number().optional(),
    osm_key: z.string().default(''),
    osm_value: z.string().default(''),
    name: z.string().optional(),
    housenumber: z.string().optional(),
    street: z.string().optional(),
    district: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    country: z.string().optional(),
    countrycode: z.string().optional(),
  }),
});
export type PhotonFeature = z.infer<typeof photonFeature>;

export const photonResponse = z.object({ features: z.array(photonFeature) });

const osrmStep = z.object({
  distance: z.number(),
  duration: z.number(),
  name: z.string().default(''),
  ref: z.string().optional(),
  maneuver: z.object({
    type: z.string(),
    modifier: z.string().optional(),
    exit: z.number().optional(),
    bearing_after: z.number().default(0),
    location: z.tuple([z.number(), z.number()]),
  }),
});

export const osrmRouteResponse = z.object({
  code: z.string(),
  message: z.string().optional(),
  routes: z
    .array(
      z.object({
        distance: z.number(),
        duration: z.number(),
        geometry: z.string(),
        legs: z.array(z.object({ steps: z.array(osrmStep) })),
      }),
    )
    .default([]),
});
export type OsrmRouteResponse = z.infer<typeof osrmRouteResponse>;
