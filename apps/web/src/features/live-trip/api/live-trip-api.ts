import * as endpoints from '@jala/contracts/endpoints';

import { api, callApi } from '@/lib/api/api-client';

/** Calls both sides of the live trip make, and the cache keys of the live trip's own queries. */

export const CHAT_FALLBACK = 'No se pudo cargar la conversación';

/** A page of the stored conversation: the newest, or the one before the cursor `before` (a page's `next_before`). */
export const fetchChatPage = (tripId: number, driverId: number, before: number | null) =>
  callApi(
    api(endpoints.chatMessages, { params: { id: tripId, driverId }, query: { before: before ?? undefined } }),
    CHAT_FALLBACK,
  );

export const liveTripKeys = {
  /** Prefix of every live-trip query (offers, chat, receipts, the driver's requests). */
  all: ['live-trip'] as const,
  chat: (tripId: number, driverId: number) => ['live-trip', tripId, 'chat', driverId] as const,
  offers: (tripId: number) => ['live-trip', tripId, 'offers'] as const,
  ended: (tripId: number) => ['live-trip', tripId, 'ended'] as const,
  requests: (driverId: number) => ['live-trip', 'requests', driverId] as const,
  receipt: (tripId: number) => ['live-trip', tripId, 'receipt'] as const,
};
