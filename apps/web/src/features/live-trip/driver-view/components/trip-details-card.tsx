import { formatPeruvianPhone, formatSoles, peruvianPhoneHref, scheduledLabel } from '@jala/domain';

import { FactList } from '@/components/ui/fact-list';
import type { DriverTrip } from '@/features/live-trip/api/driver-trip-api';
import { formatKm, formatMinutes } from '@/features/live-trip/shared/model/format';
import { PaymentLine } from '@/features/payments';

import { PassengerWho, RouteStops } from './trip-parts';

/** Passenger (with a call link), pickup, destination, agreed fare and notes of the driver's trip. */
export function TripDetailsCard({ trip }: { trip: DriverTrip }) {
  return (
    <section className="card dt-details" aria-label="Detalles del viaje">
      {trip.scheduled_for && <p className="dt-details__scheduled">{scheduledLabel(new Date(trip.scheduled_for))}</p>}
      <header className="dt-details__head">
        <PassengerWho
          name={trip.passenger_name}
          rating={trip.passenger_rating}
          phoneVerified={trip.passenger_phone_verified}
          detail={trip.trip_code}
          avatar="lg"
        >
          {trip.passenger_phone && (
            <a className="dt-details__call" href={peruvianPhoneHref(trip.passenger_phone)}>
              Llamar · {formatPeruvianPhone(trip.passenger_phone)}
            </a>
          )}
        </PassengerWho>
      </header>
      <RouteStops pickupLabel="Punto de recojo" pickup={trip.pickup_address} destination={trip.destination_address} />
      <FactList
        className="stat-facts dt-stats"
        facts={[
          { label: 'Tarifa', value: formatSoles(trip.actual_fare), className: 'dt-stats__fare' },
          { label: 'Distancia', value: formatKm(trip.distance_km) },
          { label: 'Tiempo', value: formatMinutes(trip.duration_minutes) },
        ]}
      />
      {/* 'Efectivo · Pagará con S/ 50 · lleva S/ 35.50 de vuelto', from the binding price (adjustments included). */}
      {trip.payment && (
        <PaymentLine method={trip.payment.method} cashNote={trip.payment.cash_note} change={trip.payment.cash_change} />
      )}
      {trip.passenger_notes && (
        <p className="dt-request__notes">
          <span className="muted">Notas del pasajero: </span>“{trip.passenger_notes}”
        </p>
      )}
    </section>
  );
}
