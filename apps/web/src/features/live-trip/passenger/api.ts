import type { CreatedTrip, DriverOffer, OfferAcceptance } from '@jala/contracts';
import { apiClient, callApi } from '../../../lib/api-client';
import { fetchTripHistory } from '../../passenger';

/**
 * The passenger's calls on a live trip (marketplace API: /trips…). Failures carry the server's Spanish
 * message, else the fallback of the call (spec §8). Creation, publication and cancellation are the
 * request wizard's (features/trip-request).
 */
export const LIVE_TRIP_FALLBACKS = {
  offers: 'No se pudieron cargar las ofertas',
  accept: 'No se pudo aceptar la oferta',
  active: 'No se pudo cargar tu viaje activo',
  raise: 'No se pudo subir el precio',
} as const;

/** 'Subir precio': a higher price for the pending trip, republished to drivers with a fresh expiry. */
export const raiseTripPrice = ({ tripId, price }: { tripId: number; price: number }) =>
  callApi(apiClient.post<CreatedTrip>(`/trips/${tripId}/raise-price`, { offer_price: price }), LIVE_TRIP_FALLBACKS.raise);

export const fetchDriverOffers = (tripId: number) => callApi(apiClient.get<DriverOffer[]>(`/trips/${tripId}/driver-offers`), LIVE_TRIP_FALLBACKS.offers);

export const acceptOffer = ({ tripId, driverId }: { tripId: number; driverId: number }) =>
  callApi(apiClient.post<OfferAcceptance>('/drivers/trips/accept', { trip_id: tripId, driver_id: driverId }), LIVE_TRIP_FALLBACKS.accept);

/** How a finished trip ended, read from the passenger's history (the active-trip lookup no longer has it). */
export interface EndedTripRecord {
  status: string;
  finalFare: number | null;
  estimatedFare: number;
}

export async function findEndedTrip(tripId: number): Promise<EndedTripRecord | null> {
  const page = await fetchTripHistory('', 1);
  const trip = page.trips.find((t) => t.id === tripId);
  return trip ? { status: trip.status, finalFare: trip.final_fare, estimatedFare: trip.estimated_fare } : null;
}
