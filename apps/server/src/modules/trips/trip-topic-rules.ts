/**
 * MQTT ACL rules for the marketplace topics (GUIDE §4):
 * - trip_offers/{trip}: read by that trip's passenger; written by the server only.
 * - trip_status/{trip}: read by the passenger, the assigned driver and drivers who offered; server only writes.
 * - chat/{trip}/{driver}: read and written by that trip's passenger and that driver; the sender is checked.
 * - driver_location/{trip}: written by the assigned driver (valid position), read by the trip's passenger.
 * - jala/trip_requests: nobody reads it; a passenger may write a publication of their own trip. Creating a
 *   trip already published it, so this only publishes one not yet published (TripRequestsService
 *   .republishTrip), pushing it to eligible drivers' own feeds (jala/trip_requests/driver/{id}) once.
 */
import { parseTopic, zDriverLocation, zTripPublication } from '@jala/contracts';
import { isDriverType } from '@jala/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { RealtimeBroker } from '../../realtime/broker';
import type { TopicAcl } from '../../realtime/topic-acl';
import type { ChatService } from './chat/chat.service';
import { parseJson } from './core/json';
import type { TripAccess } from './core/trip-access';
import type { TripRequestsService } from './marketplace/trip-requests.service';
import type { RequestFeedService } from './request-feed/request-feed.service';

export function defineTripTopicRules(
  acl: TopicAcl,
  broker: RealtimeBroker,
  services: { access: TripAccess; chat: ChatService; requests: TripRequestsService; feed: RequestFeedService },
  log: FastifyBaseLogger,
): void {
  const { access, chat, requests, feed } = services;

  acl.define('tripOffers', { canSubscribe: (user, t) => access.isPassengerOf(user.id, t.tripId) });
  acl.define('tripStatus', { canSubscribe: (user, t) => access.canFollowStatus(user.id, t.tripId) });
  acl.define('chat', {
    canSubscribe: async (user, t) => (await access.canUseChat(user.id, t.tripId, t.driverId)) !== null,
    canPublish: async (user, t, payload) =>
      (await chat.acceptsMessage(user.id, t.tripId, t.driverId, payload)) !== null,
  });
  acl.define('driverLocation', {
    canSubscribe: async (user, t) =>
      (await access.isPassengerOf(user.id, t.tripId)) || access.isAssignedDriver(user.id, t.tripId, false),
    canPublish: async (user, t, payload) =>
      zDriverLocation.safeParse(parseJson(payload)).success && access.isAssignedDriver(user.id, t.tripId),
  });
  acl.define('driverTripRequests', {
    canSubscribe: (user, t) => t.driverId === user.id && isDriverType(user.userType),
  });
  acl.define('tripRequests', {
    canPublish: async (user, _t, payload) => {
      const publication = zTripPublication.safeParse(parseJson(payload));
      return (
        publication.success &&
        publication.data.passenger_id === user.id &&
        (await access.isPassengerOf(user.id, publication.data.trip_id))
      );
    },
  });

  // After the ACL let a client message through, act on it as the server.
  broker.onClientPublish((topic, payload, user) => {
    // Taken now, before the broker forwards the message: a reply to it is always stamped later, even when
    // its own insert (on another node, say) finishes first, so the stored chat keeps the order people saw.
    const receivedAt = new Date();
    const parsed = parseTopic(topic);
    const run = async () => {
      if (parsed?.kind === 'chat') {
        const message = await chat.acceptsMessage(user.id, parsed.tripId, parsed.driverId, payload);
        if (message) await chat.store(parsed.tripId, parsed.driverId, message, receivedAt);
      } else if (parsed?.kind === 'driverLocation') {
        const location = zDriverLocation.parse(parseJson(payload));
        feed.recordPosition(user.id, location);
      } else if (parsed?.kind === 'tripRequests') {
        const publication = zTripPublication.parse(parseJson(payload));
        // Ownership was checked once, by canPublish above.
        await requests.republishTrip(publication.trip_id);
      }
    };
    run().catch((error: unknown) => log.warn({ err: error, topic }, 'handling a client publish failed'));
  });
}
