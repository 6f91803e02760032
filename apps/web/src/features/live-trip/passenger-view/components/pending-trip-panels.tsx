import type { DriverOffer } from '@jala/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';

import { liveTripKeys } from '@/features/live-trip/api/live-trip-api';
import { acceptOffer, LIVE_TRIP_FALLBACKS } from '@/features/live-trip/api/passenger-trip-api';
import { errorMessage } from '@/lib/api/api-client';

import { useTripOffers } from '../hooks/use-trip-offers';
import type { ActiveTrip } from '../model/active-trip';
import { OffersPanel } from './offers-panel';
import { PublicationStatus } from './publication-status';
import { WaitingForOffers } from './waiting-for-offers';

export interface PendingTripPanelsProps {
  trip: ActiveTrip;
  userId: number | null;
  /** Re-reads the active trip (after an accept, the trip comes back assigned). */
  refetchTrip: () => Promise<unknown>;
}

/** While the trip waits for a driver: its publication and the live offers with their chats. */
export function PendingTripPanels({ trip, userId, refetchTrip }: PendingTripPanelsProps) {
  const queryClient = useQueryClient();
  const offers = useTripOffers(trip.id, true);
  const offersAnchor = useRef<HTMLDivElement>(null);
  const acceptance = useMutation({
    mutationFn: async (offer: DriverOffer) => {
      await acceptOffer({ tripId: trip.id, driverId: offer.driver_id });
      await refetchTrip();
    },
    onSuccess: () => queryClient.removeQueries({ queryKey: liveTripKeys.offers(trip.id) }),
    onError: () => {
      // e.g. 'El conductor acaba de tomar otro viaje. Elige otra oferta.' (shown from the mutation's error)
      void queryClient.invalidateQueries({ queryKey: liveTripKeys.offers(trip.id) });
      void refetchTrip();
    },
  });

  return (
    <>
      <WaitingForOffers trip={trip} offers={offers.data} offersAnchor={offersAnchor} refetchTrip={refetchTrip} />
      <PublicationStatus trip={trip} userId={userId} />
      <div ref={offersAnchor} className="ptr-offers-anchor" />
      <OffersPanel
        tripId={trip.id}
        userId={userId}
        payment={trip.payment}
        offers={offers.data ?? []}
        isLoading={offers.isPending}
        loadError={offers.isError && !offers.data ? offers.error : null}
        onAccept={(offer) => acceptance.mutate(offer)}
        acceptingDriverId={acceptance.isPending ? acceptance.variables.driver_id : null}
        acceptError={acceptance.isError ? errorMessage(acceptance.error, LIVE_TRIP_FALLBACKS.accept) : null}
      />
    </>
  );
}
