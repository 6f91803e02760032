import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGE_MAX, topics, type ChatMessage } from '@jala/contracts';
import { realtime, realtimeErrorMessage, type RealtimeClient } from '../../../lib/realtime';
import { driverTripKeys, fetchChatHistory } from '../api/driver-trips-api';
import { chatTextToSend, mergeChatMessages, parseChatMessage } from '../chat-messages';
import { useRealtimeTopics } from './use-realtime-topics';

export type ChatClient = Pick<RealtimeClient, 'isConnected' | 'onConnectionChange' | 'subscribe' | 'publish'>;

export interface OfferChatState {
  messages: ChatMessage[];
  isLoading: boolean;
  error: unknown;
  /** Publishes a message as this driver; rejects with a Spanish message. Blank text is not sent (resolves false). */
  send: (text: string) => Promise<boolean>;
}

/**
 * The conversation between this driver and the trip's passenger about one offer: stored history from
 * GET /trips/{id}/chat/{driverId}, kept live over chat/{trip}/{driver}, where this driver writes as 'driver'.
 */
export function useOfferChat(tripId: number, driverId: number, client: ChatClient = realtime): OfferChatState {
  const queryClient = useQueryClient();
  const queryKey = driverTripKeys.chat(tripId, driverId);
  const topic = topics.chat(tripId, driverId);
  const history = useQuery({ queryKey, queryFn: () => fetchChatHistory(tripId, driverId), staleTime: Infinity });

  const append = useCallback(
    (messages: ChatMessage[]) =>
      queryClient.setQueryData<ChatMessage[]>(driverTripKeys.chat(tripId, driverId), (current) => mergeChatMessages(current ?? [], messages)),
    [queryClient, tripId, driverId],
  );

  useRealtimeTopics(
    [topic],
    (payload) => {
      const message = parseChatMessage(payload);
      if (message) append([message]);
    },
    {
      client,
      // Messages sent while we were not subscribed are in the stored history.
      onLive: () => void queryClient.invalidateQueries({ queryKey: driverTripKeys.chat(tripId, driverId) }),
    },
  );

  const send = useCallback(
    async (text: string) => {
      const body = chatTextToSend(text);
      if (body === null) return false;
      const message: ChatMessage = { sender: driverId, role: 'driver', message: body.slice(0, CHAT_MESSAGE_MAX), timestamp: new Date().toISOString() };
      try {
        await client.publish(topic, message);
      } catch (error) {
        throw new Error(realtimeErrorMessage(error), { cause: error });
      }
      append([message]);
      return true;
    },
    [client, topic, driverId, append],
  );

  return { messages: history.data ?? [], isLoading: history.isPending, error: history.error, send };
}
