import { formatSoles, tripStatusLabel } from '@jala/domain';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';
import type { DriverTrip } from '@/features/live-trip/api/driver-trip-api';

/** The driver's assigned trip, at the top of the requests, with a way back to it. */
export function CurrentTripBanner({ trip }: { trip: DriverTrip }) {
  return (
    <section className="card dt-current" aria-labelledby="dt-current-title">
      <p className="overline dt-current__eyebrow">{tripStatusLabel(trip.trip_status)}</p>
      <h2 id="dt-current-title" className="dt-current__title">
        Tienes un viaje en curso con {trip.passenger_name}
      </h2>
      <p className="dt-current__route">
        {trip.pickup_address} → {trip.destination_address}
      </p>
      <p className="dt-current__fare">{formatSoles(trip.actual_fare)}</p>
      <Link to="/driver/active-trip" className={buttonClassName({ variant: 'primary', block: true })}>
        Ir al viaje activo
      </Link>
    </section>
  );
}
