import { useSyncExternalStore } from 'react';

/**
 * The driver's mute switch for new-request alerts (sound and vibration on 'Solicitudes de Viaje'), kept on
 * this device: a phone shared with the family radio can stay quiet without changing anything on the server.
 * Every mounted reader follows a change at once, including one made in another tab.
 */
export const REQUEST_ALERTS_MUTED_KEY = 'jala.driver.request-alerts-muted';

const listeners = new Set<() => void>();
/** The choice of this visit when the browser gives no storage (private mode): it holds until the tab closes. */
let withoutStorage = false;

export function readRequestAlertsMuted(): boolean {
  try {
    return localStorage.getItem(REQUEST_ALERTS_MUTED_KEY) === 'true';
  } catch {
    return withoutStorage;
  }
}

export function writeRequestAlertsMuted(muted: boolean): void {
  try {
    if (muted) localStorage.setItem(REQUEST_ALERTS_MUTED_KEY, 'true');
    else localStorage.removeItem(REQUEST_ALERTS_MUTED_KEY);
  } catch {
    withoutStorage = muted;
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === REQUEST_ALERTS_MUTED_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRequestAlertsMuted(): boolean {
  return useSyncExternalStore(subscribe, readRequestAlertsMuted, () => false);
}
