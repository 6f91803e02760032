/**
 * The trips module (the marketplace and everything around a trip), by capability:
 * - core/: the trip row and its DTOs, who may see what (TripAccess), realtime events, the live-trips read
 *   model, the trips repository, the actor checks and the state machine's gate;
 * - marketplace/: requests (create and publish, raise, cancel, expire), offers (send, reject, accept), the
 *   driver's stages and completion, the driver's request feed, matching, the active-trip reads;
 * - bookings/: scheduled rides and their clock; payments/: Yape/Plin after the ride; fares/: fare
 *   adjustments and the fare hint; chat/: the stored chat; receipts/: the receipt and its PDF.
 * Other modules import trips only from here.
 */
import { parseTopic, zDriverLocation } from '@jala/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { BookingClock } from './bookings/booking-clock';
import { BookingsRepository } from './bookings/bookings.repository';
import { bookingRoutes } from './bookings/bookings.routes';
import { BookingsService } from './bookings/bookings.service';
import { TripClockStats } from './bookings/clock-stats';
import { ChatRepository } from './chat/chat.repository';
import { chatRoutes } from './chat/chat.routes';
import { ChatService } from './chat/chat.service';
import { DriverContextRepository } from './core/driver-context.repository';
import { parseJson } from './core/json';
import { LiveTrips } from './core/live-trips';
import { TripAccess } from './core/trip-access';
import { TripAccessRepository } from './core/trip-access.repository';
import { TripEvents } from './core/trip-events';
import { fareAdjustmentRoutes } from './fares/fare-adjustments.routes';
import { FareAdjustmentsService } from './fares/fare-adjustments.service';
import { FareHintRepository } from './fares/fare-hint.repository';
import { fareHintRoutes } from './fares/fare-hint.routes';
import { FareHintService } from './fares/fare-hint.service';
import { activeTripRoutes } from './marketplace/active-trip.routes';
import { ActiveTripService } from './marketplace/active-trip.service';
import { MatchingRepository } from './marketplace/matching.repository';
import { offerRoutes } from './marketplace/offers.routes';
import { OffersService } from './marketplace/offers.service';
import { RequestFanout } from './marketplace/request-fanout';
import { tripRequestRoutes } from './marketplace/trip-requests.routes';
import { TripRequestsService } from './marketplace/trip-requests.service';
import { StartCodeThrottle } from './marketplace/trip-safety-checks';
import { tripStageRoutes } from './marketplace/trip-stages.routes';
import { TripStagesService } from './marketplace/trip-stages.service';
import { PaymentsRepository } from './payments/payments.repository';
import { paymentRoutes } from './payments/payments.routes';
import { PaymentsService } from './payments/payments.service';
import { ReceiptService } from './receipts/receipt.service';
import { receiptRoutes } from './receipts/receipts.routes';
import { DriverFeeds } from './request-feed/driver-feed';
import { DriverPositionWriter } from './request-feed/position-writer';
import { requestFeedRoutes } from './request-feed/request-feed.routes';
import { RequestFeedService } from './request-feed/request-feed.service';
import type { TripCoreDeps, TripModuleDeps } from './trip-module-deps';
import { defineTripTopicRules } from './trip-topic-rules';

// What other modules use of trips (admin, safety, notifications, ratings, passengers, drivers, app.ts).
export { TripsRepository, type OfferRow } from './core/trips.repository';
export { toFareAdjustmentDto, type TripRow, type FareAdjustmentRow, type TripParty } from './core/trip-dto';
export { driverId, passengerId } from './core/trip-actor';
export type { TripNotifications } from './core/trip-events';
export type { LiveTrips } from './core/live-trips';
export type { TripRequestsService, OperatorCancelAudit } from './marketplace/trip-requests.service';
export type { PaymentsService, CaseResolutionAudit } from './payments/payments.service';
export type { PaymentCaseRow } from './payments/payments.repository';
export type { BookingClock, BookingReminderDelivery, BookingReminderHook } from './bookings/booking-clock';
export type { TripClockStats } from './bookings/clock-stats';
export type { TripCoreDeps, TripModuleDeps } from './trip-module-deps';

/**
 * The sweep that turns the marketplace's clock every `periodMs` (TRIP_CLOCK_SECONDS, 30 s by default) runs
 * once per period across the cluster (`lib/cluster-lock.ts`); the margin (a sixth of the period, at most
 * 5 s) lets a node whose timer fires a little early still take its turn. Running it twice would be harmless
 * anyway: expiring is a conditional update of pending rows, so a second sweep finds nothing.
 */
export function tripClockJob(periodMs: number) {
  return {
    name: 'trip_expiry_sweep',
    lockKey: 7_146_001,
    minIntervalMs: periodMs - Math.min(5_000, Math.floor(periodMs / 6)),
  };
}

/** How long a driver's MQTT position may wait for the batched write (position-writer.ts). */
const POSITION_WRITE_INTERVAL_MS = 1_000;

/**
 * Builds the marketplace services once, before any route: the MQTT ACL rules need them too. app.ts passes
 * them to every module in ModuleDeps (and keeps them: tests drive expiry through them).
 */
export function createTripServices(deps: TripCoreDeps) {
  const { trips, log, now } = deps;
  const matching = new MatchingRepository(deps.db);
  const drivers = new DriverContextRepository(deps.db, deps.config.driverMinBalanceCents);
  const events = new TripEvents(deps.broker, log, deps.push.notifications);
  const live = new LiveTrips(deps.readVersions, log);
  followDriverPositions(deps.broker, live, log);
  const access = new TripAccess(new TripAccessRepository(deps.db));
  const fanout = new RequestFanout({ trips, matching, events });
  const fareHints = new FareHintService({ repository: new FareHintRepository(deps.db), geo: deps.geo, now });
  const bookingsRepository = new BookingsRepository(deps.db);
  const bookings = new BookingsService({ bookings: bookingsRepository, trips, drivers, fanout, events, live, now });
  const bookingClock = new BookingClock({ repository: bookingsRepository, bookings, events, live, now, log });
  const requests = new TripRequestsService({
    trips,
    matching,
    geo: deps.geo,
    fareHints,
    events,
    live,
    fanout,
    now,
    expiryMinutes: deps.config.tripExpiryMinutes,
    bookings,
    bookingsRepository,
  });
  const offers = new OffersService({
    trips,
    matching,
    drivers,
    events,
    live,
    now,
    bookings,
    bookingsRepository,
  });
  const startCodes = new StartCodeThrottle({
    counters: deps.attemptCounters,
    maxFailures: deps.config.startCodeFailuresPerDriver,
    windowSeconds: deps.config.startCodeFailureWindowSeconds,
  });
  const stages = new TripStagesService({
    trips,
    events,
    live,
    now,
    arrivalRadiusMeters: deps.config.arrivalRadiusMeters,
    startCodes,
    bookings,
    platformFee: deps.config.platformFee,
  });
  const positions = new DriverPositionWriter(
    (rows) => trips.updateDriverPositions(rows),
    POSITION_WRITE_INTERVAL_MS,
    log,
  );
  const feed = new RequestFeedService({
    trips,
    matching,
    drivers,
    live,
    positions,
    feeds: new DriverFeeds(deps.readVersions),
    now,
  });
  const chat = new ChatService(new ChatRepository(deps.db), access, events);
  const activeTrips = new ActiveTripService(trips, live);
  const fareAdjustments = new FareAdjustmentsService({ trips, events, live, now });
  const receipts = new ReceiptService(trips);
  const payments = new PaymentsService({ trips, payments: new PaymentsRepository(deps.db), events, live, now });
  defineTripTopicRules(deps.acl, deps.broker, { access, chat, requests, feed }, log);
  /**
   * A driver's live offers on these trips were withdrawn outside this module (going offline, a suspension):
   * the passengers' offer lists reload, then the driver is cut off those trips on every node.
   */
  const offersWithdrawn = async (driverId: number, tripIds: number[]): Promise<void> => {
    await live.touchOffers(tripIds, driverId);
    await events.offersWithdrawn(driverId, tripIds);
  };
  return {
    requests,
    offers,
    stages,
    feed,
    positions,
    chat,
    activeTrips,
    fareAdjustments,
    receipts,
    payments,
    fareHints,
    events,
    live,
    offersWithdrawn,
    bookings,
    bookingClock,
    /** This node's turns of the clock, read by /metrics. */
    clockStats: new TripClockStats(),
  };
}

/** Each node's broker sees every driver_location publication (Redis fan-out on a cluster): the kept trips follow it. */
function followDriverPositions(broker: TripCoreDeps['broker'], live: LiveTrips, log: TripCoreDeps['log']): void {
  broker
    .onMessage('driver_location/+', (topic, payload) => {
      const parsed = parseTopic(topic);
      const location = zDriverLocation.safeParse(parseJson(payload));
      if (parsed?.kind === 'driverLocation' && location.success) live.driverMoved(parsed.tripId, location.data);
    })
    .catch((error: unknown) => log.error({ err: error }, 'following driver positions failed'));
}

export type TripServices = ReturnType<typeof createTripServices>;
/** What a module that uses the marketplace services adds to its ModuleDeps (app.ts builds them once). */
export interface TripServicesDep {
  tripServices: TripServices;
}

/**
 * One turn of the marketplace's clock, run once per cluster by the sweep: pending trips past their time
 * expire (bookings 10 minutes after theirs), then the bookings' reminders, go-live and activation, then the
 * reminders of 'Ya pagué' claims the driver has not answered.
 */
export async function runTripClock(services: TripServices): Promise<void> {
  await services.requests.expirePending();
  await services.bookingClock.tick();
  await services.payments.remindUnanswered();
}

/** A turn of the clock, its duration and outcome kept for /metrics. */
async function timedTurn(services: TripServices, stats: TripClockStats): Promise<void> {
  const start = performance.now();
  let failed = true;
  try {
    await runTripClock(services);
    failed = false;
  } finally {
    stats.turned((performance.now() - start) / 1000, failed);
  }
}

/** The marketplace routes, one small table per capability, and the clock's sweep, over the services app.ts built. */
export const tripModule: FastifyPluginAsyncZod<TripModuleDeps & TripServicesDep> = async (
  app,
  { tripServices: services, clusterLock, config },
) => {
  await app.register(activeTripRoutes, { activeTrips: services.activeTrips });
  await app.register(tripRequestRoutes, { requests: services.requests });
  await app.register(offerRoutes, { offers: services.offers });
  await app.register(chatRoutes, { chat: services.chat });
  await app.register(requestFeedRoutes, { feed: services.feed });
  await app.register(tripStageRoutes, { stages: services.stages });
  await app.register(fareAdjustmentRoutes, { adjustments: services.fareAdjustments });
  await app.register(receiptRoutes, { receipts: services.receipts });
  await app.register(paymentRoutes, { payments: services.payments });
  await app.register(fareHintRoutes, { fareHints: services.fareHints });
  await app.register(bookingRoutes, { bookings: services.bookings });

  const job = tripClockJob(config.tripClockMs);
  const stats = services.clockStats;
  let turning: Promise<unknown> = Promise.resolve();
  const sweep = setInterval(() => {
    stats.fired(performance.now(), config.tripClockMs);
    turning = clusterLock
      .runOnce(job, () => timedTurn(services, stats))
      .catch((error: unknown) => app.log.error({ err: error }, 'trip expiry sweep failed'));
  }, config.tripClockMs);
  sweep.unref();
  // A turn in flight finishes before the server closes its database (app.ts closes it after these hooks).
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await turning;
    await services.positions.close();
  });
};
