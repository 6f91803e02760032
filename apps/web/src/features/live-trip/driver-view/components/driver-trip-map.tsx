import type { Coordinates } from '@jala/domain';

import { FollowedTripMap } from '@/features/map';

import { useDriverRoute } from '../hooks/use-driver-route';
import type { TripPoints } from '../model/trip-points';

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
      <FollowedTripMap
        label="Mapa del viaje"
        origin={points.pickup}
        destination={points.destination}
        routePolyline={route}
        driverPosition={driverPosition}
        driverTitle="Tu vehículo"
        initialCenter={points.pickup}
      />
    </div>
  );
}
