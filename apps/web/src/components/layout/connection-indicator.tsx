import { useEffect, useState } from 'react';
import { APP_NAME, CONNECTION_POLL_MS } from '@jala/domain';
import { realtime } from '../../lib/realtime';

/**
 * Whether the realtime link is up: re-read on every connection event and every CONNECTION_POLL_MS
 * (spec §4 'Messaging connection'), so a missed event cannot leave a stale label.
 */
export function useRealtimeConnected(client: Pick<typeof realtime, 'isConnected' | 'onConnectionChange'> = realtime): boolean {
  const [connected, setConnected] = useState(() => client.isConnected());
  useEffect(() => {
    const refresh = (): void => setConnected(client.isConnected());
    const unsubscribe = client.onConnectionChange(refresh);
    const timer = setInterval(refresh, CONNECTION_POLL_MS);
    refresh();
    return () => {
      unsubscribe();
      clearInterval(timer);
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
