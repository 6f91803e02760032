import { APP_NAME } from '@jala/domain';

import { type ConnectivityClient, useConnectivity } from '@/lib/realtime/connectivity';
import { realtime } from '@/lib/realtime/realtime';

/**
 * Whether the realtime link is up (and the browser online): the one connectivity state the offline banner
 * reads too (lib/realtime/connectivity.ts), re-read on every connection event, on the browser's online/offline events
 * and every CONNECTION_POLL_MS (spec §4 'Messaging connection'). A browser that says it is offline is never
 * shown online.
 */
export function useRealtimeConnected(client: ConnectivityClient = realtime): boolean {
  return useConnectivity(client) === 'online';
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
