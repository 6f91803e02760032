/**
 * Scheduled rides: the booking time on a trip request, the passenger's "Próximos viajes", the
 * driver's "Programados" and the reminders pushed on notifications/{user}. Rules: packages/domain/src/trip/booking.ts.
 */
import { z } from 'zod';

import { listedTripPlaces } from '../core/shapes';
import { zPaymentMethod } from './payment';

/** An ISO instant in an answer. */
const zInstantString = z.string();

/** A booking's pickup time as sent by the web: an ISO instant (the server checks window and step against its clock). */
export const zScheduledFor = z.iso.datetime({ offset: true, error: 'La fecha y hora del viaje no son válidas.' });

export const BOOKING_STATES = ['searching', 'confirmed'] as const;

/** GET /trips/scheduled: one of the passenger's upcoming bookings (not yet their active trip). */
export const zPassengerBooking = z.object({
  id: z.number().int(),
  trip_code: z.string(),
  scheduled_for: zInstantString,
  pickup_address: z.string(),
  destination_address: z.string(),
  service_type_id: z.number().int(),
  /** The passenger's price, else the estimate; the agreed price once a driver is confirmed. */
  fare: z.number(),
  distance_km: z.number(),
  duration_minutes: z.number().int(),
  /** 'searching' (buscando conductor) or 'confirmed' (conductor confirmado). */
  state: z.enum(BOOKING_STATES),
  /** Live offers waiting for the passenger's choice. */
  offers_count: z.number().int(),
  driver: z.object({ id: z.number().int(), name: z.string(), vehicle: z.string().nullable() }).nullable(),
  /** Cancelling now would count against the passenger (less than 60 minutes before). */
  late_cancel: z.boolean(),
});
export type PassengerBooking = z.infer<typeof zPassengerBooking>;

/**
 * GET /driver/scheduled-trips: a booking near the driver's usual area, one they confirmed, or — for
 * BOOKING_CANCELLED_CARD_HOURS after it happened — one confirmed with them that its passenger cancelled.
 */
export const zDriverBooking = z.object({
  id: z.number().int(),
  scheduled_for: zInstantString,
  passenger_name: z.string(),
  service_type_id: z.number().int(),
  /** 'Auto' or 'Mototaxi', as on a live request. */
  service_type: z.string(),
  /** How the passenger pays (cash with the note they will pay with, Yape or Plin), as on a live request. */
  payment_method: zPaymentMethod,
  cash_note: z.number().int().nullable(),
  ...listedTripPlaces,
  /** The passenger's price, else the estimate (the agreed price once confirmed). */
  fare: z.number(),
  distance_km: z.number(),
  duration_minutes: z.number().int(),
  /** From the driver's last stored position to the pickup. */
  distance_to_pickup_km: z.number(),
  my_offer_price: z.number().nullable(),
  /** This driver is the confirmed driver of the booking. */
  confirmed: z.boolean(),
  /** When its passenger cancelled it (a booking confirmed with this driver); null while it stands. */
  passenger_cancelled_at: zInstantString.nullable(),
});
export type DriverBooking = z.infer<typeof zDriverBooking>;

/** PUT /trips/{id}/cancel and POST /driver/scheduled-trips/{id}/cancel on a booking: whether it counted against the caller. */
export const zBookingCancellation = z.object({ id: z.number().int(), status: z.string(), late: z.boolean() });
export type BookingCancellation = z.infer<typeof zBookingCancellation>;

/** notifications/{user}: a reminder of a booking, 60 and 15 minutes before (the app shows a banner). */
export const zBookingReminder = z.object({
  type: z.literal('booking_reminder'),
  trip_id: z.number().int(),
  scheduled_for: zInstantString,
  minutes_before: z.number().int(),
  role: z.enum(['passenger', 'driver']),
});
export type BookingReminder = z.infer<typeof zBookingReminder>;

/**
 * notifications/{user}: a booking became the active trip of both parties (20 minutes before). Every
 * signed-in app follows its own notifications topic, so an open phone goes to the trip without navigating.
 */
export const zBookingActivated = z.object({
  type: z.literal('booking_activated'),
  trip_id: z.number().int(),
  role: z.enum(['passenger', 'driver']),
});
export type BookingActivated = z.infer<typeof zBookingActivated>;

/**
 * notifications/{user}: the system took a confirmed booking from this driver (not on the way 5 minutes
 * after its time); `message` says why, in Spanish.
 */
export const zBookingReleased = z.object({
  type: z.literal('booking_released'),
  trip_id: z.number().int(),
  message: z.string(),
});
export type BookingReleased = z.infer<typeof zBookingReleased>;

/**
 * notifications/{driver}: the passenger cancelled a booking confirmed with this driver. The app says who and
 * for when ('Ana canceló el viaje programado de mañana 05:00', the domain's bookingCancelledByPassengerText,
 * worded when it is shown) wherever it is open; "Programados" keeps the card, cancelled, for a while.
 */
export const zBookingCancelled = z.object({
  type: z.literal('booking_cancelled'),
  trip_id: z.number().int(),
  scheduled_for: zInstantString,
  cancelled_at: zInstantString,
  passenger_first_name: z.string(),
});
export type BookingCancelled = z.infer<typeof zBookingCancelled>;

export const BOOKING_LIST_CHANGES = ['listed', 'unlisted', 'confirmed'] as const;

/**
 * notifications/{driver}: this driver's "Programados" changed, so an open list reads itself again at once
 * (its poll is only the fallback). Sent only to drivers who list the booking by the list's own rules (or the
 * driver just confirmed), never to former counterparts: 'listed' — a booking near them was made, came back
 * (its driver gave it back) or changed price; 'unlisted' — one they could see was taken by another driver,
 * cancelled, ended or started; 'confirmed' — the passenger chose their offer. No content beyond the id:
 * the list itself says what the driver may see.
 */
export const zBookingsChanged = z.object({
  type: z.literal('bookings_changed'),
  trip_id: z.number().int(),
  change: z.enum(BOOKING_LIST_CHANGES),
});
export type BookingsChanged = z.infer<typeof zBookingsChanged>;

/** The news every signed-in app acts on wherever it is (app-wide, not only on booking screens). */
export const zBookingNews = z.discriminatedUnion('type', [zBookingActivated, zBookingReleased, zBookingCancelled]);
export type BookingNews = z.infer<typeof zBookingNews>;

/** What an open "Programados" reads itself again on (notifications/{driver}): any news of the driver's bookings. */
export const zBookingListNews = z.discriminatedUnion('type', [
  zBookingsChanged,
  zBookingCancelled,
  zBookingActivated,
  zBookingReleased,
]);
export type BookingListNews = z.infer<typeof zBookingListNews>;

/** What the server sends about bookings on notifications/{user}. */
export type BookingNotification =
  BookingReminder | BookingActivated | BookingReleased | BookingCancelled | BookingsChanged;
