import { useId, useState, type FormEvent } from 'react';

export interface CompleteTripFormProps {
  isBusy: boolean;
  disabled: boolean;
  onComplete: (notes: string) => void;
}

/**
 * 'Finalizar viaje' with optional notes; 'Finalizando...' while busy. There is no fare to type: the
 * server charges the agreed price plus the adjustments the passenger accepted (FareAdjustmentPanel).
 */
export function CompleteTripForm({ isBusy, disabled, onComplete }: CompleteTripFormProps) {
  const id = useId();
  const [notes, setNotes] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onComplete(notes);
  };

  return (
    <form className="dt-complete" onSubmit={submit} noValidate>
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
