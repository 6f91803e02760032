import '../trip-request.css';

import { TripMap } from '@/features/map';

import { useRoutePreview } from '../hooks/use-route-preview';
import { useWizardHistory } from '../hooks/use-wizard-history';
import { useTripRequest, useTripRequestStore } from '../model/trip-request-context';
import { TripRequestSheet } from './trip-request-sheet';

const BANNERS = {
  origin: 'Toca en el mapa para elegir origen',
  destination: 'Toca en el mapa para elegir destino',
} as const;

/** Full-screen map with the request form; confirming the form creates the trip and opens the active trip. */
export function TripRequestScreen() {
  const origin = useTripRequest((s) => s.origin);
  const destination = useTripRequest((s) => s.destination);
  const serviceTypeId = useTripRequest((s) => s.serviceTypeId);
  const activeSelection = useTripRequest((s) => s.activeSelection);
  const pickOnMap = useTripRequest((s) => s.pickOnMap);
  const setMapStatus = useTripRequest((s) => s.setMapStatus);
  const route = useRoutePreview(origin, destination, serviceTypeId);
  useWizardHistory(useTripRequestStore());

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
      <TripRequestSheet route={route} />
    </div>
  );
}
