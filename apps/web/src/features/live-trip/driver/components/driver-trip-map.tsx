import type { Coordinates } from '@jala/domain';
import { TripMap } from '../../../map';
import { useDriverRoute } from '../hooks/use-driver-route';
import type { TripPoints } from '../trip-points';

export const DRIVER_MARKER_TITLES = { origin: 'Punto de recojo', destination: 'Destino', driver: 'Tu vehículo' } as const;

export interface DriverTripMapProps {
  /** Valid pickup and destination (the page skips the map when they are not). */
  points: TripPoints;
  routePolyline: string | null;
  serviceTypeId: number;
  driverPosition: Coordinates | null;
}

/** The active trip's map: 'Punto de recojo' and 'Destino' markers, the driving route and the driver's own position. */
export function DriverTripMap({ points, routePolyline, serviceTypeId, driverPosition }: DriverTripMapProps) {
  const route = useDriverRoute(points, routePolyline, serviceTypeId);
  return (
    <div className="dt-map">
      <TripMap
        origin={points.pickup}
        destination={points.destination}
        routePolyline={route}
        driverPosition={driverPosition}
        markerTitles={DRIVER_MARKER_TITLES}
        fitTo="markers"
        initialCenter={points.pickup}
        label="Mapa del viaje"
      />
    </div>
  );
}
