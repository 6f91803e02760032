import { z } from 'zod';

/** The parts of Google's legacy web-service responses (Places Text Search, Geocoding, Directions) Jala reads. */

const latLngLiteral = z.object({ lat: z.number(), lng: z.number() });
const textValue = z.object({ text: z.string(), value: z.number() });

/** Every Google web service answers 200 with a `status` (only OK and ZERO_RESULTS are not failures) and, on failure, a message. */
const googleAnswer = z.object({ status: z.string(), error_message: z.string().optional() });

export const placesTextSearchResponse = googleAnswer.extend({
  results: z
    .array(
      z.object({
        place_id: z.string(),
        name: z.string(),
        formatted_address: z.string().default(''),
        geometry: z.object({ location: latLngLiteral }),
        types: z.array(z.string()).default([]),
      }),
    )
    .default([]),
});

export const geocodingResponse = googleAnswer.extend({
  results: z
    .array(
      z.object({
        place_id: z.string(),
        formatted_address: z.string(),
        geometry: z.object({ location: latLngLiteral }),
        types: z.array(z.string()).default([]),
        address_components: z
          .array(z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) }))
          .default([]),
      }),
    )
    .default([]),
});
export type GeocodingResult = z.infer<typeof geocodingResponse>['results'][number];

export const directionsResponse = googleAnswer.extend({
  routes: z
    .array(
      z.object({
        overview_polyline: z.object({ points: z.string() }),
        legs: z.array(
          z.object({
            distance: textValue,
            duration: textValue,
            steps: z.array(
              z.object({
                html_instructions: z.string().default(''),
                distance: textValue,
                duration: textValue,
                start_location: latLngLiteral,
              }),
            ),
          }),
        ),
      }),
    )
    .default([]),
});
