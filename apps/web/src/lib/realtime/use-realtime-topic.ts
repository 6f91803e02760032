import { useEffect, useRef } from 'react';

import { realtime, type RealtimeClient } from './realtime';

export type TopicClient = Pick<RealtimeClient, 'isConnected' | 'onConnectionChange' | 'subscribe'>;

/** What this hook needs of a contract (zod) schema; structural, so the web app needs no direct zod import. */
export interface MessageSchema<T> {
  safeParse(payload: unknown): { success: true; data: T } | { success: false };
}

/** A payload validated with its contract schema, or null (logged) when it does not match. */
export function parseMessage<T>(schema: MessageSchema<T>, payload: unknown, topic = 'realtime'): T | null {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  console.warn(`[realtime] malformed message on ${topic} ignored`);
  return null;
}

/**
 * Some `type`s of a topic that carries several (notifications/{user}: a verification, a booking reminder,
 * a booking's activation): the others are not this listener's and pass as null instead of being logged
 * as malformed.
 */
export function messageOfType<T>(types: string | readonly string[], schema: MessageSchema<T>): MessageSchema<T | null> {
  const mine = new Set(typeof types === 'string' ? [types] : types);
  return {
    safeParse: (payload) => {
      const type = (payload as { type?: unknown } | null)?.type;
      return typeof type === 'string' && mine.has(type) ? schema.safeParse(payload) : { success: true, data: null };
    },
  };
}

export interface RealtimeTopicOptions<T> {
  /** Gets every message that matches the contract schema (others are dropped and logged). */
  onMessage: (message: T, topic: string) => void;
  /**
   * Called each time the broker grants a subscription (SUBACK), per topic: after subscribing and after
   * every reconnection. Use it to refetch over HTTP whatever may have been missed while the link was down:
   * from then on every message on the topic is delivered live, so the refetch and the live messages leave
   * no gap.
   */
  onLive?: () => void;
  /** The realtime link (tests pass a fake); the app-wide client by default. */
  client?: TopicClient;
}

/**
 * The one way screens listen to MQTT: follows `topics` (one, several or none) while mounted,
 * validates every payload with the contract `schema` (zod safeParse; a malformed message is dropped and
 * logged, never handed on), waits for the link when it is down and re-runs `onLive` whenever the broker
 * grants the subscription again (the realtime client restores the subscriptions after a reconnection).
 * Topics are compared by value and the handlers always see the latest props.
 */
export function useRealtimeTopic<T>(
  topics: string | readonly string[] | null,
  schema: MessageSchema<T>,
  { onMessage, onLive, client = realtime }: RealtimeTopicOptions<T>,
): void {
  const latest = useRef({ schema, onMessage, onLive });
  useEffect(() => {
    latest.current = { schema, onMessage, onLive };
  });

  const key = topics === null ? '' : typeof topics === 'string' ? topics : topics.join('\n');
  useEffect(() => {
    const list = key === '' ? [] : key.split('\n');
    if (list.length === 0) return;
    let unsubscribers: (() => void)[] = [];

    const handler = (payload: unknown, topic: string): void => {
      const message = parseMessage(latest.current.schema, payload, topic);
      if (message !== null) latest.current.onMessage(message, topic);
    };

    const onLive = (): void => latest.current.onLive?.();

    const subscribeAll = (): void => {
      if (!client.isConnected() || unsubscribers.length > 0) return;
      const made: (() => void)[] = [];
      try {
        for (const topic of list)
          made.push(client.subscribe(topic, (payload, received) => handler(payload, received), { onLive }));
        unsubscribers = made;
      } catch (error) {
        // The link dropped between the check and the call: the next 'connected' event retries.
        for (const unsubscribe of made) unsubscribe();
        console.warn('[realtime] subscription postponed', error);
      }
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
