import '../styles/pwa.css';

import { useState } from 'react';
import { useLocation } from 'react-router';

import { Button } from '@/components/ui/button';

import { applyUpdate } from '../lib/pwa/service-worker';
import { useAppUpdate } from '../lib/pwa/update-state';

/**
 * 'Nueva versión disponible' with 'Actualizar' (the reload happens only on that tap) and 'Ahora no'. On a
 * live trip it says the update can wait until the trip ends: the trip screen is never reloaded for the user.
 */
export function UpdateBanner() {
  const { pathname } = useLocation();
  const dismiss = useAppUpdate((s) => s.dismiss);
  const [updating, setUpdating] = useState(false);
  const onTrip = pathname.includes('/active-trip');
  return (
    <div className="pwa-update" role="status" aria-live="polite" data-testid="update-banner">
      <div className="pwa-update__text">
        <strong>Nueva versión disponible</strong>
        <span>
          {onTrip ? 'Puedes actualizar cuando termine tu viaje.' : 'Actualiza para usar la última versión de Jala.'}
        </span>
      </div>
      <div className="pwa-update__actions">
        <Button variant="ghost" onClick={dismiss} disabled={updating}>
          Ahora no
        </Button>
        <Button
          variant="primary"
          disabled={updating}
          onClick={() => {
            setUpdating(true);
            void applyUpdate();
          }}
        >
          {updating ? 'Actualizando...' : 'Actualizar'}
        </Button>
      </div>
    </div>
  );
}
