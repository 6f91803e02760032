import { formatPeruvianPhone, peruvianPhoneHref } from '@jala/domain';
import type { TripDriver } from '../model/active-trip';
import { RatingText } from './rating-text';

/** The accepted driver: name, vehicle, rating and a phone link. */
export function AssignedDriverCard({ driver }: { driver: TripDriver }) {
  return (
    <section className="card ptr-driver" aria-labelledby="ptr-driver-title">
      <h2 id="ptr-driver-title" className="ptr-section-title">
        Tu conductor
      </h2>
      <div className="ptr-driver__body">
        <div>
          <p className="ptr-driver__name">{driver.name}</p>
          {driver.vehicle && <p className="ptr-driver__vehicle">{driver.vehicle}</p>}
          <RatingText rating={driver.rating} />
        </div>
        {driver.phone && (
          <a className="btn btn--ghost ptr-driver__call" href={peruvianPhoneHref(driver.phone)}>
            Llamar
          </a>
        )}
      </div>
      {driver.phone && <p className="ptr-driver__phone">Teléfono: {formatPeruvianPhone(driver.phone)}</p>}
    </section>
  );
}
