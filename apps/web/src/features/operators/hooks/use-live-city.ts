import { topics, zLiveCity } from '@jala/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

import { fetchLive, operatorKeys } from '../api/operators-api';

/** The live city snapshot: online drivers, active trips and open SOS alerts (kept fresh by useLiveCityFeed). */
export function useLiveCity() {
  return useQuery({ queryKey: operatorKeys.live(), queryFn: fetchLive });
}

/**
 * Follows the operators' live topic for as long as the console is open, whatever section is shown: each
 * snapshot the server pushes (every few seconds) replaces the cached one, so a new SOS reaches the operator
 * within seconds. The first snapshot comes over HTTP (useLiveCity), and again after a reconnection.
 */
export function useLiveCityFeed(): void {
  const client = useQueryClient();
  useRealtimeTopic(topics.operatorLive, zLiveCity, {
    onMessage: (city) => client.setQueryData(operatorKeys.live(), city),
    onLive: () => void client.invalidateQueries({ queryKey: operatorKeys.live() }),
  });
}
