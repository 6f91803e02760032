import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { liveTripKeys } from '../features/live-trip/api/live-trip-api';
import { currentTripKeys } from '../lib/current-trip';
import { realtime } from '../lib/realtime/realtime';

type ConnectionSource = Pick<typeof realtime, 'onConnectionChange'>;

/**
 * When the realtime link comes back after being down, everything pushed meanwhile was missed: the
 * current trip, offers and chat are refetched (their queries invalidated). The first connection after
 * login is not a reconnection and refetches nothing.
 */
export function useRefetchOnReconnect(source: ConnectionSource = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let wasConnected = false;
    let lost = false;
    return source.onConnectionChange((state) => {
      if (state === 'connected') {
        if (wasConnected && lost) {
          void queryClient.invalidateQueries({ queryKey: currentTripKeys.all });
          void queryClient.invalidateQueries({ queryKey: liveTripKeys.all });
        }
        wasConnected = true;
        lost = false;
      } else if (state !== 'connecting' || wasConnected) {
        lost = true;
      }
    });
  }, [queryClient, source]);
}
