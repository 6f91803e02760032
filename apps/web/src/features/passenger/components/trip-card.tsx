import type { TripHistoryItem } from '@jala/contracts';
import { formatSoles } from '@jala/domain';

import { Badge } from '@/components/ui/badge';
import { TripRoute } from '@/components/ui/trip-route';

import { formatOneDecimal, formatTripDate } from '../model/format';
import { TripStatusBadge } from './trip-status-badge';

export function tripFare(trip: TripHistoryItem): number {
  return trip.final_fare ?? trip.estimated_fare;
}

/** What the trip cost: the amount charged for a completed trip; a cancelled or expired one charged nothing. */
export function tripFareText(trip: TripHistoryItem): string {
  return trip.status === 'completed' ? formatSoles(tripFare(trip)) : 'Sin cobro';
}

/** Whether the passenger can still rate this trip's driver. */
export function canRateTrip(trip: TripHistoryItem): boolean {
  return trip.status === 'completed' && trip.driver !== null && trip.my_rating === null;
}

/** One history trip (spec §2 'Trip card'); the whole card is a button that emits the selection. */
export function TripCard({ trip, onSelect }: { trip: TripHistoryItem; onSelect: (trip: TripHistoryItem) => void }) {
  return (
    <button type="button" className="pw-trip-card" onClick={() => onSelect(trip)} data-testid="trip-card">
      <span className="pw-trip-card__top">
        <TripStatusBadge status={trip.status} />
        <time className="pw-trip-card__date" dateTime={trip.trip_date}>
          {formatTripDate(trip.trip_date)}
        </time>
      </span>
      <TripRoute pickup={trip.pickup_address} destination={trip.destination_address} />
      <span className="pw-trip-card__meta">
        <span className="pw-trip-card__service">{trip.service_type}</span>
        <span className={`pw-trip-card__fare${trip.status === 'completed' ? '' : ' pw-trip-card__fare--none'}`}>
          {tripFareText(trip)}
        </span>
      </span>
      {trip.driver && (
        <span className="pw-trip-card__driver">
          {trip.driver.name}
          {trip.driver.rating_average !== null && (
            <span
              className="pw-trip-card__rating"
              aria-label={`Calificación ${formatOneDecimal(trip.driver.rating_average)} de 5`}
            >
              ★ {formatOneDecimal(trip.driver.rating_average)}
            </span>
          )}
        </span>
      )}
      {/* The duration is what the ride really took (the server sends none for a trip that never ran). */}
      {trip.distance_km !== null && (
        <span className="pw-trip-card__distance">
          {trip.duration_minutes === null ? (
            <>Distancia: {formatOneDecimal(trip.distance_km)} km</>
          ) : (
            <>
              Distancia: {formatOneDecimal(trip.distance_km)} km • Duración: {trip.duration_minutes} min
            </>
          )}
        </span>
      )}
      {canRateTrip(trip) && (
        <Badge tone="warning" className="pw-trip-card__cta">
          Califica a tu conductor ›
        </Badge>
      )}
    </button>
  );
}
