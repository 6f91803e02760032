/**
 * Whether this phone is connected, as every screen says it. The header's 'Jala Online' / 'Jala Off' pill and the
 * 'Sin conexión · mostrando lo último conocido' banner both read this one state, so they change in the same
 * render: two readers with their own events and timers disagreed for seconds (the banner waited for the
 * session's own re-check while the pill already showed the link back).
 *
 * - 'online': the browser has a network and the realtime link is up (the broker accepted this session's token,
 *   so the server is reachable and live updates flow).
 * - 'offline': the browser says it has no network, or the link was lost (reconnecting, given up), or the session
 *   opened on what this device remembered and the link has not come back since.
 * - 'connecting': the link's first attempt since the session started is still under way; nothing was lost, so
 *   the banner stays away (the pill reads 'Off' until it is up, as the spec says).
 *
 * Re-read on every link event, on the browser's online/offline events, on session changes and every
 * CONNECTION_POLL_MS while someone shows it (spec §4 'Messaging connection'), so a missed event cannot leave
 * a stale state.
 */
import { CONNECTION_POLL_MS } from '@jala/domain';
import { useSyncExternalStore } from 'react';

import { useSession } from '@/lib/session-store';

import { type ConnectionState, realtime, type RealtimeClient } from './realtime';

export type Connectivity = 'online' | 'offline' | 'connecting';

/** What the state needs of the realtime link (tests pass a fake). */
export type ConnectivityClient = Pick<RealtimeClient, 'isConnected' | 'onConnectionChange'> &
  Partial<Pick<RealtimeClient, 'getState'>>;

/** The browser's own word: a socket can look open for a while after the network went away. */
const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

const LOST_STATES: ReadonlySet<ConnectionState> = new Set(['reconnecting', 'offline']);

class ConnectivityStore {
  private value: Connectivity;
  /** The link went down since it was last up (a recovery attempt after that is not a first 'connecting'). */
  private linkLost = false;
  private readonly listeners = new Set<() => void>();
  private stopWatching: (() => void) | null = null;

  constructor(private readonly client: ConnectivityClient) {
    this.value = this.read();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  readonly getSnapshot = (): Connectivity => {
    // Nobody watching, so nothing kept it current: read it now (the first render of a screen).
    if (this.listeners.size === 0) this.value = this.read();
    return this.value;
  };

  private start(): void {
    const state = this.client.getState?.();
    this.linkLost = state !== undefined && LOST_STATES.has(state);
    const onLinkChange = (state: ConnectionState): void => {
      if (LOST_STATES.has(state)) this.linkLost = true;
      else if (state === 'connected' || state === 'disconnected') this.linkLost = false;
      this.refresh();
    };
    const stopLink = this.client.onConnectionChange(onLinkChange);
    const stopSession = useSession.subscribe((session, previous) => {
      if (session.offline !== previous.offline) this.refresh();
    });
    const timer = setInterval(this.refresh, CONNECTION_POLL_MS);
    window.addEventListener('online', this.refresh);
    window.addEventListener('offline', this.refresh);
    this.stopWatching = () => {
      stopLink();
      stopSession();
      clearInterval(timer);
      window.removeEventListener('online', this.refresh);
      window.removeEventListener('offline', this.refresh);
    };
    this.refresh();
  }

  private stop(): void {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  private read(): Connectivity {
    if (!browserOnline()) return 'offline';
    if (this.client.isConnected()) return 'online';
    if (this.linkLost || useSession.getState().offline) return 'offline';
    return 'connecting';
  }

  private readonly refresh = (): void => {
    const next = this.read();
    if (next === this.value) return;
    this.value = next;
    for (const listener of [...this.listeners]) listener();
  };
}

const stores = new WeakMap<ConnectivityClient, ConnectivityStore>();

function storeOf(client: ConnectivityClient): ConnectivityStore {
  let store = stores.get(client);
  if (!store) {
    store = new ConnectivityStore(client);
    stores.set(client, store);
  }
  return store;
}

/** The one connectivity state (see the file comment); every reader of the same link gets the same value. */
export function useConnectivity(client: ConnectivityClient = realtime): Connectivity {
  const store = storeOf(client);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
