import { farFromDestinationQuestion } from '@jala/domain';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { useRevealWhen } from '@/components/ui/reveal';

export interface CompleteTripFormProps {
  isBusy: boolean;
  disabled: boolean;
  onComplete: (notes: string) => void;
  /** Metres to the destination when beyond FAR_FROM_DESTINATION_METERS (the driver confirms first), else null. */
  farFromDestinationMeters?: number | null;
  /** The completion's failure, shown under the button that caused it. */
  error?: ReactNode;
}

/**
 * 'Finalizar viaje' with optional notes; 'Finalizando...' while busy. There is no fare to type: the
 * server charges the agreed price plus the adjustments the passenger accepted (FareAdjustmentPanel).
 * Far from the destination the driver confirms first (the server records where it ended either way).
 */
export function CompleteTripForm({
  isBusy,
  disabled,
  onComplete,
  farFromDestinationMeters = null,
  error = null,
}: CompleteTripFormProps) {
  const id = useId();
  const [notes, setNotes] = useState('');
  const [asking, setAsking] = useState(false);
  const questionRef = useRevealWhen<HTMLDivElement>(asking);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (farFromDestinationMeters !== null && !asking) {
      setAsking(true);
      return;
    }
    setAsking(false);
    onComplete(notes);
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
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
      {asking && farFromDestinationMeters !== null ? (
        <div
          className="confirm-box confirm-box--warning"
          role="alertdialog"
          aria-labelledby={`${id}-far`}
          ref={questionRef}
        >
          <p id={`${id}-far`} className="dt-complete__question">
            {farFromDestinationQuestion(farFromDestinationMeters)}
          </p>
          <div className="dt-complete__actions">
            <Button variant="ghost" onClick={() => setAsking(false)}>
              No, seguir
            </Button>
            <Button type="submit" variant="accent" disabled={disabled || isBusy}>
              Sí, finalizar aquí
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" variant="accent" block disabled={disabled || isBusy}>
          {isBusy ? 'Finalizando...' : 'Finalizar viaje'}
        </Button>
      )}
      {error}
    </form>
  );
}
