import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGE_MAX, topics, zChatMessage, type ChatMessage } from '@jala/contracts';
import { realtime, realtimeErrorMessage, type RealtimeClient } from '../../../../lib/realtime';
import { fetchChatHistory, liveTripKeys } from '../api';
import { useRealtimeTopic } from '../../../../lib/use-realtime-topic';
import { chatTextToSend, mergeChat, newChatMessageId } from './merge-chat';

export type ChatClient = Pick<RealtimeClient, 'isConnected' | 'onConnectionChange' | 'subscribe' | 'publish'>;

export interface TripChatParams {
  tripId: number;
  /** The offering driver: one conversation per trip and driver (chat/{trip}/{driver}). */
  driverId: number;
  /** Who writes from this phone. */
  role: ChatMessage['role'];
  /** This user's id (the message's sender); null while unknown (nothing is sent). */
  senderId: number | null;
  client?: ChatClient;
}

export interface TripChat {
  messages: ChatMessage[];
  isLoading: boolean;
  error: unknown;
  /** Publishes a message; resolves false when there was nothing to send, rejects with a Spanish message. */
  send: (text: string) => Promise<boolean>;
  isSending: boolean;
}

/**
 * The conversation between the passenger and one offering driver, the same on both phones: stored
 * history (GET /trips/{id}/chat/{driverId}) kept live over chat/{trip}/{driver} (reloaded whenever the
 * link comes back); `send` publishes as `role` with a fresh message id and shows the message once the
 * broker acknowledges it (its echo, and any copy a QoS 1 resend delivers, are merged away by that id).
 * A blank message is not sent (spec §5).
 */
export function useTripChat({ tripId, driverId, role, senderId, client = realtime }: TripChatParams): TripChat {
  const queryClient = useQueryClient();
  const queryKey = liveTripKeys.chat(tripId, driverId);
  const topic = topics.chat(tripId, driverId);
  const history = useQuery({ queryKey, queryFn: () => fetchChatHistory(tripId, driverId) });

  const append = useCallback(
    (messages: ChatMessage[]) =>
      queryClient.setQueryData<ChatMessage[]>(liveTripKeys.chat(tripId, driverId), (current) => mergeChat(current ?? [], messages)),
    [queryClient, tripId, driverId],
  );

  useRealtimeTopic(topic, zChatMessage, {
    client,
    onMessage: (message) => append([message]),
    // Messages sent while we were not subscribed are in the stored history.
    onLive: () => void queryClient.invalidateQueries({ queryKey: liveTripKeys.chat(tripId, driverId) }),
  });

  const publish = useMutation({
    mutationFn: async (message: ChatMessage) => {
      try {
        await client.publish(topic, message, { qos: 1 });
      } catch (error) {
        throw new Error(realtimeErrorMessage(error), { cause: error });
      }
      return message;
    },
    onSuccess: (message) => append([message]),
  });

  const send = async (text: string): Promise<boolean> => {
    const body = chatTextToSend(text);
    if (body === null || senderId === null) return false;
    await publish.mutateAsync({ id: newChatMessageId(), sender: senderId, role, message: body.slice(0, CHAT_MESSAGE_MAX), timestamp: new Date().toISOString() });
    return true;
  };

  return { messages: history.data ?? [], isLoading: history.isPending, error: history.error, send, isSending: publish.isPending };
}
