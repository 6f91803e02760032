import type { DriverTripRequest } from '@jala/contracts';
import { useEffect, useRef } from 'react';

import { useRequestAlertsMuted } from '@/features/driver';

import { newRequestIds, playNewRequestAlert } from '../model/request-alert';

/**
 * Sounds and vibrates (unless muted in the profile) when a request appears on the list after it first
 * loaded: the list the driver opens is not news, one that arrives while they wait is. A request that
 * leaves and comes back (raised price) is not announced twice.
 */
export function useNewRequestAlert(
  requests: readonly DriverTripRequest[],
  loaded: boolean,
  alert: () => void = playNewRequestAlert,
): void {
  const muted = useRequestAlertsMuted();
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (seen.current === null) {
      seen.current = new Set(requests.map((request) => request.id));
      return;
    }
    const fresh = newRequestIds(seen.current, requests);
    if (fresh.length === 0) return;
    fresh.forEach((id) => seen.current?.add(id));
    if (!muted) alert();
  }, [requests, loaded, muted, alert]);
}
