import { TRIP_REQUEST_STEPS } from '@jala/domain';

import { STEP_TITLES, type TripRequestStep } from '../model/trip-request-types';

/** The 4-segment progress bar of the wizard (spec §2), with the step named for screen readers too. */
export function StepProgress({ step }: { step: TripRequestStep }) {
  const segments = Array.from({ length: TRIP_REQUEST_STEPS }, (_, i) => i + 1);
  return (
    <div className="stack stack--close">
      <div
        className="trq-progress__bar"
        role="progressbar"
        aria-label="Progreso de la solicitud"
        aria-valuemin={1}
        aria-valuemax={TRIP_REQUEST_STEPS}
        aria-valuenow={step}
        aria-valuetext={`Paso ${step} de ${TRIP_REQUEST_STEPS}: ${STEP_TITLES[step]}`}
      >
        {segments.map((n) => (
          <span
            key={n}
            className={`trq-progress__segment${n <= step ? ' trq-progress__segment--done' : ''}`}
            data-testid="progress-segment"
          />
        ))}
      </div>
      <p className="trq-progress__label">
        Paso {step} de {TRIP_REQUEST_STEPS} · <strong>{STEP_TITLES[step]}</strong>
      </p>
    </div>
  );
}
