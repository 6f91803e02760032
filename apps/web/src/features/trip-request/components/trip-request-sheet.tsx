import { type FormEvent, useEffect, useRef } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/form-field';
import { revealFirstInvalid } from '@/components/ui/reveal';
import type { RouteResult } from '@/features/map';

import { useTripRequestWrites } from '../hooks/use-trip-request-writes';
import { useTripRequest } from '../model/trip-request-context';
import { ConfirmStep } from './confirm-step';
import { CurrentLocationButton } from './current-location-button';
import { PlaceField } from './place-field';
import { RouteSummary } from './route-summary';
import { ServiceStep } from './service-step';
import { STEP_ERROR_ID } from './step-error';
import { StepProgress } from './step-progress';

export interface TripRequestSheetProps {
  route: {
    route: RouteResult | null;
    isLoading: boolean;
    error: unknown;
    fareServiceTypeId: number | null;
    needsServiceType?: boolean;
  };
}

/**
 * The wizard's form (spec §2): 4 steps with a progress bar, bottom sheet on phones, sidebar on wide screens.
 * Step 4's 'Confirmar Viaje' creates the trip and leaves for the active trip (use-trip-request-writes).
 */
export function TripRequestSheet({ route }: TripRequestSheetProps) {
  const step = useTripRequest((s) => s.step);
  const status = useTripRequest((s) => s.status);
  const mapLoading = useTripRequest((s) => s.mapLoading);
  const mapError = useTripRequest((s) => s.mapError);
  const error = useTripRequest((s) => s.error);
  const stepError = useTripRequest((s) => s.stepError);
  const origin = useTripRequest((s) => s.origin);
  const destination = useTripRequest((s) => s.destination);
  const next = useTripRequest((s) => s.next);
  const previous = useTripRequest((s) => s.previous);
  const sheetRef = useRef<HTMLElement>(null);
  const setEstimatedFare = useTripRequest((s) => s.setEstimatedFare);
  const estimatedFare = route.fareServiceTypeId === null ? null : (route.route?.estimatedCost ?? null);
  // The store checks a cash note against the price; without one offered, against this estimate.
  useEffect(() => setEstimatedFare(estimatedFare), [estimatedFare, setEstimatedFare]);

  const writes = useTripRequestWrites();
  const loading = writes.creating || writes.cancelling;

  // Each step starts at its top (the sheet scrolls on small phones).
  useEffect(() => {
    sheetRef.current?.scrollTo?.({ top: 0 });
  }, [step]);

  // A blocked 'Siguiente' (or a confirmation sent back to an earlier step) focuses the field at fault.
  useEffect(() => {
    if (stepError) revealFirstInvalid(sheetRef.current);
  }, [stepError, step]);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (step < 4) next();
    else writes.confirm();
  };

  const busy = loading;
  const hasRoute = Boolean(origin && destination);

  return (
    <aside className="trq-sheet" aria-label="Solicitud de viaje" ref={sheetRef}>
      <form className="trq-sheet__form" onSubmit={onSubmit} noValidate>
        <StepProgress step={step} />

        {step === 1 && (
          <PlaceField
            field="origin"
            label="Origen"
            near={destination?.coordinates ?? null}
            actions={<CurrentLocationButton field="origin" />}
          />
        )}
        {step === 2 && <PlaceField field="destination" label="Destino" near={origin?.coordinates ?? null} />}
        {step === 3 && <ServiceStep estimatedFare={estimatedFare} />}
        {step === 4 && <ConfirmStep />}

        {hasRoute && <RouteSummary {...route} />}

        {stepError && (
          <p className="field__error trq-sheet__step-error" role="alert" id={STEP_ERROR_ID}>
            {stepError}
          </p>
        )}
        <ErrorBanner message={error} />

        <div className="trq-sheet__nav">
          {step > 1 && (
            <Button variant="ghost" onClick={previous} disabled={busy}>
              Anterior
            </Button>
          )}
          {step < 4 ? (
            <Button type="submit" variant="primary" className="trq-sheet__next">
              Siguiente
            </Button>
          ) : (
            <Button type="submit" variant="primary" className="trq-sheet__next" disabled={busy || mapLoading}>
              {busy ? 'Confirmando...' : 'Confirmar Viaje'}
            </Button>
          )}
        </div>
        {step === 4 && status !== 'idle' && (
          <Button variant="ghost" block className="trq-sheet__cancel" onClick={writes.cancel} disabled={loading}>
            Cancelar Viaje
          </Button>
        )}
      </form>

      {mapError && (
        <p className="trq-sheet__map-error" role="alert">
          {mapError}
        </p>
      )}
      {step <= 2 && (
        <p className="trq-sheet__tip">Consejo: toca los botones «Mapa» para elegir los lugares en el mapa.</p>
      )}
    </aside>
  );
}
