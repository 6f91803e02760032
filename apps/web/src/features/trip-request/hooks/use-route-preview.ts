import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { fetchRoute, geoKeys } from '@/features/map';

import type { LocationSelection } from '../model/trip-request-types';

/** Service type used for the route before the passenger picks one (distance and time do not depend on it much). */
const PREVIEW_SERVICE_TYPE = 2;

/**
 * The driving route between the chosen points (spec §2 'Map view'): computed when both exist, none
 * when either is missing or the route fails. The fare estimate follows the chosen service type.
 */
export function useRoutePreview(
  origin: LocationSelection | null,
  destination: LocationSelection | null,
  serviceTypeId: number | null,
) {
  const serviceType = serviceTypeId ?? PREVIEW_SERVICE_TYPE;
  const enabled = Boolean(origin && destination);
  const query = useQuery({
    queryKey:
      origin && destination
        ? geoKeys.route(origin.coordinates, destination.coordinates, serviceType)
        : ['geo', 'route', 'none'],
    queryFn: ({ signal }) => {
      if (!origin || !destination) throw new Error('route without both points');
      return fetchRoute(origin.coordinates, destination.coordinates, serviceType, signal);
    },
    enabled,
    staleTime: 5 * 60_000,
    // A service type change keeps the line drawn while the new fare loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery && samePoints(previousQuery.queryKey, origin, destination) ? keepPreviousData(previous) : undefined,
  });
  return {
    route: enabled && !query.isError ? (query.data ?? null) : null,
    isLoading: enabled && query.isFetching && !query.data,
    error: enabled && query.isError ? query.error : null,
    /**
     * The service type the shown fare is for; null before the passenger picks one (the preview's fare
     * is no one's price) and while the fare of a newly chosen type loads.
     */
    fareServiceTypeId: serviceTypeId === null || query.isPlaceholderData ? null : serviceType,
    /** No service type chosen yet: the summary asks for one instead of showing a fare. */
    needsServiceType: serviceTypeId === null,
  };
}

function samePoints(
  key: readonly unknown[],
  origin: LocationSelection | null,
  destination: LocationSelection | null,
): boolean {
  if (!origin || !destination) return false;
  return (
    key[2] === origin.coordinates.latitude &&
    key[3] === origin.coordinates.longitude &&
    key[4] === destination.coordinates.latitude &&
    key[5] === destination.coordinates.longitude
  );
}
