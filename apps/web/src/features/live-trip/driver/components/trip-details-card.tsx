import { formatPeruvianPhone, formatSoles, peruvianPhoneHref, scheduledLabel } from '@jala/domain';
import type { DriverTrip } from '../api';
import { formatKm, formatMinutes, formatRating } from '../../shared/format';

/** Passenger (with a call link), pickup, destination, agreed fare and notes of the driver's trip. */
export function TripDetailsCard({ trip }: { trip: DriverTrip }) {
  return (
    <section className="card dt-details" aria-label="Detalles del viaje">
      {trip.scheduled_for && <p className="dt-details__scheduled">{scheduledLabel(new Date(trip.scheduled_for))}</p>}
      <header className="dt-details__head">
        <span className="avatar avatar--lg dt-request__avatar" aria-hidden="true">
          {trip.passenger_name.charAt(0).toUpperCase()}
        </span>
        <div className="dt-request__who">
          <p className="dt-request__name">{trip.passenger_name}</p>
          <p className="dt-request__meta">
            <span className="dt-request__rating">{formatRating(trip.passenger_rating)}</span>
            <span aria-hidden="true"> · </span>
            <span>{trip.trip_code}</span>
          </p>
          {trip.passenger_phone && (
            <a className="dt-details__call" href={peruvianPhoneHref(trip.passenger_phone)}>
              Llamar · {formatPeruvianPhone(trip.passenger_phone)}
            </a>
          )}
        </div>
      </header>
      <dl className="dt-route">
        <div className="dt-route__stop dt-route__stop--pickup">
          <dt>Punto de recojo</dt>
          <dd>{trip.pickup_address}</dd>
        </div>
        <div className="dt-route__stop dt-route__stop--destination">
          <dt>Destino</dt>
          <dd>{trip.destination_address}</dd>
        </div>
      </dl>
      <dl className="dt-stats">
        <div className="dt-stats__fare">
          <dt>Tarifa</dt>
          <dd>{formatSoles(trip.actual_fare)}</dd>
        </div>
        <div>
          <dt>Distancia</dt>
          <dd>{formatKm(trip.distance_km)}</dd>
        </div>
        <div>
          <dt>Tiempo</dt>
          <dd>{formatMinutes(trip.duration_minutes)}</dd>
        </div>
      </dl>
      {trip.passenger_notes && (
        <p className="dt-request__notes">
          <span className="dt-muted">Notas del pasajero: </span>“{trip.passenger_notes}”
        </p>
      )}
    </section>
  );
}
