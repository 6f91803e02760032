import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DriverOffer } from '@jala/contracts';
import { errorMessage } from '../../../lib/api-client';
import { acceptOffer, TRIP_FALLBACKS, tripKeys } from '../api/passenger-trip-api';
import { useTripOffers } from '../hooks/use-trip-offers';
import type { ActiveTrip } from '../model/active-trip';
import type { ActiveTripLocationState } from '../model/active-trip-location-state';
import { OffersPanel } from './offers-panel';
import { PublisherBox } from './publisher-box';

export interface PendingTripPanelsProps {
  trip: ActiveTrip;
  userId: number | null;
  handover: ActiveTripLocationState | null;
  /** Re-reads the active trip (after an accept, the trip comes back assigned). */
  refetchTrip: () => Promise<unknown>;
}

/** While the trip waits for a driver: the publisher and the live offers with their chats. */
export function PendingTripPanels({ trip, userId, handover, refetchTrip }: PendingTripPanelsProps) {
  const queryClient = useQueryClient();
  const offers = useTripOffers(trip.id, true);
  const [acceptingDriverId, setAcceptingDriverId] = useState<number | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);

  const accept = async (offer: DriverOffer): Promise<void> => {
    setAcceptingDriverId(offer.driver_id);
    setAcceptError(null);
    try {
      await acceptOffer(trip.id, offer.driver_id);
      await refetchTrip();
      queryClient.removeQueries({ queryKey: tripKeys.offers(trip.id) });
    } catch (error) {
      // e.g. 'El conductor acaba de tomar otro viaje. Elige otra oferta.'
      setAcceptError(errorMessage(error, TRIP_FALLBACKS.accept));
      void queryClient.invalidateQueries({ queryKey: tripKeys.offers(trip.id) });
      void refetchTrip();
    } finally {
      setAcceptingDriverId(null);
    }
  };

  return (
    <>
      <PublisherBox trip={trip} alreadyPublished={handover?.justPublished ?? false} initialError={handover?.publishError ?? null} />
      <OffersPanel
        tripId={trip.id}
        userId={userId}
        offers={offers.data ?? []}
        isLoading={offers.isPending}
        loadError={offers.isError && !offers.data ? offers.error : null}
        onAccept={(offer) => void accept(offer)}
        acceptingDriverId={acceptingDriverId}
        acceptError={acceptError}
      />
    </>
  );
}
