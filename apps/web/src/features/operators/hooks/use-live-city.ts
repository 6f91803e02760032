import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { topics, zLiveCity } from '@jala/contracts';
import { realtime } from '../../../lib/realtime';
import { fetchLive, operatorKeys } from '../api/operators-api';

/** The live city snapshot: online drivers, active trips and open SOS alerts (kept fresh by useLiveCityFeed). */
export function useLiveCity() {
  return useQuery({ queryKey: operatorKeys.live(), queryFn: fetchLive });
}

/**
 * Follows the operators' live topic for as long as the console is open, whatever section is shown: each
 * snapshot the server pushes (every few seconds) replaces the cached one, so a new SOS reaches the operator
 * within seconds. The first snapshot comes over HTTP (useLiveCity), so nothing waits for MQTT to connect.
 */
export function useLiveCityFeed(): void {
  const client = useQueryClient();
  useEffect(() => {
    let unsubscribe: (() => void) | null = null;
    const follow = () => {
      if (unsubscribe || !realtime.isConnected()) return;
      try {
        unsubscribe = realtime.subscribe(topics.operatorLive, (payload) => {
          const parsed = zLiveCity.safeParse(payload);
          if (parsed.success) client.setQueryData(operatorKeys.live(), parsed.data);
        });
      } catch {
        unsubscribe = null; // the link dropped meanwhile: the next 'connected' retries
      }
    };
    follow();
    const stop = realtime.onConnectionChange((state) => { if (state === 'connected') follow(); });
    return () => { stop(); unsubscribe?.(); };
  }, [client]);
}
