import { type DriverOffer, topics, zDriverOffer } from '@jala/contracts';
import { OFFERS_POLL_MS } from '@jala/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { liveTripKeys } from '@/features/live-trip/api/live-trip-api';
import { fetchDriverOffers } from '@/features/live-trip/api/passenger-trip-api';
import { useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

import { mergeOffers } from '../model/offers';

/**
 * Offers on a pending trip: pushed live on trip_offers/{trip} and polled every 5 s (spec §7) so that a
 * reload or a dropped connection loses nothing. One per driver, cheapest first.
 */
export function useTripOffers(tripId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = liveTripKeys.offers(tripId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchDriverOffers(tripId),
    enabled,
    refetchInterval: enabled ? OFFERS_POLL_MS : false,
    select: (offers: DriverOffer[]) => mergeOffers([], offers),
  });
  useRealtimeTopic(enabled ? topics.tripOffers(tripId) : null, zDriverOffer, {
    onMessage: (offer) => {
      if (offer.trip_id === tripId)
        queryClient.setQueryData<DriverOffer[]>(key, (old) => mergeOffers(old ?? [], [offer]));
    },
    onLive: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  return query;
}
