import { useRequestAlertsMuted, writeRequestAlertsMuted } from '../model/request-alert-preference';

/**
 * 'Alertas de solicitudes' in the driver's profile: the mute switch of the sound and vibration that mark a
 * new request on 'Solicitudes de Viaje'. The count in the tab title stays either way.
 */
export function RequestAlertSwitch() {
  const muted = useRequestAlertsMuted();
  return (
    <section className="card stack stack--tight" aria-labelledby="drv-alerts-title" data-testid="request-alert-switch">
      <h2 id="drv-alerts-title" className="drv-alerts__title">
        Alertas de solicitudes
      </h2>
      <div className="row-between">
        <span id="drv-alerts-label" className="drv-alerts__label">
          Sonar y vibrar con cada solicitud nueva
        </span>
        <button
          type="button"
          role="switch"
          className="drv-switch"
          aria-checked={!muted}
          aria-labelledby="drv-alerts-label"
          onClick={() => writeRequestAlertsMuted(!muted)}
        >
          <span className="drv-switch__track" aria-hidden="true">
            <span className="drv-switch__thumb" />
          </span>
        </button>
      </div>
      <p className="drv-alerts__hint">
        {muted
          ? 'Silenciado: las solicitudes nuevas solo aparecen en la lista y en el título de la pestaña.'
          : 'Activado: suena y vibra mientras tienes Jala abierto en Solicitudes de Viaje.'}
      </p>
    </section>
  );
}
