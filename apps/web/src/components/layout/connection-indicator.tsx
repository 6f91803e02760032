import { useEffect, useState } from 'react';
import { APP_NAME, CONNECTION_POLL_MS } from '@jala/domain';
import { realtime } from '../../lib/realtime';

/** The browser's own word: a socket can look open for a while after the network went away. */
const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Whether the realtime link is up: re-read on every connection event, on the browser's online/offline
 * events and every CONNECTION_POLL_MS (spec §4 'Messaging connection'), so a missed event cannot leave a
 * stale label. A browser that says it is offline is never shown online.
 */
export function useRealtimeConnected(client: Pick<typeof realtime, 'isConnected' | 'onConnectionChange'> = realtime): boolean {
  const [connected, setConnected] = useState(() => browserOnline() && client.isConnected());
  useEffect(() => {
    const refresh = (): void => setConnected(browserOnline() && client.isConnected());
    const unsubscribe = client.onConnectionChange(refresh);
    const timer = setInterval(refresh, CONNECTION_POLL_MS);
    window.addEventListener('online', refresh);
    window.addEventListener('offline', refresh);
    refresh();
    return () => {
      unsubscribe();
      clearInterval(timer);
      window.removeEventListener('online', refresh);
      window.removeEventListener('offline', refresh);
    };
  }, [client]);
  return connected;
}

/** 'Jala Online' / 'Jala Off' pill; red while offline. Tapping it while offline retries the link. */
export function ConnectionIndicator() {
  const connected = useRealtimeConnected();
  const label = `${APP_NAME} ${connected ? 'Online' : 'Off'}`;
  return (
    <button
      type="button"
      className={`conn-indicator ${connected ? 'conn-indicator--online' : 'conn-indicator--offline'}`}
      onClick={connected ? undefined : () => void realtime.reconnect()}
      aria-disabled={connected}
      title={connected ? 'Conexión en tiempo real activa' : 'Sin conexión en tiempo real. Toca para reintentar.'}
      data-testid="connection-indicator"
    >
      <span className="conn-indicator__dot" aria-hidden="true" />
      <span aria-live="polite">{label}</span>
    </button>
  );
}
