import '../trip-request.css';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userDisplayName, useSession } from '../../../lib/session-store';
import { TripMap } from '../../map';
import { currentTripKeys } from '../../../lib/current-trip';
import { publishTripRequest } from '../api/publish-trip';
import { TRIP_FALLBACKS, type CreatedTrip } from '../api/trip-api';
import type { ActiveTripLocationState } from '../model/active-trip-location-state';
import { useRoutePreview } from '../hooks/use-route-preview';
import { useTripRequest, useTripRequestStore } from '../model/trip-request-context';
import { useWizardHistory } from '../hooks/use-wizard-history';
import { TripRequestSheet } from './trip-request-sheet';
import { bookingKeys, useBookingChoice, type BookedState } from '../../bookings';

const BANNERS = {
  origin: 'Toca en el mapa para elegir origen',
  destination: 'Toca en el mapa para elegir destino',
} as const;

/**
 * Full-screen map with the request form. On confirm: POST /trips, publish it to nearby drivers
 * (MQTT, HTTP as fallback) and go to the active trip, which carries on from there.
 */
export function TripRequestScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const origin = useTripRequest((s) => s.origin);
  const destination = useTripRequest((s) => s.destination);
  const serviceTypeId = useTripRequest((s) => s.serviceTypeId);
  const activeSelection = useTripRequest((s) => s.activeSelection);
  const pickOnMap = useTripRequest((s) => s.pickOnMap);
  const setMapStatus = useTripRequest((s) => s.setMapStatus);
  const route = useRoutePreview(origin, destination, serviceTypeId);
  useWizardHistory(useTripRequestStore());
  // Publication of the just-created trip; either way the passenger goes on to the active trip, which
  // offers 'Publicar viaje' again (with this message) when both channels failed.
  const publication = useMutation({
    mutationFn: publishTripRequest,
    onSettled: (_channel, error) => {
      const publishError = error ? (error instanceof Error ? error.message : TRIP_FALLBACKS.publish) : null;
      const state: ActiveTripLocationState = { publishError, justPublished: publishError === null };
      void navigate('/passenger/active-trip', { state });
    },
  });

  const store = useTripRequestStore();
  const onCreated = (trip: CreatedTrip): void => {
    if (!user || !origin || !destination || serviceTypeId === null) return;
    // A booking (issue 25) is listed to drivers from now and pushed live 30 minutes before by the server:
    // nothing to publish; the passenger finds it in "Próximos viajes".
    if (trip.scheduled_for) {
      store.getState().reset();
      useBookingChoice.getState().reset();
      void queryClient.invalidateQueries({ queryKey: bookingKeys.passenger });
      const booked: BookedState = { bookedFor: trip.scheduled_for, bookedTripId: trip.id };
      void navigate('/passenger/dashboard', { state: booked });
      return;
    }
    // The active-trip page must read the new trip, not a cached "no trip".
    queryClient.removeQueries({ queryKey: currentTripKeys.passenger(user.id) });
    publication.mutate({
      // The created trip has the figures; the places and the service are the wizard's.
      trip: {
        ...trip,
        pickup: { ...origin.coordinates, address: origin.address },
        destination: { ...destination.coordinates, address: destination.address },
        service_type_id: serviceTypeId,
      },
      passenger: { id: user.id, name: userDisplayName(user) },
    });
  };

  return (
    <div className="trq-screen">
      <TripMap
        className="trq-screen__map"
        label="Mapa para elegir origen y destino"
        origin={origin?.coordinates ?? null}
        destination={destination?.coordinates ?? null}
        routePolyline={route.route?.polyline ?? null}
        onTap={(point) => void pickOnMap(point)}
        selectionBanner={activeSelection ? BANNERS[activeSelection] : null}
        markerTitles={{ origin: 'Origen', destination: 'Destino' }}
        onStatusChange={setMapStatus}
      />
      <TripRequestSheet route={route} onCreated={onCreated} confirming={publication.isPending} />
    </div>
  );
}
