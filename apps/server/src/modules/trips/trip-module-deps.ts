/**
 * What the trips module is built from: the part of the app's shared dependencies (modules/module-deps.ts)
 * it uses, declared here so that trips depends on nothing of the modules that import it (app.ts passes
 * its ModuleDeps, which has all of this).
 */
import type { Database } from '@jala/db';
import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from '../../config';
import type { GeoProvider } from '../../geo';
import type { AttemptCounters } from '../../lib/attempt-counters';
import type { ClusterLock } from '../../lib/cluster-lock';
import type { ReadVersions } from '../../lib/read-versions';
import type { RealtimeBroker } from '../../realtime/broker';
import type { TopicAcl } from '../../realtime/topic-acl';
import type { TripNotifications } from './core/trip-events';
import type { TripsRepository } from './core/trips.repository';

/** What createTripServices needs. */
export interface TripCoreDeps {
  db: Database;
  config: Pick<
    AppConfig,
    | 'tripExpiryMinutes'
    | 'arrivalRadiusMeters'
    | 'startCodeFailuresPerDriver'
    | 'startCodeFailureWindowSeconds'
    | 'tripClockMs'
    | 'platformFee'
    | 'driverMinBalanceCents'
  >;
  broker: RealtimeBroker;
  acl: TopicAcl;
  geo: GeoProvider;
  now: () => Date;
  log: FastifyBaseLogger;
  trips: TripsRepository;
  readVersions: ReadVersions;
  attemptCounters: AttemptCounters;
  /** Web Push: the marketplace's events become notifications for whoever is away. */
  push: { notifications: TripNotifications };
}

/** What the routes and the clock's sweep need besides the services. */
export interface TripModuleDeps {
  config: Pick<AppConfig, 'tripClockMs'>;
  clusterLock: ClusterLock;
}
