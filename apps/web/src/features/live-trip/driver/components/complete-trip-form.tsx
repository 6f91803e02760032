import { useId, useState, type FormEvent } from 'react';
import { OFFER_PRICE_STEP } from '@jala/domain';
import { counterOfferError } from './counter-offer-form';

export interface CompleteTripFormProps {
  /** Prefilled with the agreed fare (actual_fare); the driver may change it. */
  initialFare: number;
  isBusy: boolean;
  disabled: boolean;
  onComplete: (fare: number, notes: string) => void;
}

/** 'Finalizar viaje' with the final fare (editable) and optional notes; 'Finalizando...' while busy. */
export function CompleteTripForm({ initialFare, isBusy, disabled, onComplete }: CompleteTripFormProps) {
  const id = useId();
  const [fare, setFare] = useState(() => initialFare.toFixed(2));
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const problem = counterOfferError(fare);
    setError(problem);
    if (!problem) onComplete(Number(fare.replace(',', '.')), notes);
  };

  return (
    <form className="dt-complete" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-fare`}>
          Tarifa final (S/)
        </label>
        <input
          id={`${id}-fare`}
          name="actual_fare"
          className="field__control"
          type="number"
          inputMode="decimal"
          min={OFFER_PRICE_STEP}
          step={OFFER_PRICE_STEP}
          value={fare}
          disabled={isBusy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setFare(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <p className="field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-notes`}>
          Notas (opcional)
        </label>
        <textarea
          id={`${id}-notes`}
          name="notes"
          className="field__control dt-complete__notes"
          rows={2}
          maxLength={500}
          value={notes}
          disabled={isBusy}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--accent btn--block" disabled={disabled || isBusy}>
        {isBusy ? 'Finalizando...' : 'Finalizar viaje'}
      </button>
    </form>
  );
}
