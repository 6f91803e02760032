import type { ChatMessage } from '@jala/contracts';
import { apiClient, callApi } from '../../../lib/api-client';

/** Calls both sides of the live trip make, and the cache keys of the live trip's own queries. */

export const CHAT_FALLBACK = 'No se pudo cargar la conversación';

export const fetchChatHistory = (tripId: number, driverId: number) =>
  callApi(apiClient.get<ChatMessage[]>(`/trips/${tripId}/chat/${driverId}`), CHAT_FALLBACK);

export const liveTripKeys = {
  /** Prefix of every live-trip query (offers, chat, receipts, the driver's requests). */
  all: ['live-trip'] as const,
  chat: (tripId: number, driverId: number) => ['live-trip', tripId, 'chat', driverId] as const,
  offers: (tripId: number) => ['live-trip', tripId, 'offers'] as const,
  ended: (tripId: number) => ['live-trip', tripId, 'ended'] as const,
  requests: (driverId: number) => ['live-trip', 'requests', driverId] as const,
  receipt: (tripId: number) => ['live-trip', tripId, 'receipt'] as const,
};
