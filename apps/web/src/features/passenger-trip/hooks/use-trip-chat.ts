import { useQuery, useQueryClient } from '@tanstack/react-query';
import { topics, zChatMessage, type ChatMessage } from '@jala/contracts';
import { realtime } from '../../../lib/realtime';
import { fetchChatHistory, tripKeys } from '../api/passenger-trip-api';
import { mergeChat } from '../model/chat';
import { useRealtimeTopic } from './use-realtime-topic';

/**
 * The conversation with one offering driver: stored history (GET /trips/{id}/chat/{driverId}) plus live
 * messages on chat/{trip}/{driver}; reloaded whenever the link comes back. `send` publishes as the
 * passenger; a blank message is not sent (spec §5).
 */
export function useTripChat(tripId: number, driverId: number, userId: number | null) {
  const queryClient = useQueryClient();
  const key = tripKeys.chat(tripId, driverId);
  const topic = topics.chat(tripId, driverId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchChatHistory(tripId, driverId) });
  const append = (message: ChatMessage): void => {
    queryClient.setQueryData<ChatMessage[]>(key, (old) => mergeChat(old ?? [], [message]));
  };

  useRealtimeTopic(topic, {
    parse: (payload) => {
      const parsed = zChatMessage.safeParse(payload);
      return parsed.success ? parsed.data : null;
    },
    onMessage: append,
    onLive: () => void queryClient.invalidateQueries({ queryKey: key }),
  });

  /** Resolves false when there was nothing to send; rejects when the realtime link is down. */
  const send = async (text: string): Promise<boolean> => {
    const message = text.trim();
    if (!message || userId === null) return false;
    const payload: ChatMessage = { sender: userId, role: 'passenger', message, timestamp: new Date().toISOString() };
    await realtime.publish(topic, payload, { qos: 1 });
    append(payload);
    return true;
  };

  return { messages: query.data ?? [], isLoading: query.isPending, error: query.error, send };
}
