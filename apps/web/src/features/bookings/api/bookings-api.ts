import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi, callApiConfirmed } from '@/lib/api/api-client';

/** Scheduled rides: the passenger's "Próximos viajes" and the driver's "Programados". */
export const bookingKeys = {
  passenger: ['bookings', 'passenger'] as const,
  driver: ['bookings', 'driver'] as const,
};

/**
 * Both bookings lists are live over MQTT (news on notifications/{driver}, and the booking's own trip_offers
 * and trip_status for the passenger), and read again on every (re)subscription: the poll only covers a lost
 * message, so it can be slow.
 */
export const BOOKINGS_FALLBACK_POLL_MS = 180_000;

export const BOOKING_FALLBACKS = {
  list: 'No se pudieron cargar tus viajes programados.',
  driverList: 'No se pudieron cargar los viajes programados.',
  cancel: 'No se pudo cancelar el viaje programado.',
  offer: 'No se pudo enviar la oferta.',
  offers: 'No se pudieron cargar las ofertas.',
  accept: 'No se pudo aceptar la oferta.',
} as const;

export const fetchPassengerBookings = () => callApi(api(endpoints.scheduledTrips), BOOKING_FALLBACKS.list);
export const cancelBooking = (id: number) =>
  callApiConfirmed(
    api(endpoints.cancelTrip, { params: { id }, body: { reason: 'Cancelado desde Próximos viajes' } }),
    BOOKING_FALLBACKS.cancel,
  );
/** Offers on a booking: the same endpoints as on a live trip. */
export const fetchBookingOffers = (id: number) =>
  callApi(api(endpoints.tripOffers, { params: { id } }), BOOKING_FALLBACKS.offers);
export const acceptBookingOffer = (tripId: number, driverId: number) =>
  callApiConfirmed(
    api(endpoints.acceptOffer, { body: { trip_id: tripId, driver_id: driverId } }),
    BOOKING_FALLBACKS.accept,
  );
export const fetchDriverBookings = () => callApi(api(endpoints.driverBookings), BOOKING_FALLBACKS.driverList);
/** An offer on a booking: at the passenger's price, or `price` ('Proponer otro precio', as on a live request). */
export const offerOnBooking = (id: number, price?: number) =>
  callApiConfirmed(
    api(endpoints.sendOffer, { body: { trip_request_id: id, ...(price === undefined ? {} : { price }) } }),
    BOOKING_FALLBACKS.offer,
  );
export const releaseBooking = (id: number) =>
  callApiConfirmed(api(endpoints.releaseBooking, { params: { id } }), BOOKING_FALLBACKS.cancel);
