/** Schemas of the marketplace: trip requests, offers, acceptance, stages, completion, chat and live topics. */
import { cashNoteTooSmallMessage, isInPeru, isServiceTypeId, isStartCodeShape, solesText } from '@jala/domain';
import { z } from 'zod';

import { zIdParam } from '../core/fields';
import { listedTripPlaces } from '../core/shapes';
import { ID_MAX, zId, zText } from '../core/text';
import { zScheduledFor } from './booking';
import { zCashNote, zPaymentMethod, zWalletPaymentStatus } from './payment';
import { FARE_ADJUSTMENT_MAX, FARE_ADJUSTMENT_REASONS, zFareAdjustment, zFareHint, zTripStatus } from './trip-views';

const latitude = z
  .number({ error: 'La latitud debe ser un número.' })
  .min(-90, 'Latitud fuera de rango.')
  .max(90, 'Latitud fuera de rango.');
const longitude = z
  .number({ error: 'La longitud debe ser un número.' })
  .min(-180, 'Longitud fuera de rango.')
  .max(180, 'Longitud fuera de rango.');
const address = zText({ error: 'La dirección es obligatoria.' })
  .min(1, 'La dirección es obligatoria.')
  .max(300, 'La dirección es demasiado larga.');

/** Soles with at most two decimals, positive and below a sanity cap. */
export const zSoles = z
  .number({ error: 'El monto debe ser un número.' })
  // At least one céntimo: a tiny positive number (5e-226) would round to a price of zero.
  .min(0.01, 'El monto debe ser mayor que cero.')
  .max(5000, 'El monto es demasiado alto.')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'El monto admite como máximo dos decimales.');

export const zCoordinatesQuery = z.object({
  latitude: z.coerce
    .number({ error: 'La latitud debe ser un número.' })
    .min(-90, 'Latitud fuera de rango.')
    .max(90, 'Latitud fuera de rango.'),
  longitude: z.coerce
    .number({ error: 'La longitud debe ser un número.' })
    .min(-180, 'Longitud fuera de rango.')
    .max(180, 'Longitud fuera de rango.'),
});

/** A point the caller may leave out: both coordinates or neither (a driver's feed before the first fix). */
export const zOptionalPositionQuery = zCoordinatesQuery
  .partial()
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), 'Envía latitud y longitud juntas.');

/** POST /trips (spec §3 'Trip creation payload'). */
export const zCreateTripRequest = z
  .object({
    pickup_latitude: latitude,
    pickup_longitude: longitude,
    pickup_address: address,
    destination_latitude: latitude,
    destination_longitude: longitude,
    destination_address: address,
    service_type_id: z
      .number({ error: 'Selecciona un tipo de servicio' })
      .refine(isServiceTypeId, 'Selecciona un tipo de servicio'),
    passenger_notes: zText({ multiline: true }).max(500, 'Las notas son demasiado largas.').nullish(),
    offer_price: zSoles.optional(),
    /** A booking: the pickup time, 30 minutes to 7 days ahead on a 5-minute step (checked by the server). */
    scheduled_for: zScheduledFor.optional(),
    /** How the passenger pays (cash when absent) and, for cash, the note they will hand over (null: exact). */
    payment_method: zPaymentMethod.optional(),
    cash_note: zCashNote.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.cash_note != null && (v.payment_method ?? 'cash') !== 'cash') {
      ctx.addIssue({ code: 'custom', path: ['cash_note'], message: 'El billete solo aplica al pago en efectivo.' });
    }
    // Against the passenger's own price here; without one the server checks the estimate (it prices the route).
    if (v.cash_note != null && v.offer_price !== undefined && v.cash_note * 100 < Math.round(v.offer_price * 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['cash_note'],
        message: cashNoteTooSmallMessage(v.cash_note, Math.round(v.offer_price * 100)),
      });
    }
    if (!isInPeru(v.pickup_latitude, v.pickup_longitude))
      ctx.addIssue({ code: 'custom', path: ['pickup_latitude'], message: 'El origen debe estar en el Perú.' });
    if (!isInPeru(v.destination_latitude, v.destination_longitude))
      ctx.addIssue({ code: 'custom', path: ['destination_latitude'], message: 'El destino debe estar en el Perú.' });
    if (v.pickup_latitude === v.destination_latitude && v.pickup_longitude === v.destination_longitude) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination_latitude'],
        message: 'El destino debe ser distinto del origen.',
      });
    }
  });
export type CreateTripRequest = z.infer<typeof zCreateTripRequest>;

export const zCancelTripRequest = z.object({ reason: zText().max(200).optional() }).optional();

/** POST /drivers/trips/accept: the passenger accepts one driver's offer. */
export const zAcceptOfferRequest = z.object({
  trip_id: zId('Viaje no válido.'),
  driver_id: zId('Conductor no válido.'),
});

/** POST /driver/trips/accept: the driver answers a request with an offer (the passenger's price unless `price`). */
export const zSendOfferRequest = z.object({
  trip_request_id: zId('Solicitud no válida.'),
  price: zSoles.optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});

export const zRejectRequest = z.object({
  trip_request_id: zId('Solicitud no válida.'),
  reason: zText().max(200).optional(),
});

/** PUT /driver/trips/{id}/status: one stage forward (or the driver's cancellation). */
export const zTripStageRequest = z.object({
  status: z.enum(['en_route', 'arrived', 'in_progress', 'cancelled_by_driver'], { error: 'Estado no válido.' }),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  reason: zText().max(200).optional(),
  /** Safety: the passenger's 4-digit code, required to move to in_progress. */
  start_code: z
    .string({ error: 'Ingresa el código de 4 dígitos del pasajero.' })
    .refine(isStartCodeShape, 'El código tiene 4 dígitos.')
    .optional(),
});
/** The statuses a driver may send to PUT /driver/trips/{id}/status (the completion has its own call). */
export type DriverStageStatus = z.infer<typeof zTripStageRequest>['status'];

/** POST /driver/trips/complete */
export const zCompleteTripRequest = z.object({
  trip_id: zId('Viaje no válido.'),
  final_latitude: latitude,
  final_longitude: longitude,
  /**
   * Kept for spec compatibility and ignored: what is charged is the agreed price plus the adjustments the
   * passenger accepted (POST /driver/trips/{id}/fare-adjustments), never a number typed at the end.
   */
  actual_fare: zSoles.optional(),
  notes: zText({ multiline: true }).max(500).nullish(),
});

// ------------------------------------------------------------------------------ fare adjustments

/** POST /driver/trips/{id}/fare-adjustments: the assigned driver asks to add `amount` soles to the agreed price. */
export const zProposeFareAdjustmentRequest = z.object({
  amount: zSoles.max(FARE_ADJUSTMENT_MAX, `El ajuste no puede pasar de ${solesText(FARE_ADJUSTMENT_MAX)}.`),
  reason: z.enum(FARE_ADJUSTMENT_REASONS, { error: 'Elige el motivo del ajuste.' }),
  note: zText().max(200).optional(),
});
export type ProposeFareAdjustmentRequest = z.infer<typeof zProposeFareAdjustmentRequest>;

/** PUT /trips/{id}/fare-adjustment: the passenger answers the one pending adjustment. */
export const zAnswerFareAdjustmentRequest = z.object({ accept: z.boolean({ error: 'Indica si aceptas el ajuste.' }) });

/** POST /trips/{id}/raise-price: the passenger raises the price of a trip still waiting for offers and republishes it. */
export const zRaisePriceRequest = z.object({ offer_price: zSoles });

/** What the passenger receives on trip_offers/{tripId} and from GET /trips/{id}/driver-offers. */
export const zDriverOffer = z.object({
  offer_id: z.number(),
  trip_id: z.number(),
  driver_id: z.number(),
  price: z.number(),
  /** `phone_verified`: the driver confirmed their mobile by SMS code ('Celular verificado'). */
  driver: z.object({
    name: z.string(),
    rating: z.number().nullable(),
    vehicle: z.string(),
    phone_verified: z.boolean(),
  }),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  created_at: z.string(),
});
export type DriverOffer = z.infer<typeof zDriverOffer>;

/** A pending request as a driver sees it (spec §3 'Driver-side trip request'). */
export const zDriverTripRequest = z.object({
  id: z.number(),
  passenger_name: z.string(),
  passenger_rating: z.number().nullable(),
  /** The passenger confirmed their mobile by SMS code ('Celular verificado'). */
  passenger_phone_verified: z.boolean(),
  service_type: z.string(),
  service_type_id: z.number(),
  ...listedTripPlaces,
  estimated_fare: z.number(),
  offer_price: z.number().nullable(),
  estimated_distance: z.number(),
  estimated_duration: z.number(),
  distance_to_pickup_km: z.number(),
  passenger_notes: z.string().nullable(),
  my_offer_price: z.number().nullable(),
  created_at: z.string(),
  /** The route's usual price, computed once when the trip was requested (null for trips from before it existed). */
  fare_hint: zFareHint.nullable(),
  /** A booking published as a live request (30 minutes before its time): its pickup time. */
  scheduled_for: z.string().nullish(),
  /** How the passenger pays (cash for trips from before) and, for cash, the note (null: exact). */
  payment_method: zPaymentMethod.optional(),
  cash_note: z.number().int().nullish(),
});
export type DriverTripRequest = z.infer<typeof zDriverTripRequest>;

/** Chat message (spec §3): sender user id, role, text, ISO time. Validated against the token on the broker. */
export const CHAT_MESSAGE_MAX = 1000;
/** The sender's own id for a chat message (the web app sets 32 random hex digits). */
export const CHAT_MESSAGE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const zChatMessage = z.object({
  /**
   * Chosen by the sender so a message delivered twice (an MQTT QoS 1 resend after a lost PUBACK) is
   * stored and shown once. Optional: messages without one are taken as they come.
   */
  id: z.string().regex(CHAT_MESSAGE_ID_PATTERN).optional(),
  sender: zId(),
  role: z.enum(['passenger', 'driver']),
  message: zText({ multiline: true }).min(1).max(CHAT_MESSAGE_MAX),
  timestamp: zText().max(40),
});
export type ChatMessage = z.infer<typeof zChatMessage>;

/**
 * One page of a conversation's history holds at most this many messages (and this many by default): a
 * flooded conversation still answers its newest messages in one small read, older ones page by page.
 */
export const CHAT_PAGE_MAX = 200;
const CHAT_CURSOR_MESSAGE = 'El cursor de la conversación no es válido.';
const CHAT_LIMIT_MESSAGE = `El límite debe ser un número entero entre 1 y ${CHAT_PAGE_MAX}.`;

/**
 * `?before=&limit=` of a chat history page. `before` is the `next_before` of the page read last (a stored
 * message's id): the answer holds the messages stored before that one. Without it, the newest page.
 */
export const zChatPageQuery = z.object({
  before: z.coerce
    .number({ error: CHAT_CURSOR_MESSAGE })
    .int(CHAT_CURSOR_MESSAGE)
    .positive(CHAT_CURSOR_MESSAGE)
    .max(ID_MAX, CHAT_CURSOR_MESSAGE)
    .optional(),
  limit: z.coerce
    .number({ error: CHAT_LIMIT_MESSAGE })
    .int(CHAT_LIMIT_MESSAGE)
    .min(1, CHAT_LIMIT_MESSAGE)
    .max(CHAT_PAGE_MAX, CHAT_LIMIT_MESSAGE)
    .optional(),
});
export type ChatPageQuery = z.infer<typeof zChatPageQuery>;

/** The trip and the driver of one conversation (a passenger talks with each driver who offered). */
export const zChatParams = z.object({ id: zIdParam.shape.id, driverId: zIdParam.shape.id });

/**
 * A page of a conversation: its messages oldest to newest, and the cursor of the page before it (null when
 * nothing older is stored). Pass `next_before` back as `?before=` to read that page.
 */
export const zChatPage = z.object({
  messages: z.array(zChatMessage),
  next_before: z.number().int().positive().nullable(),
});
export type ChatPage = z.infer<typeof zChatPage>;

const zPoint = z.object({ lat: latitude, lng: longitude, address: zText().max(300) });
/** Trip publication message on jala/trip_requests (spec §3). The server re-reads the trip; the payload only names it. */
export const zTripPublication = z.object({
  trip_id: zId(),
  trip_code: zText().max(40),
  passenger_id: zId(),
  passenger_name: zText().max(120),
  pickup: zPoint,
  destination: zPoint,
  service_type_id: z.number(),
  estimated_fare: z.number(),
  distance_km: z.number(),
  duration_minutes: z.number(),
  created_at: z.string(),
});
export type TripPublication = z.infer<typeof zTripPublication>;

/** Driver position on driver_location/{tripId}, published by the assigned driver only. */
export const zDriverLocation = z.object({
  latitude,
  longitude,
  heading: z.number().min(0).max(360).nullish(),
  timestamp: zText().max(40),
});
export type DriverLocation = z.infer<typeof zDriverLocation>;

/** trip_status/{tripId}: published by the server on every change. */
export const zTripStatusMessage = z.object({
  trip_id: z.number(),
  status: zTripStatus,
  driver_id: z.number().nullable(),
  timestamp: z.string(),
  /** Why the trip was cancelled ('passenger_request', the passenger's words, 'expired'), on cancellations. */
  reason: z.string().nullish(),
  /** A fare adjustment proposed or answered (the status is unchanged): both sides refetch the trip. */
  fare_adjustment: zFareAdjustment.nullish(),
  /** On completion far from the destination: metres from where the driver ended it (the server's measure). */
  ended_far_from_destination_m: z.number().int().nullish(),
  /** A Yape/Plin payment moved after the ride (the status is 'completed'): both sides refetch. Never the number. */
  payment_status: zWalletPaymentStatus.nullish(),
});
export type TripStatusMessage = z.infer<typeof zTripStatusMessage>;

/** Messages on a driver's own request feed (jala/trip_requests/driver/{id}). */
export const zDriverFeedMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('trip_request'), request: zDriverTripRequest }),
  z.object({ type: z.literal('trip_request_closed'), trip_id: z.number() }),
  z.object({ type: z.literal('offer_declined'), trip_id: z.number() }),
]);
export type DriverFeedMessage = z.infer<typeof zDriverFeedMessage>;
