import { useEffect } from 'react';

/** The part of the Screen Wake Lock API used here (absent in some browsers: then nothing happens). */
export interface WakeLockSource {
  request(
    type: 'screen',
  ): Promise<{ release(): Promise<void>; addEventListener(type: 'release', listener: () => void): void }>;
}

const browserWakeLock = (): WakeLockSource | null =>
  typeof navigator !== 'undefined' && 'wakeLock' in navigator && navigator.wakeLock
    ? (navigator.wakeLock as WakeLockSource)
    : null;

/**
 * Keeps the phone's screen on while `active` (a driver online on the requests screen, any live trip): the
 * browser lets the lock go whenever the page is hidden, so it is taken again each time the page becomes
 * visible, and released when `active` ends or the screen unmounts. A refusal (battery saver, no permission)
 * or a browser without the API changes nothing else.
 */
export function useScreenWakeLock(active: boolean, source: WakeLockSource | null = browserWakeLock()): void {
  useEffect(() => {
    if (!active || !source) return;
    let released = false;
    let pending = false;
    let sentinel: Awaited<ReturnType<WakeLockSource['request']>> | null = null;
    const acquire = async (): Promise<void> => {
      if (document.visibilityState !== 'visible' || sentinel || pending) return;
      pending = true;
      try {
        const lock = await source.request('screen');
        if (released) {
          void lock.release().catch(() => undefined);
          return;
        }
        sentinel = lock;
        lock.addEventListener('release', () => {
          if (sentinel === lock) sentinel = null;
        });
      } catch (error) {
        console.info('[wake-lock] not granted', error);
      } finally {
        pending = false;
      }
    };
    const onVisibility = (): void => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    void acquire();
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
      sentinel = null;
    };
  }, [active, source]);
}
