import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ClusterLock } from '../../lib/cluster-lock';
import type { ModuleDeps } from '../../lib/module-deps';
import { ChatService } from './chat.service';
import { DriverTripsService } from './driver-trips.service';
import { driverTripRoutes } from './driver-trips.routes';
import { MatchingRepository } from './matching.repository';
import { PassengerTripsService } from './passenger-trips.service';
import { passengerTripRoutes } from './passenger-trips.routes';
import { TripAccess } from './trip-access';
import { TripEvents } from './trip-events';
import { defineTripTopicRules } from './trip-topic-rules';
import { TripsRepository } from './trips.repository';

/** How often pending trips are checked for expiry. */
export const EXPIRY_SWEEP_MS = 30_000;

/**
 * The sweep runs once per period across the cluster (`lib/cluster-lock.ts`); the margin lets a node whose
 * timer fires a little early still take its turn. Running it twice would be harmless anyway: expiring is a
 * conditional update of pending rows, so a second sweep finds nothing.
 */
const EXPIRY_JOB = { name: 'trip_expiry_sweep', lockKey: 7_146_001, minIntervalMs: EXPIRY_SWEEP_MS - 5_000 };

/** Builds the marketplace services once; app.ts keeps them (tests drive expiry through them). */
export function createTripServices(deps: ModuleDeps, log: Parameters<typeof defineTripTopicRules>[3]) {
  const trips = new TripsRepository(deps.db);
  const matching = new MatchingRepository(deps.db);
  const events = new TripEvents(deps.broker, log);
  const access = new TripAccess(deps.db);
  const passengerTrips = new PassengerTripsService({
    trips, matching, users: deps.users, geo: deps.geo, events, now: deps.now, expiryMinutes: deps.config.tripExpiryMinutes,
  });
  const driverTrips = new DriverTripsService({ db: deps.db, trips, matching, users: deps.users, events, now: deps.now });
  const chat = new ChatService(trips, access);
  defineTripTopicRules(deps.acl, deps.broker, { access, chat, passengerTrips, driverTrips }, log);
  return { passengerTrips, driverTrips, chat };
}

export type TripServices = ReturnType<typeof createTripServices>;

/** The marketplace routes and the expiry sweep, over services built by app.ts. */
export const tripModule: FastifyPluginAsyncZod<{ services: TripServices; clusterLock: ClusterLock }> = async (app, { services, clusterLock }) => {
  await app.register(passengerTripRoutes, { passengerTrips: services.passengerTrips, chat: services.chat });
  await app.register(driverTripRoutes, { driverTrips: services.driverTrips });

  const sweep = setInterval(() => {
    clusterLock.runOnce(EXPIRY_JOB, async () => { await services.passengerTrips.expirePending(); }).catch((error: unknown) => app.log.error({ err: error }, 'trip expiry sweep failed'));
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
};
