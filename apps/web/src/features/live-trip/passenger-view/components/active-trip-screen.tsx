import '../passenger-trip.css';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { liveTripKeys } from '@/features/live-trip/api/live-trip-api';
import { LIVE_TRIP_FALLBACKS } from '@/features/live-trip/api/passenger-trip-api';
import { cancelTrip, TRIP_FALLBACKS } from '@/features/trip-request';
import { errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';
import { useScreenWakeLock } from '@/lib/use-screen-wake-lock';

import { useFollowedTrip } from '../hooks/use-followed-trip';
import { TripEndState } from './trip-end-state';
import { TripFollowView } from './trip-follow-view';

/**
 * The passenger's active trip (spec §2): 'Buscando viaje activo…' until the lookup ends, the request page
 * when there is none; otherwise status, addresses, fare and driver, its publication and live offers while
 * pending, the driver live on the map once accepted, and a clear end state when it completes or is cancelled.
 */
export function ActiveTripScreen() {
  const user = useSession((s) => s.user);
  const userId = user?.id ?? 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const followed = useFollowedTrip(userId);
  const { trip, ended, hasNoTrip, refetch, end } = followed;
  // The screen stays on while the trip lives (waiting for offers included) and is let go once it has ended.
  useScreenWakeLock(Boolean(trip) && !ended);
  const cancellation = useMutation({
    mutationFn: ({ tripId, reason }: { tripId: number; reason: string | undefined }) => cancelTrip(tripId, reason),
    onSuccess: (_result, { tripId }) => {
      queryClient.removeQueries({ queryKey: liveTripKeys.offers(tripId) });
      end('cancelled_by_passenger');
    },
    onError: () => void refetch(),
  });

  useEffect(() => {
    if (hasNoTrip) void navigate('/passenger/trip-request', { replace: true });
  }, [hasNoTrip, navigate]);

  if (followed.isPending || hasNoTrip) return <FullScreenLoader message="Buscando viaje activo…" />;

  let content;
  if (followed.error || !trip) {
    content = (
      <section className="card ptr-load-error" role="alert">
        <p>{errorMessage(followed.error, LIVE_TRIP_FALLBACKS.active)}</p>
        <Button variant="primary" onClick={() => void refetch()}>
          Reintentar
        </Button>
      </section>
    );
  } else if (ended) {
    content = <TripEndState trip={trip} status={ended.status} />;
  } else {
    content = (
      <TripFollowView
        trip={trip}
        userId={user?.id ?? null}
        refetchTrip={refetch}
        onCancel={(reason) => cancellation.mutate({ tripId: trip.id, reason })}
        cancelling={cancellation.isPending}
        cancelError={cancellation.isError ? errorMessage(cancellation.error, TRIP_FALLBACKS.cancel) : null}
      />
    );
  }

  return (
    <AppLayout
      title={ended ? 'Tu viaje' : 'Viaje activo'}
      back={{ to: '/dashboard' }}
      nav="passenger"
      hasActiveTrip={!ended}
    >
      <div className="ptr-screen stack stack--loose">
        {followed.notice && !ended && (
          <div className="alert alert--info ptr-notice" role="status">
            <p>{followed.notice}</p>
            <Button variant="ghost" onClick={followed.dismissNotice}>
              Entendido
            </Button>
          </div>
        )}
        {content}
      </div>
    </AppLayout>
  );
}
