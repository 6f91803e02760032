import { type Coordinates, decodePolyline, toValidCoordinates } from '@jala/domain';

/** Pickup and destination of a trip whose coordinates may arrive as decimal strings. */
export interface TripPoints {
  pickup: Coordinates;
  destination: Coordinates;
}

interface TripCoordinates {
  pickup_latitude: unknown;
  pickup_longitude: unknown;
  destination_latitude: unknown;
  destination_longitude: unknown;
}

/**
 * Spec §5: driver map coordinates are used only when valid (numbers, not NaN, |lat| ≤ 90, |lng| ≤ 180);
 * when either point is not, the map and the route are skipped (null).
 */
export function tripMapPoints(trip: TripCoordinates): TripPoints | null {
  const pickup = toValidCoordinates(trip.pickup_latitude, trip.pickup_longitude);
  const destination = toValidCoordinates(trip.destination_latitude, trip.destination_longitude);
  return pickup && destination ? { pickup, destination } : null;
}

/** The stored route when it decodes to a drawable line, else null (then the route is asked for). */
export function drawablePolyline(encoded: string | null | undefined): string | null {
  if (!encoded) return null;
  try {
    return decodePolyline(encoded).length >= 2 ? encoded : null;
  } catch {
    return null;
  }
}
