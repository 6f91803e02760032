import { useMutation, useQueryClient } from '@tanstack/react-query';

import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { InlineError } from '@/components/ui/form-field';
import { CheckIcon } from '@/components/ui/icons';
import { publishTripHttp, TRIP_FALLBACKS } from '@/features/trip-request';
import { errorMessage } from '@/lib/api/api-client';
import { currentTripKeys } from '@/lib/current-trip';

import type { ActiveTrip } from '../model/active-trip';

export const PUBLISH_NEEDS_TRIP = 'No se puede publicar sin viaje activo o sesión.';

/**
 * The spec's publisher box: 'Publicar viaje' → 'Publicado' with a tick icon ('Publicado ✅', drawn so it does not
 * depend on an emoji font). Creating the trip already publishes it to the drivers around the pickup, so the
 * passenger normally reads 'Publicado'; the button is left for a trip the server has not published (its
 * published_at is still empty), and publishing again is harmless: the server publishes a trip once.
 */
export function PublicationStatus({ trip, userId }: { trip: ActiveTrip; userId: number | null }) {
  const queryClient = useQueryClient();
  const publication = useMutation({
    mutationFn: async () => {
      if (userId === null) throw new Error(PUBLISH_NEEDS_TRIP);
      return publishTripHttp(trip.id);
    },
    onSuccess: () => {
      if (userId !== null) void queryClient.invalidateQueries({ queryKey: currentTripKeys.passenger(userId) });
    },
  });
  const published = Boolean(trip.publishedAt) || publication.isSuccess;
  const failure = publication.error;

  return (
    <CardSection
      id="ptr-publisher-title"
      title="Publicación"
      className="ptr-publisher stack"
      titleClassName="ptr-section-title"
    >
      <p className="ptr-publisher__text">
        Tu viaje se publica para que lo vean los conductores cercanos: cada uno recibe los viajes que están dentro del
        radio de búsqueda que configuró.
      </p>
      <Button
        variant="primary"
        block
        disabled={published || publication.isPending}
        onClick={() => publication.mutate()}
      >
        {published ? (
          <>
            Publicado <CheckIcon />
          </>
        ) : publication.isPending ? (
          'Publicando...'
        ) : (
          'Publicar viaje'
        )}
      </Button>
      <InlineError
        message={
          failure
            ? failure.message === PUBLISH_NEEDS_TRIP
              ? PUBLISH_NEEDS_TRIP
              : errorMessage(failure, TRIP_FALLBACKS.publish)
            : null
        }
      />
    </CardSection>
  );
}
