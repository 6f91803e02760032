import type { FareAdjustment, TripPayment } from '@jala/contracts';
import { type Coordinates, serviceTypeName, toValidCoordinates } from '@jala/domain';

import type { PassengerTrip } from '@/lib/current-trip';

export interface TripDriver {
  id: number;
  name: string;
  phone: string | null;
  /** The driver confirmed `phone` by SMS code ('Celular verificado'). */
  phoneVerified: boolean;
  vehicle: string | null;
  rating: number | null;
  /** Last known position, when valid. */
  position: Coordinates | null;
  hasPhoto: boolean;
  vehicleDetails: { brand: string; model: string; color: string; licensePlate: string } | null;
}

/** The passenger's active trip with coordinates parsed (spec §3: they arrive as decimal strings). */
export interface ActiveTrip {
  id: number;
  tripCode: string;
  status: string;
  /** A booking's pickup time, else null. */
  scheduledFor: string | null;
  pickupAddress: string;
  pickup: Coordinates | null;
  destinationAddress: string;
  destination: Coordinates | null;
  serviceTypeId: number;
  serviceTypeName: string;
  notes: string | null;
  estimatedFare: number;
  offerPrice: number | null;
  agreedFare: number | null;
  distanceKm: number;
  durationMinutes: number;
  routePolyline: string | null;
  createdAt: string;
  publishedAt: string | null;
  /** When a pending trip stops waiting for offers (ISO). */
  expiresAt: string;
  driver: TripDriver | null;
  /** The driver's requests to change the agreed price (at most one pending). */
  fareAdjustments: FareAdjustment[];
  /** The code to tell the driver to start (safety), until the trip starts. */
  startCode: string | null;
  startCodeLocked: boolean;
  /** How the trip is paid; absent from answers of servers older than payment methods. */
  payment: TripPayment | undefined;
}

export function toActiveTrip(dto: PassengerTrip): ActiveTrip {
  const driver = dto.driver;
  return {
    id: dto.id,
    tripCode: dto.trip_code,
    status: dto.status,
    scheduledFor: dto.scheduled_for ?? null,
    pickupAddress: dto.pickup_address,
    pickup: toValidCoordinates(dto.pickup_latitude, dto.pickup_longitude),
    destinationAddress: dto.destination_address,
    destination: toValidCoordinates(dto.destination_latitude, dto.destination_longitude),
    serviceTypeId: dto.service_type?.id ?? dto.service_type_id,
    serviceTypeName: dto.service_type?.name ?? serviceTypeName(dto.service_type_id) ?? 'Servicio',
    notes: dto.passenger_notes,
    estimatedFare: dto.estimated_fare,
    offerPrice: dto.offer_price,
    agreedFare: dto.agreed_fare,
    distanceKm: dto.distance_km ?? 0,
    durationMinutes: dto.duration_minutes ?? 0,
    routePolyline: dto.route_polyline,
    createdAt: dto.created_at,
    publishedAt: dto.published_at,
    expiresAt: dto.expires_at,
    driver: driver
      ? {
          id: driver.id,
          name: driver.name,
          phone: driver.phone,
          phoneVerified: driver.phone_verified === true,
          vehicle: driver.vehicle,
          rating: driver.rating_average,
          position: toValidCoordinates(driver.location_latitude, driver.location_longitude),
          hasPhoto: driver.has_photo,
          vehicleDetails: driver.vehicle_details
            ? {
                brand: driver.vehicle_details.brand,
                model: driver.vehicle_details.model,
                color: driver.vehicle_details.color,
                licensePlate: driver.vehicle_details.license_plate,
              }
            : null,
        }
      : null,
    fareAdjustments: dto.fare_adjustments ?? [],
    startCode: dto.start_code,
    startCodeLocked: dto.start_code_locked,
    payment: dto.payment,
  };
}

/** The fare the trip will cost as far as the passenger knows: the agreed price, else their offer, else the estimate. */
export function currentFare(trip: Pick<ActiveTrip, 'agreedFare' | 'offerPrice' | 'estimatedFare'>): number {
  return trip.agreedFare ?? trip.offerPrice ?? trip.estimatedFare;
}
