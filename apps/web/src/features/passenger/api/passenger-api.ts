import type {
  CreateSavedLocationRequest,
  RateTripRequest,
  TripHistoryPage,
  UpdatePassengerProfileRequest,
} from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import type { HistoryStatusFilterValue } from '@jala/domain';

import { api, callApi } from '@/lib/api/api-client';

/**
 * Calls of the passenger workspace (spec §7 'Passenger'), each with its call-level Spanish fallback
 * (spec §8): the server's message when it sent one, else the fallback.
 */
export const CALL_FALLBACKS = {
  stats: 'Error al cargar las estadísticas del pasajero',
  profile: 'No se pudo obtener el perfil',
  updateProfile: 'No se pudo actualizar el perfil',
  places: 'No se pudieron obtener las ubicaciones guardadas',
  addPlace: 'No se pudo guardar la ubicación',
  deletePlace: 'No se pudo eliminar la ubicación',
  history: 'No se pudo cargar historial',
  ratingStatus: 'No se pudo obtener la calificación',
  rate: 'No se pudo enviar la calificación',
} as const;

const call = callApi;

export const passengerKeys = {
  all: ['passenger'] as const,
  stats: ['passenger', 'stats'] as const,
  profile: ['passenger', 'profile'] as const,
  places: ['passenger', 'saved-locations'] as const,
  histories: ['passenger', 'trip-history'] as const,
  history: (status: HistoryStatusFilterValue, page: number) => ['passenger', 'trip-history', status, page] as const,
  rating: (tripId: number) => ['trip-rating', tripId] as const,
};

export const fetchPassengerStats = () => call(api(endpoints.passengerStats), CALL_FALLBACKS.stats);

export const fetchPassengerProfile = () => call(api(endpoints.passengerProfile), CALL_FALLBACKS.profile);

export const updatePassengerProfile = (profile: UpdatePassengerProfileRequest) =>
  call(api(endpoints.updatePassengerProfile, { body: profile }), CALL_FALLBACKS.updateProfile);

export const fetchSavedLocations = () => call(api(endpoints.savedLocations), CALL_FALLBACKS.places);

export const createSavedLocation = (place: CreateSavedLocationRequest) =>
  call(api(endpoints.saveLocation, { body: place }), CALL_FALLBACKS.addPlace);

export const deleteSavedLocation = (id: number) =>
  call(api(endpoints.deleteSavedLocation, { params: { id } }), CALL_FALLBACKS.deletePlace);

/** Server-side pages; status is left out when empty ('Todos'). */
export function fetchTripHistory(status: HistoryStatusFilterValue, page: number): Promise<TripHistoryPage> {
  return call(
    api(endpoints.passengerTripHistory, { query: { page: String(page), status: status || undefined } }),
    CALL_FALLBACKS.history,
  );
}

export const fetchTripRatingStatus = (tripId: number) =>
  call(api(endpoints.tripRating, { params: { id: tripId } }), CALL_FALLBACKS.ratingStatus);

export const rateTrip = (tripId: number, rating: RateTripRequest) =>
  call(api(endpoints.rateTrip, { params: { id: tripId }, body: rating }), CALL_FALLBACKS.rate);
