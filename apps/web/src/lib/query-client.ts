import { onlineManager, QueryClient } from '@tanstack/react-query';

import { isApiError } from './api/api-client';

/** Retry transient failures (network, 5xx) twice; a 4xx answer will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** A fresh cache; AuthenticatedRoot makes one per session. */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes it is online until an 'offline' event says otherwise; a page opened with no signal
  // (served by the service worker) must start paused instead, showing what it has, and resume on 'online'.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine !== false);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: true },
      // An action taken offline fails at once ('Error de red. Revisa tu conexión.' beside its button) instead
      // of pausing until the network returns: paused, nothing happened on screen, and a request started in
      // the click handler (see features/live-trip) rejected with nobody listening — an uncaught page error.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
