/**
 * The usual price of a route (GET /trips/fare-hint; also carried by each request in a driver's
 * feed) and the receipt as a PDF (GET /trips/{id}/receipt.pdf).
 */
import { TAX_ID_MESSAGE, taxIdKind } from '@jala/domain';
import { z } from 'zod';

import { zCoordinatesQuery } from './trip';

const coordinate = zCoordinatesQuery.shape;
const SERVICE_TYPE_MESSAGE = 'Elige un tipo de servicio válido.';

/** The same points and service type the route preview (/geo/route) is asked for. */
export const zFareHintQuery = z.object({
  origin_latitude: coordinate.latitude,
  origin_longitude: coordinate.longitude,
  destination_latitude: coordinate.latitude,
  destination_longitude: coordinate.longitude,
  service_type_id: z.coerce
    .number({ error: SERVICE_TYPE_MESSAGE })
    .int(SERVICE_TYPE_MESSAGE)
    .min(1, SERVICE_TYPE_MESSAGE)
    .max(2, SERVICE_TYPE_MESSAGE),
});
export type FareHintQuery = z.infer<typeof zFareHintQuery>;

/** The passenger's DNI (8 digits) or RUC (11, check digit) to print on the PDF; spaces are ignored. */
export const zTaxId = z
  .string({ error: TAX_ID_MESSAGE })
  .max(20, TAX_ID_MESSAGE)
  .transform((value) => value.replace(/\s/g, ''))
  .refine((value) => taxIdKind(value) !== null, TAX_ID_MESSAGE);

export const zReceiptPdfQuery = z.object({ tax_id: zTaxId.optional() });

/** The receipt PDF's bytes: a binary answer (no JSON serializer runs); OpenAPI shows it as binary. */
export const zPdfBytes = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });
