import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseTopic, zDriverLocation } from '@jala/contracts';
import { parseJson } from './chat.service';
import type { CoreDeps, ModuleDeps } from '../module-deps';
import { activeTripRoutes } from './active-trip.routes';
import { ActiveTripService } from './active-trip.service';
import { ChatService } from './chat.service';
import { DriverFeeds } from './driver-feed';
import { DriverTripsService } from './driver-trips.service';
import { driverTripRoutes } from './driver-trips.routes';
import { fareRoutes } from './fare.routes';
import { FareService } from './fare.service';
import { FareHintRepository } from './fare-hint.repository';
import { fareHintRoutes } from './fare-hint.routes';
import { FareHintService } from './fare-hint.service';
import { LiveTrips } from './live-trips';
import { MatchingRepository } from './matching.repository';
import { PassengerTripsService } from './passenger-trips.service';
import { PaymentsRepository } from './payments.repository';
import { paymentRoutes } from './payments.routes';
import { PaymentsService } from './payments.service';
import { passengerTripRoutes } from './passenger-trips.routes';
import { TripAccess } from './trip-access';
import { BookingClock } from './booking-clock';
import { BookingsRepository } from './bookings.repository';
import { bookingRoutes } from './bookings.routes';
import { BookingsService } from './bookings.service';
import { TripEvents } from './trip-events';
import { StartCodeThrottle } from './trip-safety-checks';
import { defineTripTopicRules } from './trip-topic-rules';

/**
 * The sweep that turns the marketplace's clock every `periodMs` (TRIP_CLOCK_SECONDS, 30 s by default) runs
 * once per period across the cluster (`lib/cluster-lock.ts`); the margin (a sixth of the period, at most
 * 5 s) lets a node whose timer fires a little early still take its turn. Running it twice would be harmless
 * anyway: expiring is a conditional update of pending rows, so a second sweep finds nothing.
 */
export function tripClockJob(periodMs: number) {
  return { name: 'trip_expiry_sweep', lockKey: 7_146_001, minIntervalMs: periodMs - Math.min(5_000, Math.floor(periodMs / 6)) };
}

/**
 * Builds the marketplace services once, before any route: the MQTT ACL rules need them too. app.ts passes
 * them to every module in ModuleDeps (and keeps them: tests drive expiry through them).
 */
export function createTripServices(deps: CoreDeps) {
  const { trips, log } = deps;
  const matching = new MatchingRepository(deps.db);
  const events = new TripEvents(deps.broker, log, deps.push.notifications);
  const live = new LiveTrips(deps.readVersions, log);
  followDriverPositions(deps.broker, live, log);
  const access = new TripAccess(deps.db);
  const fareHints = new FareHintService({ repository: new FareHintRepository(deps.db), geo: deps.geo, now: deps.now });
  const bookingsRepository = new BookingsRepository(deps.db);
  const bookings = new BookingsService({ db: deps.db, bookings: bookingsRepository, trips, matching, events, live, now: deps.now });
  const bookingClock = new BookingClock({ repository: bookingsRepository, bookings, events, live, now: deps.now, log });
  const passengerTrips = new PassengerTripsService({
    trips, matching, users: deps.users, geo: deps.geo, fareHints, events, live, now: deps.now, expiryMinutes: deps.config.tripExpiryMinutes,
    bookings, bookingsRepository,
  });
  const startCodes = new StartCodeThrottle({
    counters: deps.attemptCounters, maxFailures: deps.config.startCodeFailuresPerDriver, windowSeconds: deps.config.startCodeFailureWindowSeconds,
  });
  const driverTrips = new DriverTripsService({
    db: deps.db, trips, matching, users: deps.users, events, live, feeds: new DriverFeeds(deps.readVersions), now: deps.now, arrivalRadiusMeters: deps.config.arrivalRadiusMeters, startCodes, bookings,
  });
  const chat = new ChatService(trips, access, events);
  const activeTrips = new ActiveTripService(trips, deps.users, live);
  const fares = new FareService({ trips, events, live, now: deps.now });
  const payments = new PaymentsService({ trips, payments: new PaymentsRepository(deps.db), events, live, now: deps.now });
  defineTripTopicRules(deps.acl, deps.broker, { access, chat, passengerTrips, driverTrips }, log);
  /**
   * A driver's live offers on these trips were withdrawn outside this module (going offline, a suspension):
   * the passengers' offer lists reload, then the driver is cut off those trips on every node.
   */
  const offersWithdrawn = async (driverId: number, tripIds: number[]): Promise<void> => {
    await live.touchOffers(tripIds, driverId);
    await events.offersWithdrawn(driverId, tripIds);
  };
  return { passengerTrips, driverTrips, chat, activeTrips, fares, payments, fareHints, events, live, offersWithdrawn, bookings, bookingClock };
}

/** Each node's broker sees every driver_location publication (Redis fan-out on a cluster): the kept trips follow it. */
function followDriverPositions(broker: CoreDeps['broker'], live: LiveTrips, log: CoreDeps['log']): void {
  broker.onMessage('driver_location/+', (topic, payload) => {
    const parsed = parseTopic(topic);
    const location = zDriverLocation.safeParse(parseJson(payload));
    if (parsed?.kind === 'driverLocation' && location.success) live.driverMoved(parsed.tripId, location.data);
  }).catch((error: unknown) => log.error({ err: error }, 'following driver positions failed'));
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
  await services.passengerTrips.expirePending();
  await services.bookingClock.tick();
  await services.payments.remindUnanswered();
}

/** The marketplace routes and the expiry sweep, over the services app.ts built with createTripServices. */
export const tripModule: FastifyPluginAsyncZod<ModuleDeps & TripServicesDep> = async (app, { tripServices: services, clusterLock, config }) => {
  await app.register(activeTripRoutes, { activeTrips: services.activeTrips });
  await app.register(passengerTripRoutes, { passengerTrips: services.passengerTrips, chat: services.chat });
  await app.register(driverTripRoutes, { driverTrips: services.driverTrips });
  await app.register(fareRoutes, { fares: services.fares });
  await app.register(paymentRoutes, { payments: services.payments });
  await app.register(fareHintRoutes, { fareHints: services.fareHints });
  await app.register(bookingRoutes, { bookings: services.bookings });

  const job = tripClockJob(config.tripClockMs);
  let turning: Promise<unknown> = Promise.resolve();
  const sweep = setInterval(() => {
    turning = clusterLock.runOnce(job, () => runTripClock(services)).catch((error: unknown) => app.log.error({ err: error }, 'trip expiry sweep failed'));
  }, config.tripClockMs);
  sweep.unref();
  // A turn in flight finishes before the server closes its database (app.ts closes it after these hooks).
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await turning;
  });
};
