import type { BookingCancellation, DriverBooking, DriverOffer, PassengerBooking, TripCancellation } from '@jala/contracts';
import { apiClient, callApi, callApiConfirmed } from '../../lib/api-client';

/** Scheduled rides (issue 25): the passenger's "Próximos viajes" and the driver's "Programados". */
export const bookingKeys = {
  passenger: ['bookings', 'passenger'] as const,
  driver: ['bookings', 'driver'] as const,
};

export const BOOKING_FALLBACKS = {
  list: 'No se pudieron cargar tus viajes programados.',
  driverList: 'No se pudieron cargar los viajes programados.',
  cancel: 'No se pudo cancelar el viaje programado.',
  offer: 'No se pudo enviar la oferta.',
} as const;

export const fetchPassengerBookings = () => callApi(apiClient.get<PassengerBooking[]>('/trips/scheduled'), BOOKING_FALLBACKS.list);
export const cancelBooking = (id: number) =>
  callApiConfirmed(apiClient.put<TripCancellation>(`/trips/${id}/cancel`, { reason: 'Cancelado desde Próximos viajes' }), BOOKING_FALLBACKS.cancel);
export const fetchDriverBookings = () => callApi(apiClient.get<DriverBooking[]>('/driver/scheduled-trips'), BOOKING_FALLBACKS.driverList);
export const offerOnBooking = (id: number) =>
  callApiConfirmed(apiClient.post<DriverOffer>('/driver/trips/accept', { trip_request_id: id }), BOOKING_FALLBACKS.offer);
export const releaseBooking = (id: number) =>
  callApiConfirmed(apiClient.post<BookingCancellation>(`/driver/scheduled-trips/${id}/cancel`), BOOKING_FALLBACKS.cancel);
