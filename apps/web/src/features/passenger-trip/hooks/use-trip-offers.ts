import { useQuery, useQueryClient } from '@tanstack/react-query';
import { topics, zDriverOffer, type DriverOffer } from '@jala/contracts';
import { OFFERS_POLL_MS } from '@jala/domain';
import { fetchDriverOffers, tripKeys } from '../api/passenger-trip-api';
import { mergeOffers } from '../model/offers';
import { useRealtimeTopic } from './use-realtime-topic';

/**
 * Offers on a pending trip: pushed live on trip_offers/{trip} and polled every 5 s (spec §7) so that a
 * reload or a dropped connection loses nothing. One per driver, cheapest first.
 */
export function useTripOffers(tripId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = tripKeys.offers(tripId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchDriverOffers(tripId),
    enabled,
    refetchInterval: enabled ? OFFERS_POLL_MS : false,
    select: (offers: DriverOffer[]) => mergeOffers([], offers),
  });
  useRealtimeTopic(enabled ? topics.tripOffers(tripId) : null, {
    parse: (payload) => {
      const parsed = zDriverOffer.safeParse(payload);
      return parsed.success && parsed.data.trip_id === tripId ? parsed.data : null;
    },
    onMessage: (offer) => queryClient.setQueryData<DriverOffer[]>(key, (old) => mergeOffers(old ?? [], [offer])),
    onLive: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  return query;
}
