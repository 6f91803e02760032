/**
 * Builds the whole product on one Fastify instance: the JSON API under /api, the MQTT broker over
 * WebSocket at /mqtt, the OpenAPI docs at /api/docs and the built web app with SPA fallback.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openDatabase, type DatabaseHandle } from '@jala/db';
import type { AppConfig } from './config';
import { AppError } from './lib/app-error';
import { registerErrorHandler } from './plugins/error-handler';
import { registerAuthentication } from './plugins/authenticate';
import { adminModule } from './modules/admin';
import { authModule } from './modules/auth';
import { AuthService } from './modules/auth/auth.service';
import { TokenService } from './modules/auth/token.service';
import { UsersRepository } from './modules/auth/users.repository';
import { driverModule } from './modules/drivers';
import { DriverRegistrationService } from './modules/drivers/driver-registration.service';
import { geoModule } from './modules/geo';
import type { CoreDeps, ModuleDeps } from './modules/module-deps';
import { passengerModule } from './modules/passengers';
import { ratingsModule } from './modules/ratings';
import { systemModule } from './modules/system';
import { createTripServices, tripModule, type TripServices } from './modules/trips';
import { TripsRepository } from './modules/trips/trips.repository';
import { RealtimeBroker } from './realtime/broker';
import { TopicAcl, defineBaseRules } from './realtime/topic-acl';
import { createGeoProvider } from './geo';

/** Every feature module, registered under /api the same way: `register(module, deps)`. */
const MODULES = [systemModule, authModule, geoModule, tripModule, driverModule, passengerModule, ratingsModule, adminModule];

export interface AppOptions {
  /** An already-open database (tests share one); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Clock for expiry and day boundaries (tests move it). */
  now?: () => Date;
}

export interface App {
  config: AppConfig;
  server: FastifyInstance;
  database: DatabaseHandle;
  broker: RealtimeBroker;
  services: { auth: AuthService; trips: TripServices };
  close(): Promise<void>;
}

export async function buildApp(config: AppConfig, options: AppOptions = {}): Promise<App> {
  const server = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 256 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
  ));

  const users = new UsersRepository(database.db);
  const auth = new AuthService(users, new TokenService(config.tokenSecret, config.tokenTtlSeconds), new DriverRegistrationService(database.db, options.now));

  const acl = defineBaseRules(new TopicAcl());
  const broker = await RealtimeBroker.create({ authenticate: (token) => auth.authenticate(token), acl, redisUrl: config.redisUrl, log: server.log });
  broker.attach(server.server);

  await server.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.tileUrl)],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // mqtt.js runs its keep-alive timer in a Web Worker created from a blob URL.
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await server.register(rateLimit, {
    global: false,
    ...(config.redisUrl ? { redis: await createRedisClient(config.redisUrl), nameSpace: 'jala-rl-' } : {}),
  });
  await server.register(swagger, {
    openapi: {
      info: { title: 'Jala API', version: '1.0.0', description: 'API de Jala: viajes, ofertas, conductores y pasajeros.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await server.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuthentication(server, (token) => auth.authenticate(token));
  const core: CoreDeps = {
    db: database.db,
    databaseKind: database.kind,
    config,
    broker,
    acl,
    geo: createGeoProvider(config.geo),
    now: options.now ?? (() => new Date()),
    log: server.log,
    users,
    trips: new TripsRepository(database.db),
  };
  const tripServices = createTripServices(core);
  const deps: ModuleDeps = { ...core, auth, tripServices };
  await server.register(async (api) => {
    for (const module of MODULES) await api.register(module, deps);
  }, { prefix: '/api' });

  registerWebApp(server, config.webDist);

  return {
    config,
    server,
    database,
    broker,
    services: { auth, trips: tripServices },
    async close() {
      // Realtime sockets first: the HTTP server's close waits for every open connection.
      await broker.close();
      await server.close();
      if (ownsDatabase) await database.close();
    },
  };
}

/** Serves the built SPA; unknown non-API paths get index.html so client-side routes load directly. */
function registerWebApp(server: FastifyInstance, webDist: string): void {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    void server.register(fastifyStatic, { root: webDist, wildcard: false, maxAge: '1h', immutable: false });
  }
  server.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET' || !hasWeb) {
      throw new AppError('ROUTE_NOT_FOUND');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

function tileOrigin(tileUrl: string): string {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return "'self'";
  }
}

async function createRedisClient(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 5000, maxRetriesPerRequest: 1 });
}
