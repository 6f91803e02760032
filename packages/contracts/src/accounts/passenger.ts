/**
 * The passenger workspace API (spec §3, §7 'Passenger'): stats, profile, saved places, trip history, and
 * trip ratings (ours: the spec shows ratings but not where they come from).
 */
import {
  HISTORY_PAGE_SIZE,
  HISTORY_STATUSES,
  isInPeru,
  isValidPeruvianPhone,
  normalizePeruvianMobile,
} from '@jala/domain';
import { z } from 'zod';

import { zEmail, zLastName, zPersonName, zPeruPhone } from '../core/fields';
import { personNameAndContact } from '../core/shapes';
import { zText } from '../core/text';

// ---------------------------------------------------------------------------------------------- stats

/** GET /passenger/stats. Money in soles; averageRating is null until someone rated the passenger. */
export const zPassengerStats = z.object({
  /** Completed trips. */
  total_trips: z.number().int(),
  /** Sum of the fares of completed trips (final fare, else estimated), in soles. */
  total_spent: z.number(),
  /** Average score (1–5) the passenger received from drivers, 2 decimals; null when never rated. */
  averageRating: z.number().nullable(),
  savedLocations: z.number().int(),
});
export type PassengerStats = z.infer<typeof zPassengerStats>;

// -------------------------------------------------------------------------------------------- profile

export const zPassengerProfile = z.object({
  ...personNameAndContact,
  emergency_contact_name: z.string().nullable(),
  emergency_contact_phone: z.string().nullable(),
});
export type PassengerProfile = z.infer<typeof zPassengerProfile>;

export const PHONE_MESSAGE = 'Ingresa un celular peruano de 9 dígitos que empiece con 9.';
export const EMERGENCY_NAME_MAX = 60;

/** Absent: keep the stored value; '' or null: clear it; otherwise trimmed. */
const zEmergencyContactName = zText({ error: 'El nombre del contacto debe ser texto.' })
  .max(EMERGENCY_NAME_MAX, 'El nombre del contacto es demasiado largo.')
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value));

/** Absent: keep; '' or null: clear; otherwise a Peruvian mobile, stored as its 9 digits. */
const zEmergencyContactPhone = zText({ error: 'El teléfono del contacto debe ser texto.' })
  .nullable()
  .optional()
  .refine((value) => value == null || value === '' || isValidPeruvianPhone(value), PHONE_MESSAGE)
  .transform((value) => (value == null ? value : value === '' ? null : (normalizePeruvianMobile(value) ?? value)));

/**
 * POST /passenger/profile/update with the six profile fields. The form itself does not validate (spec §5);
 * the server does: e-mail shape, Peruvian phones, and an emergency contact is a name with a phone, or nothing.
 */
export const zUpdatePassengerProfileRequest = z.object({
  first_name: zPersonName,
  last_name: zLastName,
  email: zEmail,
  phone: zPeruPhone,
  emergency_contact_name: zEmergencyContactName,
  emergency_contact_phone: zEmergencyContactPhone,
});
export type UpdatePassengerProfileRequest = z.input<typeof zUpdatePassengerProfileRequest>;
export type UpdatePassengerProfileInput = z.output<typeof zUpdatePassengerProfileRequest>;

// -------------------------------------------------------------------------------------- saved places

export const SAVED_PLACE_NAME_MAX = 60;
export const SAVED_PLACE_ADDRESS_MAX = 200;
/** Most places one passenger may keep. */
export const SAVED_PLACES_MAX = 50;
export const OUTSIDE_PERU_MESSAGE = 'La ubicación debe estar dentro del Perú.';

export const zSavedLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type SavedLocation = z.infer<typeof zSavedLocation>;

/** POST /passenger/saved-locations. Coordinates are numbers (the form parses them) and must lie in Peru. */
export const zCreateSavedLocationRequest = z
  .object({
    name: zText({ error: 'El nombre es obligatorio.' })
      .min(1, 'El nombre es obligatorio.')
      .max(SAVED_PLACE_NAME_MAX, 'El nombre es demasiado largo.'),
    address: zText({ error: 'La dirección es obligatoria.' })
      .min(1, 'La dirección es obligatoria.')
      .max(SAVED_PLACE_ADDRESS_MAX, 'La dirección es demasiado larga.'),
    latitude: z
      .number({ error: 'La latitud debe ser un número.' })
      .min(-90, 'La latitud debe estar entre -90 y 90.')
      .max(90, 'La latitud debe estar entre -90 y 90.'),
    longitude: z
      .number({ error: 'La longitud debe ser un número.' })
      .min(-180, 'La longitud debe estar entre -180 y 180.')
      .max(180, 'La longitud debe estar entre -180 y 180.'),
  })
  .refine((place) => isInPeru(place.latitude, place.longitude), { message: OUTSIDE_PERU_MESSAGE, path: ['latitude'] });
export type CreateSavedLocationRequest = z.infer<typeof zCreateSavedLocationRequest>;

// ------------------------------------------------------------------------------------- trip history

export const HISTORY_PER_PAGE_MAX = 50;
const PAGE_MESSAGE = 'La página debe ser un número entero mayor o igual a 1.';
const PER_PAGE_MESSAGE = `per_page debe ser un número entero entre 1 y ${HISTORY_PER_PAGE_MAX}.`;
const STATUS_MESSAGE =
  'Estado no válido. Usa completed, cancelled_by_passenger, cancelled_by_driver o cancelled_by_system.';

const zPageNumber = (message: string, max: number) =>
  zText({ error: message, trim: false })
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(max, message));

/** `page`, `per_page` (defaulting to `pageSize`) and `status` of a history query; the driver's history adds dates. */
export const historyPaging = (pageSize: number) => ({
  page: zPageNumber(PAGE_MESSAGE, 1_000_000).optional().default(1),
  per_page: zPageNumber(PER_PAGE_MESSAGE, HISTORY_PER_PAGE_MAX).optional().default(pageSize),
  status: z
    .union([z.literal(''), z.enum(HISTORY_STATUSES)], { error: STATUS_MESSAGE })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

/** GET /passenger/trip-history?page=&status=&per_page= — status omitted or '' means every history status. */
export const zTripHistoryQuery = z.object(historyPaging(HISTORY_PAGE_SIZE));
export type TripHistoryQuery = z.output<typeof zTripHistoryQuery>;

export const zTripHistoryItem = z.object({
  id: z.number().int(),
  trip_code: z.string(),
  status: z.enum(HISTORY_STATUSES),
  /** When the trip ended (completed or cancelled), else when it was requested; ISO 8601. */
  trip_date: z.string(),
  pickup_address: z.string(),
  destination_address: z.string(),
  /** 'Mototaxi' or 'Auto'. */
  service_type: z.string(),
  service_type_id: z.number().int(),
  final_fare: z.number().nullable(),
  estimated_fare: z.number(),
  distance_km: z.number().nullable(),
  /** Minutes the ride really took (start to arrival) for a completed trip; null when unknown or never driven. */
  duration_minutes: z.number().nullable(),
  driver: z.object({ id: z.number().int(), name: z.string(), rating_average: z.number().nullable() }).nullable(),
  /** The score this passenger gave the driver for this trip, or null when not rated (yet). */
  my_rating: z.number().int().nullable(),
});
export type TripHistoryItem = z.infer<typeof zTripHistoryItem>;

export const zTripHistoryPage = z.object({
  trips: z.array(zTripHistoryItem),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** At least 1, so 'Página 1 de 1' is always coherent. */
  total_pages: z.number().int(),
});
export type TripHistoryPage = z.infer<typeof zTripHistoryPage>;

// ------------------------------------------------------------------------------------------ ratings

export const RATING_COMMENT_MAX = 300;
const SCORE_MESSAGE = 'La calificación debe ser un número entero del 1 al 5.';

/** POST /trips/{id}/rating: the session user rates the other party of a completed trip, once. */
export const zRateTripRequest = z.object({
  score: z.number({ error: SCORE_MESSAGE }).int(SCORE_MESSAGE).min(1, SCORE_MESSAGE).max(5, SCORE_MESSAGE),
  comment: zText({ error: 'El comentario debe ser texto.', multiline: true })
    .max(RATING_COMMENT_MAX, `El comentario no puede superar los ${RATING_COMMENT_MAX} caracteres.`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type RateTripRequest = z.input<typeof zRateTripRequest>;

export const zRaterRole = z.enum(['passenger', 'driver']);

export const zTripRating = z.object({
  trip_id: z.number().int(),
  score: z.number().int(),
  comment: z.string().nullable(),
  rater_role: zRaterRole,
  ratee_id: z.number().int(),
  created_at: z.string(),
});
export type TripRating = z.infer<typeof zTripRating>;

/** GET /trips/{id}/rating: whether the session user may still rate this trip, and their rating if given. */
export const zTripRatingStatus = z.object({
  trip_id: z.number().int(),
  rater_role: zRaterRole,
  /** Name of the person to rate (the driver for the passenger, the passenger for the driver). */
  ratee_name: z.string().nullable(),
  can_rate: z.boolean(),
  my_rating: zTripRating.nullable(),
});
export type TripRatingStatus = z.infer<typeof zTripRatingStatus>;
