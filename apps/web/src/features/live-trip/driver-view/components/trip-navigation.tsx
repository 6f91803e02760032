import { driverStageAction, driverStageMessage, toValidCoordinates, tripStatusLabel } from '@jala/domain';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';
import type { DriverTrip } from '@/features/live-trip/api/driver-trip-api';
import { LOCATION_NEEDED_WARNING } from '@/features/live-trip/driver-view/model/driver-trip-errors';
import { StartCodeForm } from '@/features/safety';

import type { ActionError, ActiveTripAction } from '../hooks/use-active-trip';
import { CompleteTripForm } from './complete-trip-form';
import { FareAdjustmentPanel } from './fare-adjustment-panel';

/** Where the driver heads in each stage: the pickup until the passenger is on board, then the destination. */
export function navigationTarget(
  trip: DriverTrip,
): { label: string; address: string; latitude: unknown; longitude: unknown } | null {
  switch (trip.trip_status) {
    case 'accepted':
    case 'en_route':
      return {
        label: 'Dirígete al punto de recojo',
        address: trip.pickup_address,
        latitude: trip.pickup_latitude,
        longitude: trip.pickup_longitude,
      };
    case 'arrived':
      return {
        label: 'Espera al pasajero en',
        address: trip.pickup_address,
        latitude: trip.pickup_latitude,
        longitude: trip.pickup_longitude,
      };
    case 'in_progress':
      return {
        label: 'Lleva al pasajero a',
        address: trip.destination_address,
        latitude: trip.destination_latitude,
        longitude: trip.destination_longitude,
      };
    default:
      return null;
  }
}

/** Turn-by-turn in the phone's maps app (a plain link: no key, nothing loaded here). */
export function externalDirectionsUrl(latitude: number, longitude: number): string {
  const query = new URLSearchParams({ api: '1', destination: `${latitude},${longitude}`, travelmode: 'driving' });
  return `https://www.google.com/maps/dir/?${query.toString()}`;
}

export interface TripNavigationProps {
  trip: DriverTrip;
  hasPosition: boolean;
  busy: ActiveTripAction;
  onAdvance: (startCode?: string) => void;
  onComplete: (notes: string) => void;
  /** Refetch the trip (after a fare adjustment was sent). */
  onFareChanged?: () => void;
  /** The last failed stage change or completion: shown under its own button. */
  error?: ActionError | null;
  /** Metres to the destination when far from it (completing asks first), else null. */
  farFromDestinationMeters?: number | null;
}

/** The navigation block: stage, where to go, and the spec §4 stage button (or the completion form). */
export function TripNavigation({
  trip,
  hasPosition,
  busy,
  onAdvance,
  onComplete,
  onFareChanged = () => {},
  error = null,
  farFromDestinationMeters = null,
}: TripNavigationProps) {
  const action = driverStageAction(trip.trip_status);
  const finishedText = driverStageMessage(trip.trip_status);
  const target = navigationTarget(trip);
  const targetPoint = target ? toValidCoordinates(target.latitude, target.longitude) : null;

  return (
    <section className="card dt-nav" aria-labelledby="dt-nav-title">
      {/* 'Conductor en el punto de recojo' does not fit beside the title on a 360 px phone: it wraps below. */}
      <div className="row-between row-between--wrap row-between--tight">
        <h2 id="dt-nav-title" className="dt-nav__title">
          Navegación
        </h2>
        <Badge className="dt-pill dt-pill--status" data-status={trip.trip_status}>
          {tripStatusLabel(trip.trip_status)}
        </Badge>
      </div>
      {target && (
        <div className="dt-nav__target">
          <p className="muted">{target.label}</p>
          <p className="dt-nav__address">{target.address}</p>
          {targetPoint && (
            <a
              className="dt-nav__external"
              href={externalDirectionsUrl(targetPoint.latitude, targetPoint.longitude)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Abrir en Google Maps
            </a>
          )}
        </div>
      )}
      {finishedText && <p className="dt-nav__finished">{finishedText}</p>}
      {action && !action.isCompletion && action.next === 'in_progress' && (
        <StartCodeForm busy={busy === 'stage'} disabled={busy !== null} onStart={onAdvance} />
      )}
      {action && !action.isCompletion && action.next !== 'in_progress' && (
        <Button variant="primary" block disabled={busy !== null} onClick={() => onAdvance()}>
          {busy === 'stage' ? 'Actualizando...' : action.label}
        </Button>
      )}
      {action && !action.isCompletion && (
        <InlineError message={error?.action === 'stage' ? error.text : null} className="alert alert--error" />
      )}
      {action && <FareAdjustmentPanel trip={trip} onChanged={onFareChanged} />}
      {action?.isCompletion && (
        <CompleteTripForm
          isBusy={busy === 'complete'}
          disabled={busy !== null}
          onComplete={onComplete}
          farFromDestinationMeters={farFromDestinationMeters}
          error={
            <InlineError message={error?.action === 'complete' ? error.text : null} className="alert alert--error" />
          }
        />
      )}
      {!hasPosition && !finishedText && (
        <p className="dt-geo-warning" role="status">
          {LOCATION_NEEDED_WARNING}
        </p>
      )}
    </section>
  );
}
