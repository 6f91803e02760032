import { POLICE_PHONE, sosMessage } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

import { Button, buttonClassName } from '@/components/ui/button';
import { getCurrentPosition } from '@/features/map';
import { errorMessage } from '@/lib/api/api-client';

import { SAFETY_ERRORS, sendSos } from '../api/safety-api';
import { ShareLinkActions } from './share-trip-button';

/** How long SOS must be held: long enough not to fire from a pocket, short enough in an emergency. */
export const SOS_HOLD_MS = 2_000;

/** The phone's position if it answers quickly; an SOS never waits long for it (the server falls back). */
async function quickPosition(): Promise<{ latitude: number; longitude: number } | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000));
  return Promise.race([getCurrentPosition().catch(() => null), timeout]);
}

/**
 * SOS, always on screen during a trip (both sides). Press and hold for 2 s (or hold Enter/Space) with a
 * visible fill; then the alert is recorded with the position, and the panel offers the call to 105 and the
 * live link for the emergency contact by WhatsApp.
 */
export function SosButton() {
  const [progress, setProgress] = useState(0);
  const [open, setOpen] = useState(false);
  const started = useRef<number | null>(null);
  const frame = useRef<number | null>(null);
  const policeLink = useRef<HTMLAnchorElement>(null);
  const sos = useMutation({ mutationFn: async () => sendSos(await quickPosition()) });

  const stop = () => {
    started.current = null;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    setProgress(0);
  };
  const tick = () => {
    if (started.current === null) return;
    const done = Math.min(1, (performance.now() - started.current) / SOS_HOLD_MS);
    setProgress(done);
    if (done >= 1) {
      stop();
      setOpen(true);
      sos.mutate();
      return;
    }
    frame.current = requestAnimationFrame(tick);
  };
  const start = () => {
    if (started.current !== null || sos.isPending) return;
    started.current = performance.now();
    frame.current = requestAnimationFrame(tick);
  };
  useEffect(() => stop, []);
  // The panel takes the focus where the user needs it first: the call to the police.
  useEffect(() => {
    if (open) policeLink.current?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === 'Enter' || event.key === ' ') && !event.repeat) {
      event.preventDefault();
      start();
    }
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') stop();
  };

  return (
    <>
      <button
        type="button"
        className="sf-sos"
        style={{ ['--sf-hold' as string]: `${Math.round(progress * 360)}deg` }}
        aria-describedby="sf-sos-hint"
        data-testid="sos-button"
        onPointerDown={start}
        onPointerUp={stop}
        onPointerLeave={stop}
        onPointerCancel={stop}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={stop}
        onContextMenu={(event) => event.preventDefault()}
      >
        <span className="sf-sos__label">SOS</span>
      </button>
      <span id="sf-sos-hint" className="visually-hidden">
        Mantén presionado 2 segundos para pedir ayuda
      </span>
      {progress > 0 && (
        <p className="sf-sos__holding" role="status">
          Mantén presionado para enviar la alerta…
        </p>
      )}
      {open && (
        <div
          className="sheet-backdrop sf-sos-panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby="sf-sos-title"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          <div className="sf-sos-panel__body">
            <h2 id="sf-sos-title" className="sf-sos-panel__title">
              {sos.isSuccess ? 'Alerta enviada' : sos.isError ? 'No se pudo enviar la alerta' : 'Enviando alerta...'}
            </h2>
            {sos.isSuccess && <p>Registramos tu ubicación y la hora para el equipo de seguridad de Jala.</p>}
            {sos.isError && (
              <p className="sf-error" role="alert">
                {errorMessage(sos.error, SAFETY_ERRORS.sos)}
              </p>
            )}
            <a
              ref={policeLink}
              className={buttonClassName({ block: true, className: 'sf-call-police' })}
              href={`tel:${POLICE_PHONE}`}
            >
              Llamar a la Policía ({POLICE_PHONE})
            </a>
            {sos.data && <ShareLinkActions link={sos.data.share} message={sosMessage} />}
            <Button variant="ghost" block onClick={() => setOpen(false)}>
              Cerrar
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
