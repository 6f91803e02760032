import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckIcon } from '../../../../components/ui/icons';
import { InlineError } from '../../../../components/ui/form-field';
import { userDisplayName, useSession } from '../../../../lib/session-store';
import { currentTripKeys } from '../../../../lib/current-trip';
import { publishTripRequest, TRIP_FALLBACKS } from '../../../trip-request';
import type { ActiveTrip } from '../model/active-trip';
import { CardSection } from '../../../../components/ui/card-section';

export const PUBLISH_NEEDS_TRIP = 'No se puede publicar sin viaje activo o sesión.';

export interface PublisherBoxProps {
  trip: ActiveTrip | null;
  /** Published by the wizard a moment ago (the server's published_at may not be read yet). */
  alreadyPublished: boolean;
  /** A publication error handed over by the wizard. */
  initialError: string | null;
}

/**
 * 'Publicar viaje' → 'Publicado' with a tick icon (spec §2's 'Publicado ✅', without an emoji font): publishes the pending trip to the drivers around the pickup,
 * each within the search radius they configured. Starts published when the trip has published_at.
 */
export function PublisherBox({ trip, alreadyPublished, initialError }: PublisherBoxProps) {
  const user = useSession((s) => s.user);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(initialError);
  const publication = useMutation({
    mutationFn: publishTripRequest,
    onMutate: () => setError(null),
    onSuccess: () => {
      if (user) void queryClient.invalidateQueries({ queryKey: currentTripKeys.passenger(user.id) });
    },
    onError: (failure) => setError(failure instanceof Error ? failure.message : TRIP_FALLBACKS.publish),
  });
  const publishing = publication.isPending;
  const published = Boolean(trip?.publishedAt) || alreadyPublished || publication.isSuccess;

  const publish = (): void => {
    if (!trip || !user || !trip.pickup || !trip.destination) {
      setError(PUBLISH_NEEDS_TRIP);
      return;
    }
    publication.mutate({
      trip: {
        id: trip.id,
        trip_code: trip.tripCode,
        pickup: { ...trip.pickup, address: trip.pickupAddress },
        destination: { ...trip.destination, address: trip.destinationAddress },
        service_type_id: trip.serviceTypeId,
        estimated_fare: trip.estimatedFare,
        distance_km: trip.distanceKm,
        duration_minutes: trip.durationMinutes,
        created_at: trip.createdAt,
      },
      passenger: { id: user.id, name: userDisplayName(user) },
    });
  };

  return (
    <CardSection id="ptr-publisher-title" title="Publicación" className="ptr-publisher stack" titleClassName="ptr-section-title">
      <p className="ptr-publisher__text">
        Tu viaje se publica para que lo vean los conductores cercanos: cada uno recibe los viajes que están dentro del radio de búsqueda que configuró.
      </p>
      <button type="button" className="btn btn--primary btn--block" onClick={publish} disabled={published || publishing}>
        {published ? (
          <>
            Publicado <CheckIcon />
          </>
        ) : publishing ? 'Publicando...' : 'Publicar viaje'}
      </button>
      <InlineError message={error} />
    </CardSection>
  );
}
