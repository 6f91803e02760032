import './cancel-trip-control.css';

import { canCancel } from '@jala/domain';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useRevealWhen } from '@/components/ui/reveal';

type CancellingSide = 'passenger' | 'driver';

const TEXTS: Record<CancellingSide, { question: string; confirm: string }> = {
  passenger: { question: '¿Seguro que quieres cancelar el viaje?', confirm: 'Sí, cancelar' },
  driver: {
    question: '¿Seguro que quieres cancelar este viaje? El pasajero recibirá el aviso.',
    confirm: 'Sí, cancelar viaje',
  },
};

export interface CancelTripControlProps {
  /** Who cancels from this phone: decides whether the trip may still be cancelled (domain rule) and the texts. */
  side: CancellingSide;
  /** The trip's current status; nothing is shown when `side` may not cancel from it. */
  status: string;
  /** Gets the reason chosen from `reasons`, if any. */
  onConfirm: (reason?: string) => void;
  /** Reasons to choose from before confirming (stored with the trip and shown to the other side). */
  reasons?: readonly string[];
  isCancelling: boolean;
  /** Another action on the trip is running. */
  disabled?: boolean;
  error?: string | null;
}

/** 'Cancelar viaje' with an in-page confirmation first (no blocking window.confirm; cancelling cannot be undone). */
export function CancelTripControl({
  side,
  status,
  onConfirm,
  reasons = [],
  isCancelling,
  disabled = false,
  error = null,
}: CancelTripControlProps) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<string | undefined>(undefined);
  // The question and any error appear under the bottom navigation otherwise.
  const questionRef = useRevealWhen<HTMLDivElement>(asking);
  const errorRef = useRevealWhen<HTMLParagraphElement>(error);
  if (!canCancel(status, side)) return null;
  const texts = TEXTS[side];
  return (
    <section className="stack" aria-label="Cancelar viaje">
      {asking ? (
        <div className="confirm-box confirm-box--danger" role="group" aria-label={texts.question} ref={questionRef}>
          <p className="trip-cancel__question">{texts.question}</p>
          {reasons.length > 0 && (
            <fieldset className="trip-cancel__reasons">
              <legend>Motivo (opcional)</legend>
              {reasons.map((r) => (
                <label key={r} className="trip-cancel__reason">
                  <input
                    type="radio"
                    name="cancel-reason"
                    value={r}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                  />
                  {r}
                </label>
              ))}
            </fieldset>
          )}
          <div className="trip-cancel__actions">
            <Button variant="ghost" onClick={() => setAsking(false)} disabled={isCancelling}>
              No, seguir
            </Button>
            <Button className="trip-cancel__yes" onClick={() => onConfirm(reason)} disabled={isCancelling || disabled}>
              {isCancelling ? 'Cancelando...' : texts.confirm}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" block className="trip-cancel__open" onClick={() => setAsking(true)} disabled={disabled}>
          Cancelar viaje
        </Button>
      )}
      {error && (
        <p className="alert alert--error" role="alert" ref={errorRef}>
          {error}
        </p>
      )}
    </section>
  );
}
