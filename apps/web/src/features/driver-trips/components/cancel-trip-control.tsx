import { useState } from 'react';

/** Statuses in which the driver may still cancel (before the passenger is on board). */
export const DRIVER_CANCELLABLE_STATUSES: readonly string[] = ['accepted', 'en_route', 'arrived'];

export function canDriverCancel(status: string): boolean {
  return DRIVER_CANCELLABLE_STATUSES.includes(status);
}

/** 'Cancelar viaje' with an in-page confirmation (no blocking window.confirm). */
export function CancelTripControl({ isBusy, disabled, onCancel }: { isBusy: boolean; disabled: boolean; onCancel: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className="btn btn--ghost btn--block dt-cancel" disabled={disabled} onClick={() => setConfirming(true)}>
        Cancelar viaje
      </button>
    );
  }
  return (
    <div className="dt-confirm" role="group" aria-labelledby="dt-confirm-text">
      <p id="dt-confirm-text" className="dt-confirm__text">
        ¿Seguro que quieres cancelar este viaje? El pasajero recibirá el aviso.
      </p>
      <div className="dt-confirm__actions">
        <button type="button" className="btn btn--ghost" disabled={isBusy} onClick={() => setConfirming(false)}>
          No, seguir
        </button>
        <button type="button" className="btn dt-btn--danger" disabled={isBusy || disabled} onClick={onCancel}>
          {isBusy ? 'Cancelando...' : 'Sí, cancelar viaje'}
        </button>
      </div>
    </div>
  );
}
