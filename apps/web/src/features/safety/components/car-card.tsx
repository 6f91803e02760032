import { formatPeruvianPhone, peruvianPhoneHref } from '@jala/domain';
import { useQuery } from '@tanstack/react-query';

import { buttonClassName } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { PhoneVerifiedBadge } from '@/features/phone-verification';

import { fetchTripDriverPhoto, safetyKeys } from '../api/safety-api';
import { initials, usePhotoUrl } from '../hooks/use-photo-url';

export interface CarCardDriver {
  name: string;
  phone: string | null;
  /** The driver confirmed their mobile by SMS code. */
  phoneVerified?: boolean;
  rating: number | null;
  hasPhoto: boolean;
  vehicle: { brand: string; model: string; color: string; licensePlate: string } | null;
  /** The one-line vehicle label, for a driver without vehicle details. */
  vehicleLabel: string | null;
}

/**
 * "Know the car before boarding": the assigned driver's photo (or initials), name, rating, the vehicle's
 * brand, model and colour, and the plate in large type, plus the call link.
 */
export function CarCard({ tripId, driver }: { tripId: number; driver: CarCardDriver }) {
  const photo = useQuery({
    queryKey: safetyKeys.tripDriverPhoto(tripId),
    queryFn: () => fetchTripDriverPhoto(tripId),
    enabled: driver.hasPhoto,
    staleTime: Infinity,
    retry: false,
  });
  const photoUrl = usePhotoUrl(driver.hasPhoto ? photo.data : null);
  return (
    <CardSection id="sf-car-title" title="Tu conductor" className="sf-car" testId="car-card">
      <div className="sf-car__who">
        {photoUrl ? (
          <img className="sf-avatar" src={photoUrl} alt={`Foto de ${driver.name}`} />
        ) : (
          <span className="sf-avatar sf-avatar--initials" aria-hidden="true">
            {initials(driver.name)}
          </span>
        )}
        <div className="sf-car__name-block">
          <p className="sf-car__name">{driver.name}</p>
          <p className="section-note">
            {driver.rating == null ? (
              'Sin calificaciones'
            ) : (
              <span aria-label={`Calificación ${driver.rating.toFixed(1)} de 5`}>★ {driver.rating.toFixed(1)}</span>
            )}
          </p>
          {driver.phoneVerified && <PhoneVerifiedBadge />}
        </div>
        {driver.phone && (
          <a
            className={buttonClassName({ variant: 'ghost', className: 'sf-car__call' })}
            href={peruvianPhoneHref(driver.phone)}
          >
            Llamar
          </a>
        )}
      </div>
      {driver.vehicle ? (
        <div className="sf-car__vehicle">
          <p className="sf-car__model">
            {driver.vehicle.brand} {driver.vehicle.model} · {driver.vehicle.color}
          </p>
          <p className="sf-plate" aria-label={`Placa ${driver.vehicle.licensePlate}`} data-testid="car-plate">
            {driver.vehicle.licensePlate}
          </p>
          <p className="section-note">Verifica la placa antes de subir.</p>
        </div>
      ) : (
        driver.vehicleLabel && <p className="sf-car__model">{driver.vehicleLabel}</p>
      )}
      {driver.phone && <p className="section-note">Teléfono: {formatPeruvianPhone(driver.phone)}</p>}
    </CardSection>
  );
}
