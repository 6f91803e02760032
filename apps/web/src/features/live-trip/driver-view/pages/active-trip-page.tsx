import '../driver-trips.css';

import { distanceToDestinationMeters, farFromDestinationMeters, toValidCoordinates } from '@jala/domain';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { DRIVER_TRIP_ERRORS } from '@/features/live-trip/driver-view/model/driver-trip-errors';
import { TripChatPanel } from '@/features/live-trip/shared/chat/trip-chat-panel';
import { CancelTripControl } from '@/features/live-trip/shared/components/cancel-trip-control';
import { ShareTripButton, SosButton } from '@/features/safety';
import { errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';
import { useScreenWakeLock } from '@/lib/use-screen-wake-lock';

import { DriverTripMap } from '../components/driver-trip-map';
import { Notice } from '../components/notice';
import { TripDetailsCard } from '../components/trip-details-card';
import { TripFinished } from '../components/trip-finished';
import { TripNavigation } from '../components/trip-navigation';
import { useActiveTrip } from '../hooks/use-active-trip';
import { useLocationPublisher } from '../hooks/use-location-publisher';
import { useWatchedPosition } from '../hooks/use-watched-position';
import { tripMapPoints } from '../model/trip-points';

/**
 * The driver's active trip (spec §2, §4): map with 'Punto de recojo', 'Destino', the route and the driver;
 * passenger, destination and fare; the stage buttons up to 'Finalizar viaje'. While assigned, the
 * driver's position is published for the passenger's map.
 */
export function DriverActiveTripPage() {
  const driverId = useSession((s) => s.user?.id ?? 0);
  const { position } = useWatchedPosition();
  const state = useActiveTrip(driverId, position);
  const { trip, finished, banner } = state;
  useLocationPublisher(trip && !finished ? trip.id : null, position);
  // The screen stays on for the whole trip and is let go once it has ended.
  useScreenWakeLock(Boolean(trip) && !finished);

  // The outcome ('¡Viaje completado con éxito!', 'Viaje cancelado') is shown at the top: bring it into view.
  const outcome = finished?.outcome;
  useEffect(() => {
    if (outcome) window.scrollTo({ top: 0, left: 0 });
  }, [outcome]);

  const layout = (content: ReactNode) => (
    <AppLayout title="Viaje activo" back={{ to: '/driver/trip-request' }} nav="driver">
      {banner && <Notice message={banner.text} tone={banner.tone} onDismiss={state.dismissBanner} />}
      {content}
    </AppLayout>
  );

  if (finished) return layout(<TripFinished finished={finished} />);
  if (state.isLoading) {
    return layout(
      <p className="dt-status" role="status">
        <span className="spinner" aria-hidden="true" /> Cargando viaje...
      </p>,
    );
  }
  if (!trip) {
    if (state.loadError) {
      return layout(
        <div className="alert alert--error dt-error" role="alert">
          <span className="dt-error__cross" aria-hidden="true">
            ✕
          </span>
          <div className="dt-error__body">
            <p>{errorMessage(state.loadError, DRIVER_TRIP_ERRORS.currentTrip)}</p>
            <Button variant="ghost" onClick={state.reload}>
              Reintentar
            </Button>
          </div>
        </div>,
      );
    }
    return <Navigate to="/driver/trip-request" replace />;
  }

  const points = tripMapPoints(trip);
  const destination = toValidCoordinates(trip.destination_latitude, trip.destination_longitude);
  // The phone's own reading, to ask before ending far away; the server measures again from the sent position.
  const farMeters =
    position && destination ? farFromDestinationMeters(distanceToDestinationMeters(position, destination)) : null;
  return layout(
    <>
      {points && (
        <DriverTripMap
          points={points}
          routePolyline={trip.route_polyline}
          serviceTypeId={trip.service_type_id}
          driverPosition={position}
        />
      )}
      <TripNavigation
        trip={trip}
        hasPosition={position !== null}
        busy={state.busy}
        onAdvance={state.advance}
        onComplete={state.complete}
        onFareChanged={state.refetch}
        error={state.actionError}
        farFromDestinationMeters={farMeters}
      />
      <TripChatPanel
        tripId={trip.id}
        driverId={driverId}
        role="driver"
        userId={driverId}
        peerName={trip.passenger_name}
      />
      <TripDetailsCard trip={trip} />
      <ShareTripButton />
      <SosButton />
      <CancelTripControl
        side="driver"
        status={trip.trip_status}
        isCancelling={state.busy === 'cancel'}
        disabled={state.busy !== null}
        onConfirm={state.cancel}
        error={state.actionError?.action === 'cancel' ? state.actionError.text : null}
      />
    </>,
  );
}
