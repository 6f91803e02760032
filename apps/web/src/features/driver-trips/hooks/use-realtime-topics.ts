import { useEffect, useRef } from 'react';
import { realtime, type RealtimeClient } from '../../../lib/realtime';

export type TopicClient = Pick<RealtimeClient, 'isConnected' | 'onConnectionChange' | 'subscribe'>;

export interface RealtimeTopicsOptions {
  /**
   * Runs each time the subscriptions are (re)established on a live connection: the moment to refetch
   * what may have been published while nobody was listening.
   */
  onLive?: () => void;
  client?: TopicClient;
}

/**
 * Listens to MQTT topics for as long as the component is mounted. The realtime client refuses to
 * subscribe while disconnected, so this waits for the connection and subscribes then; the handler always
 * sees the latest props (kept in a ref), and topics are compared by value.
 */
export function useRealtimeTopics(
  topics: readonly string[],
  onMessage: (payload: unknown, topic: string) => void,
  { onLive, client = realtime }: RealtimeTopicsOptions = {},
): void {
  const handlers = useRef({ onMessage, onLive });
  useEffect(() => {
    handlers.current = { onMessage, onLive };
  });

  const key = topics.join('\n');
  useEffect(() => {
    const list = key === '' ? [] : key.split('\n');
    if (list.length === 0) return;
    let unsubscribers: (() => void)[] = [];

    const subscribeAll = (): void => {
      if (!client.isConnected()) return;
      if (unsubscribers.length === 0) {
        try {
          unsubscribers = list.map((topic) =>
            client.subscribe(topic, (payload, received) => handlers.current.onMessage(payload, received)),
          );
        } catch (error) {
          // The link dropped between the check and the call: the next 'connected' event retries.
          for (const unsubscribe of unsubscribers) unsubscribe();
          unsubscribers = [];
          console.warn('[realtime] subscription postponed', error);
          return;
        }
      }
      handlers.current.onLive?.();
    };

    subscribeAll();
    const stopListening = client.onConnectionChange((state) => {
      if (state === 'connected') subscribeAll();
    });
    return () => {
      stopListening();
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [key, client]);
}
