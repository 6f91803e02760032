import { type Coordinates, haversineKm } from '@jala/domain';

import { FollowedTripMap } from '@/features/map';

import type { ActiveTrip } from '../model/active-trip';

/** Closer than this, the driver is at the pickup point (GPS noise). */
const AT_PICKUP_KM = 0.05;

/** '350 m' below 1 km, else '2.4 km'. */
export function formatDistance(km: number): string {
  return km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1)} km`;
}

/** What the tracker says about the driver's distance, by status. */
export function trackerText(
  status: string,
  driver: Coordinates | null,
  trip: Pick<ActiveTrip, 'pickup' | 'destination'>,
  hasDriver: boolean,
): string | null {
  if (!hasDriver) return null;
  if (status === 'arrived') return 'Tu conductor llegó al punto de recojo.';
  if (!driver) return 'Esperando la ubicación de tu conductor...';
  if (status === 'in_progress') {
    return trip.destination ? `A ${formatDistance(haversineKm(driver, trip.destination))} de tu destino.` : null;
  }
  if (!trip.pickup) return null;
  const km = haversineKm(driver, trip.pickup);
  return km < AT_PICKUP_KM
    ? 'Tu conductor está en el punto de recojo.'
    : `Tu conductor está a ${formatDistance(km)} del punto de recojo.`;
}

/** The trip on the map: pickup, destination, route and, once assigned, the driver moving live. */
export function DriverTracker({ trip, driverPosition }: { trip: ActiveTrip; driverPosition: Coordinates | null }) {
  const text = trackerText(trip.status, driverPosition, trip, trip.driver !== null);
  return (
    <section className="card ptr-tracker" aria-label="Seguimiento del conductor">
      <div className="ptr-tracker__map">
        <FollowedTripMap
          label="Mapa del viaje"
          origin={trip.pickup}
          destination={trip.destination}
          routePolyline={trip.routePolyline}
          driverPosition={driverPosition}
          driverTitle="Tu conductor"
        />
      </div>
      {text && (
        <p className="ptr-tracker__text" role="status" data-testid="driver-distance">
          {text}
        </p>
      )}
    </section>
  );
}
