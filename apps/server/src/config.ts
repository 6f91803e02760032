/**
 * Configuration from environment variables, validated once at boot.
 * Each wrong variable is reported by name with what is expected, and the process stops.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

import {
  DEFAULT_ARRIVAL_RADIUS_METERS,
  NO_PLATFORM_FEE,
  parseCentimos,
  parsePlatformFeeRates,
  type PlatformFeeRates,
} from '@jala/domain';
import { z } from 'zod';

import type { S3StorageConfig } from './lib/document-storage';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';

const zUrl = (protocols: string[]) =>
  z.string().refine(
    (s) => {
      try {
        return protocols.includes(new URL(s).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const zEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: zUrl(['postgres:', 'postgresql:']).optional(),
    REDIS_URL: zUrl(['redis:', 'rediss:']).optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'must be 1-40 letters, digits or _ . : -')
      .default('jala:'),
    NODE_ID: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits or _ . -')
      .optional(),
    GEO_PROVIDER: z.enum(['offline', 'osm', 'google']).default('offline'),
    NOMINATIM_URL: zUrl(['http:', 'https:']).default('https://nominatim.openstreetmap.org'),
    OSRM_URL: zUrl(['http:', 'https:']).default('https://router.project-osrm.org'),
    GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TOKEN_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    TRIP_EXPIRY_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    TRIP_CLOCK_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
    ARRIVAL_RADIUS_METERS: z.coerce.number().int().min(10).max(100_000).default(DEFAULT_ARRIVAL_RADIUS_METERS),
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
    LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
    START_CODE_FAILURES_PER_DRIVER: z.coerce.number().int().min(1).max(1000).default(10),
    START_CODE_FAILURE_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    TRUST_PROXY: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    OPERATOR_EMAILS: z.string().optional(),
    DOCUMENTS_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    DOCUMENTS_S3_REGION: z.string().min(1).default('us-east-1'),
    DOCUMENTS_S3_ENDPOINT: zUrl(['http:', 'https:']).optional(),
    DOCUMENTS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    DOCUMENTS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    DOCUMENTS_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
    DOCUMENTS_S3_PREFIX: z.string().max(100).default('driver-documents/'),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key, 65 bytes base64url (npx web-push generate-vapid-keys)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, 32 bytes base64url')
      .optional(),
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID (AC followed by 32 hex digits)')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16, 'must be a Twilio auth token').optional(),
    TWILIO_FROM: z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9 ]{1,11})$/,
        'must be a sender number (+E.164), a Messaging Service SID (MG…) or an alphanumeric sender id',
      )
      .optional(),
    TWILIO_API_URL: zUrl(['http:', 'https:']).default('https://api.twilio.com'),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:address or an https:// URL')
      .default('mailto:soporte@jala.pe'),
    SMTP_URL: zUrl(['smtp:', 'smtps:']).optional(),
    MAIL_FROM: z
      .string()
      .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or "Name <address>"')
      .default('Jala <no-reply@jala.pe>'),
    PUBLIC_URL: zUrl(['http:', 'https:']).optional(),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,200}$/, 'must be 32-200 printable characters without spaces (openssl rand -hex 32)')
      .optional(),
    PLATFORM_FEE_PERCENT: z.string().optional(),
    DRIVER_MIN_BALANCE: z
      .string()
      .refine(
        (raw) => /^-?\d{1,5}(\.\d{1,2})?$/.test(raw.trim()),
        'must be an amount in soles with at most 2 decimals (e.g. 0 or 20.50; negative allows that much debt)',
      )
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.GEO_PROVIDER === 'google' && !env.GOOGLE_MAPS_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_MAPS_API_KEY'], message: 'is required when GEO_PROVIDER=google' });
    }
    for (const email of splitList(env.OPERATOR_EMAILS)) {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        ctx.addIssue({ code: 'custom', path: ['OPERATOR_EMAILS'], message: `"${email}" is not an e-mail address` });
    }
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      });
    }
    if (env.SMS_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_PROVIDER=twilio' });
    }
    const fee = parsePlatformFeeRates(env.PLATFORM_FEE_PERCENT);
    if ('error' in fee) ctx.addIssue({ code: 'custom', path: ['PLATFORM_FEE_PERCENT'], message: fee.error });
    const trustProxy = parseTrustProxy(env.TRUST_PROXY);
    if ('error' in trustProxy) ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: trustProxy.error });
  });

export type Env = z.infer<typeof zEnv>;

/** Variables whose value is a secret (or holds one): a wrong one is named, never printed. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'SMTP_URL',
  'DOCUMENTS_S3_SECRET_ACCESS_KEY',
  'VAPID_PRIVATE_KEY',
  'METRICS_TOKEN',
]);

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** This node's name, sent as the X-Jala-Node response header (which node answered, behind a balancer). */
  nodeId: string;
  geo: {
    provider: 'offline' | 'osm' | 'google';
    nominatimUrl: string;
    osrmUrl: string;
    googleApiKey: string | undefined;
  };
  /**
   * JWT_SECRET, or the one generated into DATA_DIR (embedded mode); null with DATABASE_URL and no
   * JWT_SECRET: then every node shares one generated secret kept in the database (`shared-token-secret.ts`).
   */
  tokenSecret: string | null;
  tokenTtlSeconds: number;
  tileUrl: string;
  tripExpiryMinutes: number;
  /** How often the marketplace's clock turns (expiry, booking reminders, activation, no-shows), once per cluster. */
  tripClockMs: number;
  /** How close to the pickup (from the driver's last reported position) "Llegué al punto de recojo" is accepted. */
  arrivalRadiusMeters: number;
  seedDemo: boolean;
  /** Login/register/e-mail-change attempts per minute per client address. */
  authRateLimitPerMinute: number;
  /** Wrong passwords for one e-mail (from any address) allowed per window before 429. */
  loginFailuresPerAccount: number;
  loginFailureWindowSeconds: number;
  /** Wrong start codes one driver may type, across all their trips, per window before 429. */
  startCodeFailuresPerDriver: number;
  startCodeFailureWindowSeconds: number;
  /** Which proxies may set X-Forwarded-For (docs/SECURITY.md); false trusts none. */
  trustProxy: TrustProxy;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  /** Accounts made operators at boot (OPERATOR_EMAILS, comma-separated); audited like the command. */
  operatorEmails: string[];
  /** The S3-compatible bucket for driver documents; undefined = documents stored in the database. */
  documentsS3: S3StorageConfig | undefined;
  /** Also check every answer against its zod contract (tests; plugins/response-serializer.ts). */
  checkAnswers: boolean;
  push: PushConfig;
  /** Where the SMS codes of "Verifica tu celular" go (modules/phone-verification/sms). */
  sms: SmsConfig;
  mail: MailConfig;
  /**
   * Where people open the app (PUBLIC_URL, no trailing slash): the links inside e-mails start with it. Never
   * taken from a request's Host header, which a client chooses (a reset link pointing at someone else's site).
   */
  publicUrl: string;
  /**
   * The bearer token Prometheus presents at GET /metrics (METRICS_TOKEN); undefined = no metrics: the route
   * answers 404 and nothing is measured.
   */
  metricsToken: string | undefined;
  /** PLATFORM_FEE_PERCENT in basis points per service type ('Saldo con Jala'); all 0 = no fee, no ledger entries. */
  platformFee: PlatformFeeRates;
  /** DRIVER_MIN_BALANCE in céntimos: below it a driver cannot send offers; null = no floor. */
  driverMinBalanceCents: number | null;
}

export interface MailConfig {
  /** SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`); undefined = every mail is written to `outboxDir`. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From header of every mail. */
  from: string;
  /** DATA_DIR/outbox: where mails go as .eml files when there is no SMTP_URL. */
  outboxDir: string;
}

/**
 * `outbox` (the embedded default): each message is a text file in DATA_DIR/outbox/ and a log line naming the
 * masked recipient. `twilio`: Twilio's Messages API; `apiUrl` is its base (tests point it at a local server).
 */
export type SmsConfig =
  | { provider: 'outbox'; outboxDir: string }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl: string };

export interface PushConfig {
  /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; null = one pair generated into the database, shared by every node. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** Who runs this server, for the push services (VAPID `sub`). */
  vapidSubject: string;
  /**
   * Accept http://127.0.0.1:port push endpoints (a test's decrypting push service). Only tests set it: no
   * environment variable turns it on, so a production server never posts to its own machine.
   */
  allowLoopbackEndpoints: boolean;
}

function smsConfig(env: Env, dataDir: string): SmsConfig {
  if (env.SMS_PROVIDER === 'twilio' && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return {
      provider: 'twilio',
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      apiUrl: env.TWILIO_API_URL.replace(/\/+$/, ''),
    };
  }
  return { provider: 'outbox', outboxDir: join(dataDir, 'outbox') };
}

function splitList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item.length > 0);
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError listing every wrong variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // Empty strings mean "unset" (e.g. `DATABASE_URL= npm start`).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = zEnv.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const name = String(i.path[0]);
      const got = SECRET_VARIABLES.has(name) ? 'a value, not shown' : JSON.stringify(cleaned[name]);
      return `  ${i.path.join('.')}: ${i.message} (got ${got})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * The token secret: JWT_SECRET when set; with DATABASE_URL, null (resolved from the database at boot, so
 * a token issued by one node is valid on every other); else one generated once into the data folder.
 */
function loadTokenSecret(env: Env, dataDir: string): string | null {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.DATABASE_URL) return null;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * PUBLIC_URL without its trailing slash, else this server's own address as the start-up line prints it: a
 * loopback or wildcard host reads as localhost.
 */
function publicUrlOf(env: Env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(env.HOST) ? 'localhost' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

function platformFeeOf(env: Env): PlatformFeeRates {
  const parsed = parsePlatformFeeRates(env.PLATFORM_FEE_PERCENT);
  return 'value' in parsed ? parsed.value : NO_PLATFORM_FEE;
}

function trustProxyValue(raw: string | undefined): TrustProxy {
  const parsed = parseTrustProxy(raw);
  return 'value' in parsed ? parsed.value : false;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source);
  const dataDir = resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    nodeId: env.NODE_ID ?? `${hostname()}-${process.pid}`,
    geo: {
      provider: env.GEO_PROVIDER,
      nominatimUrl: env.NOMINATIM_URL,
      osrmUrl: env.OSRM_URL,
      googleApiKey: env.GOOGLE_MAPS_API_KEY,
    },
    tokenSecret: loadTokenSecret(env, dataDir),
    tokenTtlSeconds: env.TOKEN_TTL_HOURS * 3600,
    tileUrl: env.TILE_URL,
    tripExpiryMinutes: env.TRIP_EXPIRY_MINUTES,
    tripClockMs: env.TRIP_CLOCK_SECONDS * 1000,
    arrivalRadiusMeters: env.ARRIVAL_RADIUS_METERS,
    seedDemo: env.SEED_DEMO === 'true',
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    loginFailuresPerAccount: env.LOGIN_FAILURES_PER_ACCOUNT,
    loginFailureWindowSeconds: env.LOGIN_FAILURE_WINDOW_MINUTES * 60,
    startCodeFailuresPerDriver: env.START_CODE_FAILURES_PER_DRIVER,
    startCodeFailureWindowSeconds: env.START_CODE_FAILURE_WINDOW_MINUTES * 60,
    trustProxy: trustProxyValue(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    operatorEmails: splitList(env.OPERATOR_EMAILS),
    documentsS3: env.DOCUMENTS_S3_BUCKET
      ? {
          bucket: env.DOCUMENTS_S3_BUCKET,
          region: env.DOCUMENTS_S3_REGION,
          endpoint: env.DOCUMENTS_S3_ENDPOINT,
          accessKeyId: env.DOCUMENTS_S3_ACCESS_KEY_ID,
          secretAccessKey: env.DOCUMENTS_S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.DOCUMENTS_S3_FORCE_PATH_STYLE === 'true',
          prefix: env.DOCUMENTS_S3_PREFIX,
        }
      : undefined,
    checkAnswers: false,
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : null,
      vapidSubject: env.VAPID_SUBJECT,
      allowLoopbackEndpoints: false,
    },
    sms: smsConfig(env, dataDir),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    publicUrl: publicUrlOf(env),
    metricsToken: env.METRICS_TOKEN,
    platformFee: platformFeeOf(env),
    driverMinBalanceCents: env.DRIVER_MIN_BALANCE === undefined ? null : parseCentimos(env.DRIVER_MIN_BALANCE.trim()),
  };
}
