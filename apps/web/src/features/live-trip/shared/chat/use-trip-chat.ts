import { CHAT_MESSAGE_MAX, type ChatMessage, type ChatPage, topics, zChatMessage } from '@jala/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';

import { fetchChatPage, liveTripKeys } from '@/features/live-trip/api/live-trip-api';
import { realtime, type RealtimeClient, realtimeErrorMessage } from '@/lib/realtime/realtime';
import { useRealtimeTopic } from '@/lib/realtime/use-realtime-topic';

import { chatTextToSend, mergeChat, newChatMessageId } from './merge-chat';

export type ChatClient = Pick<RealtimeClient, 'isConnected' | 'onConnectionChange' | 'subscribe' | 'publish'>;

/** The pages of a conversation read so far, newest first: page 0 is the newest (live messages join it). */
type ChatPages = InfiniteData<ChatPage, number | null>;

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
  /** Every message read so far (the pages and the live ones), oldest first, each once. */
  messages: ChatMessage[];
  isLoading: boolean;
  error: unknown;
  /** Whether older messages are stored than those shown ('Ver mensajes anteriores'). */
  hasOlder: boolean;
  /** Reads the page before the oldest message shown. */
  loadOlder: () => Promise<unknown>;
  isLoadingOlder: boolean;
  /** Publishes a message; resolves false when there was nothing to send, rejects with a Spanish message. */
  send: (text: string) => Promise<boolean>;
  isSending: boolean;
}

/** Adds live messages to the newest page (or starts one when the history is not there yet). */
function withLive(current: ChatPages | undefined, messages: readonly ChatMessage[]): ChatPages {
  if (!current || current.pages.length === 0)
    return { pages: [{ messages: mergeChat([], messages), next_before: null }], pageParams: [null] };
  const [newest, ...older] = current.pages as [ChatPage, ...ChatPage[]];
  return { ...current, pages: [{ ...newest, messages: mergeChat(newest.messages, messages) }, ...older] };
}

/**
 * The conversation between the passenger and one offering driver, the same on both phones: the newest page
 * of the stored history (GET /trips/{id}/chat/{driverId}/messages), older pages on demand through the
 * page's cursor, kept live over chat/{trip}/{driver} (reloaded whenever the link comes back: every page
 * read is read again, newest first). `send` publishes as `role` with a fresh message id and shows the
 * message once the broker acknowledges it (its echo, any copy a QoS 1 resend delivers, and the same
 * message in a page read later are merged away by that id). A blank message is not sent (spec §5).
 */
export function useTripChat({ tripId, driverId, role, senderId, client = realtime }: TripChatParams): TripChat {
  const queryClient = useQueryClient();
  const queryKey = liveTripKeys.chat(tripId, driverId);
  const topic = topics.chat(tripId, driverId);
  const history = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchChatPage(tripId, driverId, pageParam),
    initialPageParam: null as number | null,
    // "Next" reads further into the past: the page before the oldest one read.
    getNextPageParam: (page: ChatPage) => page.next_before,
  });

  const append = useCallback(
    (messages: ChatMessage[]) =>
      queryClient.setQueryData<ChatPages>(liveTripKeys.chat(tripId, driverId), (current) =>
        withLive(current, messages),
      ),
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
    await publish.mutateAsync({
      id: newChatMessageId(),
      sender: senderId,
      role,
      message: body.slice(0, CHAT_MESSAGE_MAX),
      timestamp: new Date().toISOString(),
    });
    return true;
  };

  const pages = history.data?.pages;
  // Oldest page first; a message may sit in two pages (a live one the newest page read again), shown once.
  const messages = useMemo(
    () =>
      pages
        ? mergeChat(
            [],
            [...pages].reverse().flatMap((page) => page.messages),
          )
        : [],
    [pages],
  );

  return {
    messages,
    isLoading: history.isPending,
    error: history.error,
    hasOlder: history.hasNextPage,
    loadOlder: () => history.fetchNextPage(),
    isLoadingOlder: history.isFetchingNextPage,
    send,
    isSending: publish.isPending,
  };
}
