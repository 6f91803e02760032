import type {
  CreateSavedLocationRequest, PassengerProfile, PassengerStats, RateTripRequest, SavedLocation, TripHistoryPage,
  TripRating, TripRatingStatus, UpdatePassengerProfileRequest,
} from '@jala/contracts';
import type { HistoryStatusFilterValue } from '@jala/domain';
import { apiClient, callApi } from '../../../lib/api-client';

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

export const fetchPassengerStats = () => call(apiClient.get<PassengerStats>('/passenger/stats'), CALL_FALLBACKS.stats);

export const fetchPassengerProfile = () => call(apiClient.get<PassengerProfile>('/passenger/profile'), CALL_FALLBACKS.profile);

export const updatePassengerProfile = (profile: UpdatePassengerProfileRequest) =>
  call(apiClient.post<PassengerProfile>('/passenger/profile/update', profile), CALL_FALLBACKS.updateProfile);

export const fetchSavedLocations = () => call(apiClient.get<SavedLocation[]>('/passenger/saved-locations'), CALL_FALLBACKS.places);

export const createSavedLocation = (place: CreateSavedLocationRequest) =>
  call(apiClient.post<SavedLocation>('/passenger/saved-locations', place), CALL_FALLBACKS.addPlace);

export const deleteSavedLocation = (id: number) =>
  call(apiClient.delete<{ id: number }>(`/passenger/saved-locations/${id}`), CALL_FALLBACKS.deletePlace);

/** Server-side pages; status is left out when empty ('Todos'). */
export function fetchTripHistory(status: HistoryStatusFilterValue, page: number): Promise<TripHistoryPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  return call(apiClient.get<TripHistoryPage>(`/passenger/trip-history?${query.toString()}`), CALL_FALLBACKS.history);
}

export const fetchTripRatingStatus = (tripId: number) =>
  call(apiClient.get<TripRatingStatus>(`/trips/${tripId}/rating`), CALL_FALLBACKS.ratingStatus);

export const rateTrip = (tripId: number, rating: RateTripRequest) =>
  call(apiClient.post<TripRating>(`/trips/${tripId}/rating`, rating), CALL_FALLBACKS.rate);
