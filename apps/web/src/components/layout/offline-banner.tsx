import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session-store';

/** The browser's own word on the network, kept current by its online/offline events. */
export function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  useEffect(() => {
    const refresh = (): void => setOnline(navigator.onLine !== false);
    window.addEventListener('online', refresh);
    window.addEventListener('offline', refresh);
    refresh();
    return () => {
      window.removeEventListener('online', refresh);
      window.removeEventListener('offline', refresh);
    };
  }, []);
  return online;
}

/**
 * 'Sin conexión · mostrando lo último conocido': what the screen shows while the phone has no network, or
 * while the session runs on what this device remembered (no signal at start), is the last known state
 * (kept answers, paused queries). It goes away by itself when the network and the session check are back.
 */
export function OfflineBanner() {
  const online = useBrowserOnline();
  const startedOffline = useSession((s) => s.offline);
  if (online && !startedOffline) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      <strong>Sin conexión · mostrando lo último conocido</strong>
      <span>Se actualiza solo cuando vuelva la señal.</span>
    </p>
  );
}
