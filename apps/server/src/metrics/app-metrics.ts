/**
 * This node's Prometheus metrics (prom-client), in a registry of its own per app: Node's and the process's
 * defaults, the HTTP answers by route, and the product's own gauges and counters. What the rest of the
 * server counts are plain numbers kept where the work happens (the broker's message counts, the push
 * sender's outcomes, the read caches' tally, the clock's stats): they are read here only when Prometheus
 * scrapes, so a request pays one histogram observe and nothing else. Labels are bounded: route patterns,
 * status codes, topic families and trip statuses — never a user, a trip id or a raw URL.
 */
import type { DatabaseHandle } from '@jala/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import { readCacheTally } from '../lib/read-cache';
import type { PushCounts } from '../modules/notifications/delivery/push-sender';
import type { TripClockStats } from '../modules/trips';
import type { MessageDirection } from '../realtime/message-counts';
import { MetricsRepository } from './metrics.repository';

export const METRICS_PATH = '/metrics';

/** Seconds: from a cached poll (a few ms) to a slow geocoding call; the same for the database's queries. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the scrape-time collectors read: each part of the app that keeps numbers for /metrics. */
export interface MetricSources {
  database: DatabaseHandle;
  broker: {
    connectedClients: number;
    messages: { entries(): { direction: MessageDirection; kind: string; count: number }[] };
  };
  push: { counts: PushCounts; queued: number };
  clock: TripClockStats;
  now: () => Date;
  log: FastifyBaseLogger;
}

export class AppMetrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status_code'>;
  /** Children of the histogram by method, status and route: a Map lookup instead of hashing labels per answer. */
  private readonly httpChildren = new Map<string, { observe(seconds: number): void }>();
  private stopListening: (() => void) | undefined;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'jala_http_request_duration_seconds',
      help: 'HTTP answers by route pattern (unmatched: no route), method and status, in seconds.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
  }

  /** Times every HTTP answer but the scrapes themselves. Add it before the routes are registered. */
  observeHttp(server: FastifyInstance): void {
    server.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== METRICS_PATH) {
        const key = `${request.method} ${reply.statusCode} ${route}`;
        let child = this.httpChildren.get(key);
        if (!child) {
          child = this.http.labels(request.method, route, String(reply.statusCode));
          this.httpChildren.set(key, child);
        }
        child.observe(reply.elapsedTime / 1000);
      }
      done();
    });
  }

  /** The product's metrics, read from their sources when scraped. */
  watch(sources: MetricSources): void {
    const registers = [this.registry];
    const repository = new MetricsRepository(sources.database.db);
    const { broker, push } = sources;

    new Gauge({
      name: 'jala_mqtt_connections',
      help: 'MQTT (WebSocket) clients connected to this node.',
      registers,
      collect() {
        this.set(broker.connectedClients);
      },
    });
    new Counter({
      name: 'jala_mqtt_messages_total',
      help: 'MQTT messages by direction (in, refused, out, server) and topic family.',
      labelNames: ['direction', 'kind'],
      registers,
      collect() {
        this.reset();
        for (const { direction, kind, count } of broker.messages.entries()) this.inc({ direction, kind }, count);
      },
    });

    new Counter({
      name: 'jala_push_sent_total',
      help: 'Web Push notifications a push service accepted, per device.',
      registers,
      collect() {
        this.reset();
        this.inc(push.counts.sent);
      },
    });
    new Counter({
      name: 'jala_push_failed_total',
      help: 'Web Push notifications not delivered: gone (subscription deleted), refused, unreachable, queue_full.',
      labelNames: ['reason'],
      registers,
      collect() {
        this.reset();
        const { gone, refused, unreachable, dropped } = push.counts;
        this.inc({ reason: 'gone' }, gone);
        this.inc({ reason: 'refused' }, refused);
        this.inc({ reason: 'unreachable' }, unreachable);
        this.inc({ reason: 'queue_full' }, dropped);
      },
    });
    new Gauge({
      name: 'jala_push_queued',
      help: 'Web Push jobs waiting or running on this node.',
      registers,
      collect() {
        this.set(push.queued);
      },
    });

    new Counter({
      name: 'jala_read_cache_hits_total',
      help: 'Reads of the in-memory read models answered without a query of their own.',
      registers,
      collect() {
        this.reset();
        this.inc(readCacheTally.hits);
      },
    });
    new Counter({
      name: 'jala_read_cache_misses_total',
      help: 'Reads of the in-memory read models that ran their query.',
      registers,
      collect() {
        this.reset();
        this.inc(readCacheTally.misses);
      },
    });

    this.watchClock(sources, repository);
    this.watchDatabase(sources.database);

    // One read per scrape, shared by scrapes that overlap; a failed read leaves the gauge empty, not stale.
    let reading: Promise<Map<string, number> | null> | undefined;
    const readLiveTrips = () =>
      (reading ??= repository
        .liveTripsByStatus()
        .catch((error: unknown) => {
          sources.log.warn({ err: error }, 'metrics: reading the live trips failed');
          return null;
        })
        .finally(() => (reading = undefined)));
    new Gauge({
      name: 'jala_live_trips',
      help: 'Live trips (bookings once activated) by status, across the cluster.',
      labelNames: ['status'],
      registers,
      async collect() {
        const counts = await readLiveTrips();
        this.reset();
        for (const [status, n] of counts ?? []) this.set({ status }, n);
      },
    });
  }

  private watchClock(sources: MetricSources, repository: MetricsRepository): void {
    const registers = [this.registry];
    const { clock, now, log } = sources;
    new Gauge({
      name: 'jala_trip_clock_overdue_seconds',
      help: "How long the most overdue pending trip has waited past its expiry: the marketplace clock's lag.",
      registers,
      async collect() {
        try {
          this.set(await repository.expiryOverdueSeconds(now()));
        } catch (error) {
          this.reset();
          log.warn({ err: error }, 'metrics: reading the clock lag failed');
        }
      },
    });
    new Gauge({
      name: 'jala_trip_clock_timer_lag_seconds',
      help: "How late this node's last clock timer fired (a busy event loop delays it).",
      registers,
      collect() {
        this.set(clock.timerLagSeconds);
      },
    });
    new Counter({
      name: 'jala_trip_clock_turns_total',
      help: 'Turns of the marketplace clock this node ran, by outcome.',
      labelNames: ['outcome'],
      registers,
      collect() {
        this.reset();
        this.inc({ outcome: 'ok' }, clock.turnsRun - clock.turnsFailed);
        this.inc({ outcome: 'failed' }, clock.turnsFailed);
      },
    });
    new Gauge({
      name: 'jala_trip_clock_last_turn_seconds',
      help: 'How long the last turn of the clock run on this node took.',
      registers,
      collect() {
        this.set(clock.lastTurnSeconds);
      },
    });
  }

  private watchDatabase(database: DatabaseHandle): void {
    const registers = [this.registry];
    const queries = new Histogram({
      name: 'jala_db_query_duration_seconds',
      help: 'Database queries as the server waits for them (queueing on the connection included), by outcome.',
      labelNames: ['outcome'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    const ok = queries.labels('ok');
    const failed = queries.labels('error');
    this.stopListening = database.onQuery((seconds, error) => (error ? failed : ok).observe(seconds));
    if (!database.poolStats()) return; // PGlite: one embedded connection, no pool to watch.
    new Gauge({
      name: 'jala_db_pool_connections',
      help: "This node's PostgreSQL connections by state (busy, idle) and the pool's maximum (max).",
      labelNames: ['state'],
      registers,
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.set({ state: 'busy' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'jala_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection on this node.',
      registers,
      collect() {
        this.set(database.poolStats()?.waiting ?? 0);
      },
    });
  }

  /** Stops timing the database's queries (it may be shared and outlive this app). */
  close(): void {
    this.stopListening?.();
  }
}
