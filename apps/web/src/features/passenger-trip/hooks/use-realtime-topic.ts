import { useEffect, useRef } from 'react';
import { realtime } from '../../../lib/realtime';

export interface RealtimeTopicOptions<T> {
  /** Validates an incoming payload; null drops it (logged). */
  parse: (payload: unknown) => T | null;
  onMessage: (message: T) => void;
  /**
   * Called each time the subscription is (again) live: after subscribing and after every reconnection.
   * Use it to refetch over HTTP whatever may have been missed while the link was down.
   */
  onLive?: () => void;
}

/**
 * Follows an MQTT topic while mounted (null = none). Subscribes as soon as the realtime link is up,
 * keeps the subscription across reconnections (the realtime client restores it) and stops on unmount.
 */
export function useRealtimeTopic<T>(topic: string | null, options: RealtimeTopicOptions<T>): void {
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => {
    if (!topic) return;
    let unsubscribe: (() => void) | null = null;
    const handler = (payload: unknown): void => {
      const message = optionsRef.current.parse(payload);
      if (message === null) {
        console.warn(`[realtime] unexpected message on ${topic} ignored`);
        return;
      }
      optionsRef.current.onMessage(message);
    };
    const ensureSubscribed = (): void => {
      if (!unsubscribe) {
        if (!realtime.isConnected()) return;
        try {
          unsubscribe = realtime.subscribe(topic, handler);
        } catch (error) {
          console.warn(`[realtime] could not follow ${topic}`, error);
          return;
        }
      }
      optionsRef.current.onLive?.();
    };
    ensureSubscribed();
    const stopListening = realtime.onConnectionChange((state) => {
      if (state === 'connected') ensureSubscribed();
    });
    return () => {
      stopListening();
      unsubscribe?.();
    };
  }, [topic]);
}
