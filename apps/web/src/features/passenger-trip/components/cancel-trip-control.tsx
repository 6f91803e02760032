import { useState } from 'react';

export interface CancelTripControlProps {
  onConfirm: () => void;
  cancelling: boolean;
  error: string | null;
}

/** 'Cancelar viaje' with a confirmation step first (spec §2; cancelling cannot be undone). */
export function CancelTripControl({ onConfirm, cancelling, error }: CancelTripControlProps) {
  const [asking, setAsking] = useState(false);
  return (
    <section className="ptr-cancel" aria-label="Cancelar viaje">
      {asking ? (
        <div className="card ptr-cancel__confirm" role="alertdialog" aria-labelledby="ptr-cancel-question">
          <p id="ptr-cancel-question" className="ptr-cancel__question">
            ¿Seguro que quieres cancelar el viaje?
          </p>
          <div className="ptr-cancel__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)} disabled={cancelling}>
              No, seguir
            </button>
            <button type="button" className="btn ptr-cancel__yes" onClick={onConfirm} disabled={cancelling}>
              {cancelling ? 'Cancelando...' : 'Sí, cancelar'}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn--ghost btn--block ptr-cancel__open" onClick={() => setAsking(true)}>
          Cancelar viaje
        </button>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
