/**
 * useScreenWakeLock against a stand-in for navigator.wakeLock (jsdom has none; the real API in Chromium is
 * covered by e2e/pwa.test.ts): taken while active and visible, taken again when the page comes back, let go
 * when inactive or unmounted, and a browser that refuses or lacks it breaks nothing.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { useScreenWakeLock, type WakeLockSource } from '@/lib/use-screen-wake-lock';

class FakeWakeLock implements WakeLockSource {
  readonly sentinels: Array<{
    released: boolean;
    release(): Promise<void>;
    addEventListener(type: 'release', listener: () => void): void;
    systemRelease(): void;
  }> = [];
  refuse = false;
  async request(type: 'screen') {
    expect(type).toBe('screen');
    if (this.refuse) throw new DOMException('Wake Lock permission request denied', 'NotAllowedError');
    const listeners: Array<() => void> = [];
    const sentinel = {
      released: false,
      async release() {
        if (sentinel.released) return;
        sentinel.released = true;
        listeners.forEach((listener) => listener());
      },
      addEventListener: (_type: 'release', listener: () => void) => void listeners.push(listener),
      /** What the browser does when the page is hidden. */
      systemRelease: () => void sentinel.release(),
    };
    this.sentinels.push(sentinel);
    return sentinel;
  }
  get held(): number {
    return this.sentinels.filter((sentinel) => !sentinel.released).length;
  }
}

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useScreenWakeLock', () => {
  afterEach(() => {
    cleanup();
    setVisibility('visible');
  });

  it('holds one lock while active, takes it again when the page is visible again, and lets go when inactive', async () => {
    const lock = new FakeWakeLock();
    const { rerender } = renderHook(({ active }) => useScreenWakeLock(active, lock), {
      initialProps: { active: true },
    });
    await act(async () => {});
    expect(lock.held).toBe(1);

    // Hidden: the browser releases it; visible again: taken again.
    await act(async () => {
      lock.sentinels[0]?.systemRelease();
      setVisibility('hidden');
    });
    expect(lock.held).toBe(0);
    await act(async () => setVisibility('visible'));
    expect(lock.held).toBe(1);
    expect(lock.sentinels).toHaveLength(2);

    rerender({ active: false });
    await act(async () => {});
    expect(lock.held).toBe(0);
    await act(async () => setVisibility('visible'));
    expect(lock.sentinels).toHaveLength(2); // inactive: not taken again
  });

  it('asks for nothing while inactive and releases on unmount', async () => {
    const lock = new FakeWakeLock();
    const { rerender, unmount } = renderHook(({ active }) => useScreenWakeLock(active, lock), {
      initialProps: { active: false },
    });
    await act(async () => {});
    expect(lock.sentinels).toHaveLength(0);
    rerender({ active: true });
    await act(async () => {});
    expect(lock.held).toBe(1);
    unmount();
    expect(lock.held).toBe(0);
  });

  it('changes nothing when the browser refuses the lock or has no Wake Lock API', async () => {
    const lock = new FakeWakeLock();
    lock.refuse = true;
    const refused = renderHook(() => useScreenWakeLock(true, lock));
    await act(async () => {});
    expect(lock.sentinels).toHaveLength(0);
    refused.unmount();
    const missing = renderHook(() => useScreenWakeLock(true, null));
    await act(async () => setVisibility('visible'));
    missing.unmount();
  });
});
