import { formatSoles, scheduledLabel, tripStatusLabel } from '@jala/domain';

import { type ActiveTrip, currentFare } from '../model/active-trip';
import { RatingText } from './rating-text';

/** Status, addresses, fare 'S/ x.xx' and, once assigned, the driver's name and rating (spec §2). */
export function TripOverviewCard({ trip }: { trip: ActiveTrip }) {
  const fare = currentFare(trip);
  const fareLabel =
    trip.agreedFare !== null ? 'Tarifa acordada' : trip.offerPrice !== null ? 'Tu oferta' : 'Tarifa estimada';
  return (
    <section className="card stack" aria-label="Tu viaje">
      <div className="row-between row-between--tight">
        <span className={`ptr-status ptr-status--${trip.status}`} data-testid="trip-status">
          {tripStatusLabel(trip.status)}
        </span>
        <span className="ptr-overview__service">{trip.serviceTypeName}</span>
      </div>
      {trip.scheduledFor && <p className="ptr-overview__scheduled">{scheduledLabel(new Date(trip.scheduledFor))}</p>}
      <ol className="ptr-route">
        <li className="ptr-route__stop ptr-route__stop--pickup">
          <span className="overline ptr-route__label">Recojo</span>
          <span className="ptr-route__address">{trip.pickupAddress}</span>
        </li>
        <li className="ptr-route__stop ptr-route__stop--destination">
          <span className="overline ptr-route__label">Destino</span>
          <span className="ptr-route__address">{trip.destinationAddress}</span>
        </li>
      </ol>
      <dl className="facts ptr-facts">
        <div>
          <dt>{fareLabel}</dt>
          <dd className="ptr-facts__fare">{formatSoles(fare)}</dd>
        </div>
        {fare !== trip.estimatedFare && (
          <div>
            <dt>Tarifa estimada</dt>
            <dd>{formatSoles(trip.estimatedFare)}</dd>
          </div>
        )}
        {trip.distanceKm > 0 && (
          <div>
            <dt>Distancia</dt>
            <dd>
              {trip.distanceKm.toFixed(1)} km · {trip.durationMinutes} min
            </dd>
          </div>
        )}
        {trip.driver && (
          <div>
            <dt>Conductor</dt>
            <dd>
              {trip.driver.name} · <RatingText rating={trip.driver.rating} />
            </dd>
          </div>
        )}
      </dl>
      {trip.notes && <p className="ptr-overview__notes">Notas: {trip.notes}</p>}
    </section>
  );
}
