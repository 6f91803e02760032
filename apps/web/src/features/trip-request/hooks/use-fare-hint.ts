import { useQuery } from '@tanstack/react-query';

import { fareHintKeys, fetchFareHint } from '../api/fare-hint-api';
import { useTripRequest } from '../model/trip-request-context';

/**
 * The usual price of the chosen route and service type, once all three are chosen. Asked once
 * per route and type (not per keystroke of the price: the warning compares locally) and kept 5 minutes.
 */
export function useFareHint() {
  const origin = useTripRequest((s) => s.origin);
  const destination = useTripRequest((s) => s.destination);
  const serviceTypeId = useTripRequest((s) => s.serviceTypeId);
  return useQuery({
    queryKey:
      origin && destination && serviceTypeId !== null
        ? fareHintKeys.route(origin.coordinates, destination.coordinates, serviceTypeId)
        : ['fare-hint', 'none'],
    queryFn: ({ signal }) => {
      if (!origin || !destination || serviceTypeId === null) throw new Error('fare hint without a route');
      return fetchFareHint(origin.coordinates, destination.coordinates, serviceTypeId, signal);
    },
    enabled: Boolean(origin && destination && serviceTypeId !== null),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
