import '../passenger-trip.css';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AppLayout } from '../../../components/layout/app-layout';
import { FullScreenLoader } from '../../../components/ui/full-screen-loader';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/stores/session-store';
import { cancelTrip, TRIP_FALLBACKS, tripKeys } from '../api/passenger-trip-api';
import { useFollowedTrip } from '../hooks/use-followed-trip';
import { readActiveTripLocationState } from '../model/active-trip-location-state';
import { TripEndState } from './trip-end-state';
import { TripFollowView } from './trip-follow-view';

/**
 * The passenger's active trip (spec §2): 'Buscando viaje activo…' until the lookup ends, the request page
 * when there is none; otherwise status, addresses, fare and driver, the publisher and live offers while
 * pending, the driver live on the map once accepted, and a clear end state when it completes or is cancelled.
 */
export function ActiveTripScreen() {
  const user = useSession((s) => s.user);
  const userId = user?.id ?? 0;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [handover] = useState(() => readActiveTripLocationState(location.state));
  const followed = useFollowedTrip(userId);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const { trip, ended, hasNoTrip, refetch, end } = followed;

  useEffect(() => {
    if (hasNoTrip) void navigate('/passenger/trip-request', { replace: true });
  }, [hasNoTrip, navigate]);

  if (followed.isPending || hasNoTrip) return <FullScreenLoader message="Buscando viaje activo…" />;

  const onCancel = async (): Promise<void> => {
    if (!trip) return;
    setCancelling(true);
    setCancelError(null);
    try {
      await cancelTrip(trip.id);
      queryClient.removeQueries({ queryKey: tripKeys.offers(trip.id) });
      end('cancelled_by_passenger');
    } catch (error) {
      setCancelError(errorMessage(error, TRIP_FALLBACKS.cancel));
      void refetch();
    } finally {
      setCancelling(false);
    }
  };

  let content;
  if (followed.error || !trip) {
    content = (
      <section className="card ptr-load-error" role="alert">
        <p>{errorMessage(followed.error, TRIP_FALLBACKS.active)}</p>
        <button type="button" className="btn btn--primary" onClick={() => void refetch()}>
          Reintentar
        </button>
      </section>
    );
  } else if (ended) {
    content = <TripEndState trip={trip} status={ended.status} />;
  } else {
    content = (
      <TripFollowView
        trip={trip}
        userId={user?.id ?? null}
        handover={handover}
        refetchTrip={refetch}
        onCancel={() => void onCancel()}
        cancelling={cancelling}
        cancelError={cancelError}
      />
    );
  }

  return (
    <AppLayout title={ended ? 'Tu viaje' : 'Viaje activo'} back={{ to: '/dashboard' }} nav="passenger" hasActiveTrip={!ended}>
      <div className="ptr-screen">{content}</div>
    </AppLayout>
  );
}
