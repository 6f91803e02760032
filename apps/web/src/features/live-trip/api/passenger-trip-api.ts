import * as endpoints from '@jala/contracts/endpoints';

import { fetchTripHistory } from '@/features/passenger';
import { api, callApi } from '@/lib/api/api-client';

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
  callApi(
    api(endpoints.raisePrice, { params: { id: tripId }, body: { offer_price: price } }),
    LIVE_TRIP_FALLBACKS.raise,
  );

export const fetchDriverOffers = (tripId: number) =>
  callApi(api(endpoints.tripOffers, { params: { id: tripId } }), LIVE_TRIP_FALLBACKS.offers);

export const acceptOffer = ({ tripId, driverId }: { tripId: number; driverId: number }) =>
  callApi(api(endpoints.acceptOffer, { body: { trip_id: tripId, driver_id: driverId } }), LIVE_TRIP_FALLBACKS.accept);

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
