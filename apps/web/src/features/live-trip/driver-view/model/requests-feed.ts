import type { DriverFeedMessage, DriverTripRequest, TripStatusMessage } from '@jala/contracts';
import { type Coordinates, haversineKm } from '@jala/domain';

/**
 * Pure rules for the driver's live list of requests: how a feed message or a trip_status message changes
 * it, and when the driver has moved enough to ask the server again.
 */

/** Moving this far from where the list was last fetched refetches it (the matching radius is in km). */
export const MEANINGFUL_MOVE_KM = 0.2;
/** The list is refetched at least this often, so requests nobody announced (closed, expired) disappear. */
export const REQUESTS_REFRESH_MS = 15_000;

export function hasMovedMeaningfully(from: Coordinates | null, to: Coordinates | null): boolean {
  if (!to) return false;
  if (!from) return true;
  return haversineKm(from, to) >= MEANINGFUL_MOVE_KM;
}

/** Nearest pickup first, then the oldest request first (it has waited longest). */
export function sortRequests(requests: readonly DriverTripRequest[]): DriverTripRequest[] {
  return [...requests].sort(
    (a, b) =>
      a.distance_to_pickup_km - b.distance_to_pickup_km || a.created_at.localeCompare(b.created_at) || a.id - b.id,
  );
}

/** Adds or replaces a request, keeping an offer the driver already made on it. */
export function upsertRequest(
  requests: readonly DriverTripRequest[],
  incoming: DriverTripRequest,
): DriverTripRequest[] {
  const existing = requests.find((r) => r.id === incoming.id);
  const merged =
    existing && incoming.my_offer_price === null ? { ...incoming, my_offer_price: existing.my_offer_price } : incoming;
  return sortRequests([...requests.filter((r) => r.id !== incoming.id), merged]);
}

export function removeRequest(requests: readonly DriverTripRequest[], tripId: number): DriverTripRequest[] {
  return requests.filter((r) => r.id !== tripId);
}

export function markOffered(
  requests: readonly DriverTripRequest[],
  tripId: number,
  price: number,
): DriverTripRequest[] {
  return requests.map((r) => (r.id === tripId ? { ...r, my_offer_price: price } : r));
}

/** A note about a request that went away, and whose it was (so a newer request of theirs can retire it). */
export interface RequestNotice {
  text: string;
  passengerName: string | null;
}

/** How long a note about a request that went away stays on screen: news, not a state. */
export const REQUEST_NOTICE_MS = 10_000;

/**
 * The note to keep after a feed message: a new request from the passenger the note is about makes it stale
 * ("La solicitud de Ana ya no está disponible." above Ana's new request reads as if that one were gone).
 */
export function noticeAfter(notice: RequestNotice | null, message: DriverFeedMessage): RequestNotice | null {
  if (notice && message.type === 'trip_request' && notice.passengerName === message.request.passenger_name) return null;
  return notice;
}

export interface FeedOutcome {
  requests: DriverTripRequest[];
  /** A note for the driver when a request they offered on went away, else null. */
  notice: RequestNotice | null;
}

/**
 * Applies one feed message. `hidden` are requests this driver rejected here (never shown again).
 * - trip_request: appears (or is refreshed) in place, nearest first;
 * - trip_request_closed: disappears (the passenger cancelled it or it expired);
 * - offer_declined: disappears (the passenger chose another driver).
 */
export function applyFeedMessage(
  requests: readonly DriverTripRequest[],
  message: DriverFeedMessage,
  hidden: ReadonlySet<number>,
): FeedOutcome {
  switch (message.type) {
    case 'trip_request':
      if (hidden.has(message.request.id)) return { requests: [...requests], notice: null };
      return { requests: upsertRequest(requests, message.request), notice: null };
    case 'trip_request_closed': {
      const gone = requests.find((r) => r.id === message.trip_id);
      return {
        requests: removeRequest(requests, message.trip_id),
        notice: gone
          ? {
              text: `La solicitud de ${gone.passenger_name} ya no está disponible.`,
              passengerName: gone.passenger_name,
            }
          : null,
      };
    }
    case 'offer_declined': {
      const gone = requests.find((r) => r.id === message.trip_id);
      return {
        requests: removeRequest(requests, message.trip_id),
        notice: gone
          ? { text: `${gone.passenger_name} eligió otra oferta.`, passengerName: gone.passenger_name }
          : null,
      };
    }
  }
}

export type OfferedTripEvent = { kind: 'assigned_to_me' } | { kind: 'closed'; notice: string } | { kind: 'none' };

/** What a trip_status message on a trip this driver offered on means for them. */
export function offeredTripEvent(
  message: TripStatusMessage,
  myId: number,
  passengerName: string | null,
): OfferedTripEvent {
  const who = passengerName ?? 'El pasajero';
  if (message.status === 'accepted') {
    return message.driver_id === myId
      ? { kind: 'assigned_to_me' }
      : { kind: 'closed', notice: `${who} eligió otra oferta.` };
  }
  if (message.status.startsWith('cancelled')) {
    return {
      kind: 'closed',
      notice: passengerName
        ? `La solicitud de ${passengerName} ya no está disponible.`
        : 'La solicitud ya no está disponible.',
    };
  }
  return { kind: 'none' };
}
