import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';
import { PUSH_TEXTS } from '@/lib/push';

import { useDevicePush } from '../hooks/use-device-push';

const DISMISSED_KEY = 'jala:push-prompt-dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export interface EnablePushPromptProps {
  /** Why notifications matter right now ('Activa las notificaciones para no perder solicitudes'). */
  message: string;
}

/**
 * The permission explanation, shown at the moment notifications start to matter (a driver online, a
 * passenger waiting for offers), never at load. The browser's own prompt opens only from its button; a
 * refusal is explained (how to allow it in the browser) and the app keeps working in front.
 */
export function EnablePushPrompt({ message }: EnablePushPromptProps) {
  const device = useDevicePush();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const state = device.state;
  if (!state || dismissed || state.subscribed || state.support === 'unsupported') return null;
  // Refused (now or before), or refused to this window (private, storage blocked): the browser will not
  // ask, so say where to allow it instead of a button.
  const blocked = state.permission === 'denied' || state.support === 'blocked';
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // storage disabled: hidden for this visit only
    }
    setDismissed(true);
  };

  return (
    <section className="card nt-prompt" aria-labelledby="nt-prompt-title">
      <h2 id="nt-prompt-title" className="section-title">
        {message}
      </h2>
      {blocked ? (
        <p className="nt-note" role="status">
          {state.support === 'blocked' ? PUSH_TEXTS.blocked : PUSH_TEXTS.denied} Mientras tanto, Jala sigue funcionando
          con la aplicación abierta.
        </p>
      ) : (
        <p className="section-note">
          Te avisaremos aunque tengas la pantalla bloqueada. Puedes cambiarlo cuando quieras en tu perfil.
        </p>
      )}
      <div className="nt-prompt__actions">
        {!blocked && (
          <Button variant="primary" disabled={device.busy} onClick={device.enable}>
            Activar notificaciones
          </Button>
        )}
        <Button variant="ghost" onClick={dismiss}>
          {blocked ? 'Entendido' : 'Ahora no'}
        </Button>
      </div>
      {!blocked && <InlineError message={device.error} />}
    </section>
  );
}
