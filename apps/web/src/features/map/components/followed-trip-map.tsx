import type { TripMapProps } from '../model/types';
import { TripMap } from './trip-map';

/**
 * A trip followed live (the driver's active trip, the passenger's tracker, the shared link): 'Punto de
 * recojo', 'Destino', the route and the car, framed on the markers as the car moves. `driverTitle` names
 * the car's marker for whoever looks ('Tu vehículo', 'Tu conductor', 'El auto').
 */
export function FollowedTripMap({
  driverTitle,
  ...props
}: Pick<TripMapProps, 'label' | 'origin' | 'destination' | 'routePolyline' | 'driverPosition' | 'initialCenter'> & {
  driverTitle: string;
}) {
  return (
    <TripMap
      {...props}
      markerTitles={{ origin: 'Punto de recojo', destination: 'Destino', driver: driverTitle }}
      fitTo="markers"
    />
  );
}
