import type { Database, DatabaseHandle } from '@jala/db';
import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from '../config';
import type { GeoProvider } from '../geo';
import type { AttemptCounters } from '../lib/attempt-counters';
import type { ClusterLock } from '../lib/cluster-lock';
import type { DocumentStorage } from '../lib/document-storage';
import type { NodeHealth } from '../lib/node-health';
import type { ReadVersions } from '../lib/read-versions';
import type { RealtimeBroker } from '../realtime/broker';
import type { AccountChanges, RealtimeDisconnects } from '../realtime/cluster-bus';
import type { TopicAcl } from '../realtime/topic-acl';
import type { AuthService } from './auth/auth.service';
import type { UsersRepository } from './auth/users.repository';
import type { Mail } from './mail';
import type { Push } from './notifications/push';
import type { TripsRepository } from './trips';

/**
 * What app.ts hands every feature module (`<module>/index.ts`), the same object for all of them. Each
 * module builds its own repositories and services from it; what several modules share (the users and
 * trips repositories, the session service) is built once by app.ts and passed here. A module's own
 * services are not listed: the trips module's (which the MQTT ACL and a few modules also use) come as
 * `TripServicesDep` from modules/trips, to the modules that ask for them.
 */
export interface ModuleDeps {
  db: Database;
  databaseKind: DatabaseHandle['kind'];
  config: AppConfig;
  broker: RealtimeBroker;
  acl: TopicAcl;
  geo: GeoProvider;
  /** Injectable clock, so expiry and "today" are testable. */
  now: () => Date;
  log: FastifyBaseLogger;
  users: UsersRepository;
  trips: TripsRepository;
  /** Ends a session's or a user's MQTT connections on every node. */
  realtime: RealtimeDisconnects;
  /** Version stamps of the in-memory read models (memory, or Redis on a cluster): writes bump, reads compare. */
  readVersions: ReadVersions;
  /** Tells every node that a user's account changed (their session-cache entries go). */
  accountChanges: AccountChanges;
  /** Runs periodic jobs (the expiry sweep) once across the cluster. */
  clusterLock: ClusterLock;
  /** This node's health: database, Redis, broker, draining. */
  checkHealth: () => Promise<NodeHealth>;
  /** Throttle counters (memory, or Redis shared by every node with REDIS_URL). */
  attemptCounters: AttemptCounters;
  /** Where driver documents' bytes live: the database (default) or an S3-compatible bucket. */
  documents: DocumentStorage;
  /** Web Push: the services call `push.notifications` after their writes (modules/notifications). */
  push: Push;
  /** E-mail (SMTP or the outbox folder): modules queue mail jobs that run off their request path. */
  mail: Mail;
  auth: AuthService;
}

/** What the shared services are built from (ModuleDeps before they exist). */
export type CoreDeps = Omit<ModuleDeps, 'auth'>;
