import { CHAT_MESSAGE_ID_PATTERN, zDriverFeedMessage } from '@jala/contracts';
import { makeDriverTripRequest } from '@jala/test-factories';
import { describe, expect, it, vi } from 'vitest';

import { counterOfferError } from '@/features/live-trip/driver-view/components/counter-offer-form';
import { requestsErrorFix } from '@/features/live-trip/driver-view/components/requests-error';
import {
  applyFeedMessage,
  hasMovedMeaningfully,
  noticeAfter,
  offeredTripEvent,
  sortRequests,
  upsertRequest,
} from '@/features/live-trip/driver-view/model/requests-feed';
import {
  chatTextToSend,
  mergeChat as mergeChatMessages,
  newChatMessageId,
} from '@/features/live-trip/shared/chat/merge-chat';
import { formatKm, formatRating } from '@/features/live-trip/shared/model/format';
import { parseMessage } from '@/lib/realtime/use-realtime-topic';

/** The driver's feed as the live trip reads it: validated with the contract schema, malformed → null. */
const parseFeedMessage = (payload: unknown) => parseMessage(zDriverFeedMessage, payload);

const none = new Set<number>();

describe('driver request feed rules', () => {
  it('adds a pushed request nearest first and keeps an offer already made on it', () => {
    const near = makeDriverTripRequest({ id: 1, distance_to_pickup_km: 0.5, my_offer_price: 15 });
    const far = makeDriverTripRequest({ id: 2, distance_to_pickup_km: 3 });
    const list = applyFeedMessage(
      [far],
      { type: 'trip_request', request: makeDriverTripRequest({ id: 1, distance_to_pickup_km: 0.5 }) },
      none,
    ).requests;
    expect(list.map((r) => r.id)).toEqual([1, 2]);
    expect(upsertRequest([near], makeDriverTripRequest({ id: 1, distance_to_pickup_km: 0.5 }))[0]?.my_offer_price).toBe(
      15,
    );
  });

  it('never brings back a request the driver rejected', () => {
    const outcome = applyFeedMessage(
      [],
      { type: 'trip_request', request: makeDriverTripRequest({ id: 9 }) },
      new Set([9]),
    );
    expect(outcome.requests).toEqual([]);
  });

  it('removes closed and declined requests with a note only when the driver had them', () => {
    const list = [makeDriverTripRequest({ id: 1, passenger_name: 'Ana' })];
    expect(applyFeedMessage(list, { type: 'trip_request_closed', trip_id: 1 }, none)).toEqual({
      requests: [],
      notice: { text: 'La solicitud de Ana ya no está disponible.', passengerName: 'Ana' },
    });
    expect(applyFeedMessage(list, { type: 'offer_declined', trip_id: 1 }, none)).toEqual({
      requests: [],
      notice: { text: 'Ana eligió otra oferta.', passengerName: 'Ana' },
    });
    expect(applyFeedMessage(list, { type: 'offer_declined', trip_id: 7 }, none).notice).toBeNull();
  });

  it('drops malformed feed messages', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseFeedMessage({ type: 'trip_request', request: { id: 1 } })).toBeNull();
    expect(parseFeedMessage('hola')).toBeNull();
    expect(parseFeedMessage({ type: 'trip_request_closed', trip_id: 4 })).toEqual({
      type: 'trip_request_closed',
      trip_id: 4,
    });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('sorts by distance to pickup, then oldest first', () => {
    const a = makeDriverTripRequest({ id: 1, distance_to_pickup_km: 1, created_at: '2025-01-01T10:05:00Z' });
    const b = makeDriverTripRequest({ id: 2, distance_to_pickup_km: 1, created_at: '2025-01-01T10:00:00Z' });
    const c = makeDriverTripRequest({ id: 3, distance_to_pickup_km: 0.2 });
    expect(sortRequests([a, b, c]).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('refetches after a move of 200 m or more', () => {
    const here = { latitude: -12.1211, longitude: -77.0297 };
    expect(hasMovedMeaningfully(null, here)).toBe(true);
    expect(hasMovedMeaningfully(here, null)).toBe(false);
    expect(hasMovedMeaningfully(here, { latitude: -12.1202, longitude: -77.0297 })).toBe(false); // ~100 m
    expect(hasMovedMeaningfully(here, { latitude: -12.1185, longitude: -77.0297 })).toBe(true); // ~290 m
  });

  it('reads trip_status for an offered trip: chosen, another driver chosen, cancelled, other', () => {
    const at = new Date().toISOString();
    expect(offeredTripEvent({ trip_id: 1, status: 'accepted', driver_id: 5, timestamp: at }, 5, 'Ana')).toEqual({
      kind: 'assigned_to_me',
    });
    expect(offeredTripEvent({ trip_id: 1, status: 'accepted', driver_id: 6, timestamp: at }, 5, 'Ana')).toEqual({
      kind: 'closed',
      notice: 'Ana eligió otra oferta.',
    });
    expect(
      offeredTripEvent({ trip_id: 1, status: 'cancelled_by_passenger', driver_id: null, timestamp: at }, 5, null).kind,
    ).toBe('closed');
    expect(offeredTripEvent({ trip_id: 1, status: 'en_route', driver_id: 6, timestamp: at }, 5, 'Ana')).toEqual({
      kind: 'none',
    });
  });
});

describe('small rules of the driver screens', () => {
  it('chat: blank text is not sent; messages merge once, oldest first', () => {
    expect(chatTextToSend('   ')).toBeNull();
    expect(chatTextToSend(' hola ')).toBe('hola');
    const a = { sender: 1, role: 'passenger' as const, message: 'a', timestamp: '2025-01-01T10:00:00Z' };
    const b = { sender: 2, role: 'driver' as const, message: 'b', timestamp: '2025-01-01T09:00:00Z' };
    expect(mergeChatMessages([a], [b, a])).toEqual([b, a]);
  });

  it('chat: a message delivered twice (a QoS 1 resend) or stored with the server time shows once, by its id', () => {
    const live = {
      id: newChatMessageId(),
      sender: 1,
      role: 'passenger' as const,
      message: 'hola',
      timestamp: '2025-01-01T10:00:00.000Z',
    };
    const stored = { ...live, timestamp: '2025-01-01T10:00:00.412Z' };
    expect(live.id).toMatch(CHAT_MESSAGE_ID_PATTERN);
    expect(newChatMessageId()).not.toBe(live.id);
    expect(mergeChatMessages([], [live, live])).toEqual([live]);
    expect(mergeChatMessages([stored], [live])).toEqual([stored]);
    // The same words sent again are a new message (a new id).
    const again = { ...live, id: newChatMessageId() };
    expect(mergeChatMessages([live], [again])).toEqual([live, again]);
  });

  it('counter-offer: more than zero, at most two decimals, not absurd', () => {
    expect(counterOfferError('')).toBe('Ingresa un precio mayor que cero.');
    expect(counterOfferError('0')).toBe('Ingresa un precio mayor que cero.');
    expect(counterOfferError('-3')).toBe('Ingresa un precio mayor que cero.');
    expect(counterOfferError('12.345')).toBe('El precio admite como máximo dos decimales.');
    expect(counterOfferError('9000')).toBe('El precio es demasiado alto.');
    expect(counterOfferError('12.5')).toBeNull();
    expect(counterOfferError('12,50')).toBeNull();
  });

  it('links each server refusal to where it is fixed', () => {
    expect(
      requestsErrorFix(
        'Tu perfil de conductor está pendiente de verificación. Te avisaremos cuando puedas recibir viajes.',
      )?.to,
    ).toBe('/driver/status');
    expect(requestsErrorFix('Selecciona un vehículo activo en "Estado" para recibir solicitudes.')?.to).toBe(
      '/driver/status',
    );
    expect(requestsErrorFix('Registra tu perfil de conductor para recibir solicitudes.')?.to).toBe('/driver/profile');
    expect(requestsErrorFix('Error de red. Revisa tu conexión.')).toBeNull();
  });

  it('distances and ratings to one decimal, rounding half up on the printed value', () => {
    expect(formatKm(0.35)).toBe('0.4 km');
    expect(formatKm(7.8)).toBe('7.8 km');
    expect(formatKm(12)).toBe('12.0 km');
    expect(formatRating(4.75)).toBe('★ 4.8');
    expect(formatRating(null)).toBe('Nuevo');
  });
});

describe('the note about a request that went away', () => {
  const gone = { text: 'La solicitud de Ana ya no está disponible.', passengerName: 'Ana' };

  it("is retired by a new request from the same passenger, and kept over anyone else's", () => {
    expect(
      noticeAfter(gone, { type: 'trip_request', request: makeDriverTripRequest({ id: 2, passenger_name: 'Ana' }) }),
    ).toBeNull();
    expect(
      noticeAfter(gone, { type: 'trip_request', request: makeDriverTripRequest({ id: 3, passenger_name: 'Rosa' }) }),
    ).toBe(gone);
    expect(noticeAfter(gone, { type: 'trip_request_closed', trip_id: 9 })).toBe(gone);
    expect(
      noticeAfter(null, { type: 'trip_request', request: makeDriverTripRequest({ id: 2, passenger_name: 'Ana' }) }),
    ).toBeNull();
  });
});
