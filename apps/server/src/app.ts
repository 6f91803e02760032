/**
 * Builds the whole product on one Fastify instance: the JSON API under /api, the MQTT broker over
 * WebSocket at /mqtt, the OpenAPI docs at /api/docs and the built web app with SPA fallback.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type AccountNotification, topics } from '@jala/contracts';
import { type DatabaseHandle, openDatabase } from '@jala/db';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import { BudgetGate } from './budgets/budget-gate';
import { registerHttpBudgets } from './budgets/http-budgets';
import { mqttPublishBudget } from './budgets/mqtt-budgets';
import type { AppConfig } from './config';
import { createGeoProvider } from './geo';
import { AppError } from './lib/app-error';
import { FailoverAttemptCounters, MemoryAttemptCounters } from './lib/attempt-counters';
import { ClusterLock } from './lib/cluster-lock';
import { acquireDataDirLock } from './lib/data-dir-lock';
import { createDocumentStorage } from './lib/document-storage';
import { checkNodeHealth } from './lib/node-health';
import { MemoryReadVersions, RedisReadVersions } from './lib/read-versions';
import { createRedis } from './lib/redis';
import type { TokenAuthenticator } from './lib/session-user';
import { loadSharedTokenSecret } from './lib/shared-token-secret';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { webAppHeaders } from './lib/web-app-headers';
import { AppMetrics, registerMetricsRoute } from './metrics';
import { accountModule } from './modules/account';
import { SessionActivity } from './modules/account/sessions/session-activity';
import { SessionsRepository } from './modules/account/sessions/sessions.repository';
import { adminModule } from './modules/admin';
import { authModule } from './modules/auth';
import { AuthService } from './modules/auth/auth.service';
import { AuthThrottles } from './modules/auth/auth-throttles';
import { linkSessionCacheToBus, SessionCache } from './modules/auth/session-cache';
import { TokenService } from './modules/auth/token.service';
import { UsersRepository } from './modules/auth/users.repository';
import { driverModule, type DriverTripHooks } from './modules/drivers';
import { DriverRegistrationRepository } from './modules/drivers/account/driver-registration.repository';
import { DriverRegistrationService } from './modules/drivers/account/driver-registration.service';
import { geoModule } from './modules/geo';
import { ledgerModule } from './modules/ledger';
import { createMail, type Mail } from './modules/mail';
import type { CoreDeps, ModuleDeps } from './modules/module-deps';
import { createPush, notificationModule, type Push } from './modules/notifications';
import { passengerModule } from './modules/passengers';
import { phoneVerificationModule } from './modules/phone-verification';
import { ratingsModule } from './modules/ratings';
import { safetyModule } from './modules/safety';
import { systemModule } from './modules/system';
import {
  createTripServices,
  tripModule,
  type TripServices,
  type TripServicesDep,
  TripsRepository,
} from './modules/trips';
import { AccessLog } from './plugins/access-log';
import { registerAuthentication } from './plugins/authenticate';
import { registerErrorHandler } from './plugins/error-handler';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/framework-errors';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { apiSecurityHeaders, isApiAnswer, securityHeaderOptions, securityHeaders } from './plugins/security-headers';
import { RealtimeBroker } from './realtime/broker';
import { accountChangesOn, ClusterBus, linkBrokerToBus, type RealtimeDisconnects } from './realtime/cluster-bus';
import { createBrokerStorage } from './realtime/persistence';
import { defineBaseRules, TopicAcl } from './realtime/topic-acl';

/** What app.ts hands the feature modules: each takes the part of it it declares. */
type FeatureModuleDeps = ModuleDeps & TripServicesDep & { driverTrips: DriverTripHooks };

/** Every feature module, registered under /api the same way: `register(module, deps)`. */
const MODULES: FastifyPluginAsyncZod<FeatureModuleDeps>[] = [
  systemModule,
  authModule,
  geoModule,
  tripModule,
  driverModule,
  passengerModule,
  ratingsModule,
  adminModule,
  safetyModule,
  notificationModule,
  accountModule,
  phoneVerificationModule,
  ledgerModule,
];

export interface AppOptions {
  /** An already-open database (tests share one); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Clock for expiry and day boundaries (tests move it). */
  now?: () => Date;
}

export interface App {
  /** The configuration with its token secret resolved (from the database when shared by a cluster). */
  config: AppConfig & { tokenSecret: string };
  server: FastifyInstance;
  database: DatabaseHandle;
  broker: RealtimeBroker;
  services: {
    auth: AuthService;
    trips: TripServices;
    sessionCache: SessionCache;
    push: Push;
    mail: Mail;
    /** Last-seen times of sessions, written in the background (tests await `idle()`). */
    sessionActivity: SessionActivity;
  };
  /** Ends a session's or a user's MQTT connections on every node (logout, account suspension). */
  realtime: RealtimeDisconnects;
  /** What the nodes tell each other (logouts, suspensions, changed accounts). */
  bus: ClusterBus;
  /** Starts a graceful shutdown: health answers 503, MQTT clients are sent to reconnect elsewhere. */
  drain(): void;
  close(): Promise<void>;
}

export async function buildApp(config: AppConfig, options: AppOptions = {}): Promise<App> {
  const helmetOptions = securityHeaderOptions(config.tileUrl);
  const headers = securityHeaders(helmetOptions);
  const server = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    // Failures and slow answers at info, successful polls at debug (plugins/access-log.ts).
    logController: new AccessLog(),
    bodyLimit: 256 * 1024,
    // X-Forwarded-For is believed only from configured proxies (TRUST_PROXY), else clients pick their `ip`.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Path parameters are ids; anything longer is a 414 envelope (framework-errors.ts).
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(responseSerializerCompiler({ checkAnswers: config.checkAnswers }));
  registerErrorHandler(server);

  const ownsDatabase = !options.database;
  // The embedded database is single-process: take DATA_DIR first (refused, DataDirInUseError, when another
  // live process holds it), and say where this server listens for the commands that find it held.
  const dataDirLock = ownsDatabase && !config.databaseUrl ? acquireDataDirLock(config.dataDir, 'server') : null;
  let database: DatabaseHandle;
  try {
    database =
      options.database ??
      (await openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl }
          : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
      ));
  } catch (error) {
    dataDirLock?.release();
    throw error;
  }
  if (dataDirLock) {
    server.addHook('onListen', async () => {
      const address = server.server.address();
      if (address && typeof address === 'object')
        dataDirLock.recordAddress(
          `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`,
        );
    });
  }

  const tokenSecret = config.tokenSecret ?? (await loadSharedTokenSecret(database.db));
  const redis = config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined;

  const bus = await ClusterBus.create({ redis, nodeId: config.nodeId, log: server.log });
  // The broker needs the auth service, which needs these: it is plugged in below, once it exists.
  let tellUser: (userId: number) => Promise<void> = async () => undefined;
  const accountChanges = accountChangesOn(bus, (userId) => tellUser(userId));
  const sessionCache = new SessionCache({ listeningEpoch: () => bus.listeningEpoch, versions: bus.accountVersions });
  linkSessionCacheToBus(sessionCache, bus);
  const rateLimitRedis = redis ? await createRedis(redis, { maxRetriesPerRequest: 1 }) : undefined;
  // On a cluster every node compares the same stamps, so a write on one node is seen by every node's next read.
  const readVersions = rateLimitRedis ? new RedisReadVersions(rateLimitRedis, config.nodeId) : new MemoryReadVersions();
  const users = new UsersRepository(database.db);
  const auth = new AuthService(
    users,
    new TokenService(tokenSecret, config.tokenTtlSeconds),
    new DriverRegistrationService(
      database.db,
      new DriverRegistrationRepository(database.db),
      accountChanges,
      options.now,
    ),
    sessionCache,
    accountChanges,
    readVersions,
  );

  // One set of counters for the write budgets and the account throttles: shared in Redis, and this node's
  // memory while Redis is down (writes keep working with per-node counts; /api/health says 'degraded').
  const attemptCounters = rateLimitRedis
    ? new FailoverAttemptCounters(rateLimitRedis, (error) =>
        server.log.warn({ err: error }, 'Redis failed: counting attempts in this node meanwhile'),
      )
    : new MemoryAttemptCounters();
  const budgets = new BudgetGate(attemptCounters, config);
  registerHttpBudgets(server, budgets);

  // Every authenticated request and MQTT connection marks its session as seen ('Sesiones abiertas'): a map
  // lookup on the request, the write itself batched and throttled off it (session-activity.ts).
  const sessionActivity = new SessionActivity(new SessionsRepository(database.db), { log: server.log });
  const authenticate: TokenAuthenticator = async (token) => {
    const user = await auth.authenticate(token);
    if (user) sessionActivity.seen(user.sessionId);
    return user;
  };

  const acl = defineBaseRules(new TopicAcl());
  const broker = await RealtimeBroker.create({
    authenticate,
    acl,
    storage: await createBrokerStorage(redis, server.log),
    nodeId: config.nodeId,
    log: server.log,
    publishBudget: mqttPublishBudget(budgets),
  });
  broker.attach(server.server);
  tellUser = async (userId) => {
    const news: AccountNotification = { type: 'account_changed' };
    // A lost message only means the open app shows the change at its next profile read.
    await broker
      .publish(topics.notifications(userId), news)
      .catch((error: unknown) => server.log.warn({ err: error, userId }, 'account notification failed'));
  };
  const realtime = linkBrokerToBus(broker, bus);
  let draining = false;

  // Helmet's headers, computed once: @fastify/helmet re-ran helmet (CSP parsing included) on every request,
  // 8% of a profile read's CPU. No route varies them (no nonces, no per-route options). With them, which
  // node answered, behind a balancer (operators, and the cluster tests' proof of crossing nodes).
  const nodeHeader = ['x-jala-node', config.nodeId] as const;
  const pageHeaderEntries = [...Object.entries(headers), nodeHeader];
  const apiHeaderEntries = [...Object.entries(apiSecurityHeaders(headers)), nodeHeader];
  server.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApiAnswer(request.url) ? apiHeaderEntries : pageHeaderEntries)
      reply.raw.setHeader(name, value);
    done();
  });
  // Only with METRICS_TOKEN: before the routes, so every route's answers are timed (metrics/).
  const metrics = config.metricsToken ? new AppMetrics() : null;
  metrics?.observeHttp(server);
  server.decorate(
    'authThrottles',
    new AuthThrottles({
      counters: attemptCounters,
      maxFailuresPerAccount: config.loginFailuresPerAccount,
      failureWindowSeconds: config.loginFailureWindowSeconds,
      emailChangesPerMinute: config.authRateLimitPerMinute,
    }),
  );
  await server.register(swagger, {
    openapi: {
      info: {
        title: 'Jala API',
        version: '1.0.0',
        description: 'API de Jala: viajes, ofertas, conductores y pasajeros.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await server.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuthentication(server, authenticate);
  const now = options.now ?? (() => new Date());
  const trips = new TripsRepository(database.db);
  const push = await createPush({ db: database.db, trips, config, log: server.log, now, redis: rateLimitRedis });
  const mail = createMail(config.mail, server.log);
  if (mail.kind === 'outbox')
    server.log.info({ outbox: config.mail.outboxDir }, 'no SMTP_URL: e-mails go to the outbox folder');
  const core: CoreDeps = {
    db: database.db,
    databaseKind: database.kind,
    // With the token secret resolved (shared from the database on a cluster): phone codes are keyed from it.
    config: { ...config, tokenSecret },
    broker,
    acl,
    geo: createGeoProvider(config.geo),
    now,
    log: server.log,
    users,
    trips,
    realtime,
    readVersions,
    accountChanges,
    clusterLock: new ClusterLock(database.db, database.kind, config.nodeId),
    documents: createDocumentStorage(database.db, config.documentsS3),
    attemptCounters,
    push,
    mail,
    checkHealth: () =>
      checkNodeHealth({ nodeId: config.nodeId, database, redis: bus.redis, broker, isDraining: () => draining }),
  };
  const tripServices = createTripServices(core);
  // Booking reminders reach a locked phone too (the clock already sends the in-app banner itself).
  tripServices.bookingClock.addReminderHook(async ({ userId, reminder }) =>
    push.notifications.bookingReminder(userId, reminder),
  );
  const driverTrips: DriverTripHooks = {
    touchAccount: (driverId) => tripServices.live.touchAccount(driverId),
    offersWithdrawn: tripServices.offersWithdrawn,
  };
  const deps: FeatureModuleDeps = { ...core, auth, tripServices, driverTrips };
  await server.register(
    async (api) => {
      for (const module of MODULES) await api.register(module, deps);
    },
    { prefix: '/api' },
  );

  metrics?.watch({
    database,
    broker,
    push: push.sender,
    clock: tripServices.clockStats,
    now,
    log: server.log,
  });
  registerMetricsRoute(server, metrics, config.metricsToken);
  registerWebApp(server, config.webDist);

  return {
    config: { ...config, tokenSecret },
    server,
    database,
    broker,
    services: { auth, trips: tripServices, sessionCache, push, mail, sessionActivity },
    realtime,
    bus,
    drain() {
      draining = true;
      broker.drain();
    },
    async close() {
      // Realtime sockets first: the HTTP server's close waits for every open connection. The broker itself
      // closes after the requests in flight, which may still publish their events.
      await broker.closeConnections();
      await server.close();
      // The requests are done: the mail they queued (a reset link) gets a moment to leave.
      await mail.close();
      await broker.close();
      await sessionActivity.idle();
      await bus.close();
      metrics?.close();
      await rateLimitRedis?.quit().catch(() => undefined);
      if (ownsDatabase) await database.close();
      dataDirLock?.release();
    },
  };
}

/** Serves the built SPA; unknown non-API paths get index.html so client-side routes load directly. */
function registerWebApp(server: FastifyInstance, webDist: string): void {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // preCompressed: the web build writes .br/.gz siblings (apps/web/vite.config.ts), sent when accepted.
    void server.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      maxAge: '1h',
      immutable: false,
      preCompressed: true,
    });
    // The service worker, the shell and the manifest are revalidated on every fetch (lib/web-app-headers.ts).
    // Callback style, and API answers skip it at once: every polled read passes through this hook.
    server.addHook('onSend', (request, reply, payload, done) => {
      if ((request.method === 'GET' || request.method === 'HEAD') && !isApiAnswer(request.url)) {
        const headers = webAppHeaders(request.url.split('?')[0] ?? '/');
        if (headers) void reply.headers(headers);
      }
      done(null, payload);
    });
  }
  server.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET' || !hasWeb) {
      throw new AppError('ROUTE_NOT_FOUND');
    }
    // cacheControl: false, or the static plugin's max-age would replace no-cache (a deep link's shell kept 1 h).
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
