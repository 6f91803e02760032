/**
 * /metrics scraped by a real Prometheus (Debian's `prometheus`, scripts/ensure-test-tools.sh): the server
 * with METRICS_TOKEN on each database, a Prometheus of its own on a free port with three jobs — the right
 * token, none, a wrong one — and its HTTP API asked what it stored after the test did real things (a trip
 * requested, reads, an MQTT connection, the app's clock moved past the trip's expiry).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';

import { runTripClock } from '../../src/modules/trips';
import { passenger, requestTrip } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api, readWarm } from '../support/http';
import { connectMqtt, subscribeQos } from '../support/mqtt';
import { freePort } from '../support/processes';
import { pushesSettled, subscribeDevice } from '../support/push-actors';
import { startPushService, type TestPushService } from '../support/push-service';
import { scratchDir } from '../support/scratch-dir';
import { useTestApp } from '../support/use-test-app';

const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const PROMTOOL = join(PROMETHEUS, '..', 'promtool');
const DEPLOY = new URL('../../../../deploy/', import.meta.url).pathname;
const WAIT = { timeout: 60_000, interval: 200 };

interface Prometheus {
  url: string;
  /** Resolves when Prometheus says it serves its API; rejects if it exits first. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const READY_LINE = 'Server is ready to receive web requests.';

/** Starts Prometheus scraping `target` every second (the caller keeps it to stop it, ready or not). */
function startPrometheus(dir: string, port: number, target: string, token: string): Prometheus {
  const config = join(dir, 'prometheus.yml');
  const job = (name: string, credentials?: string) =>
    [
      `  - job_name: ${name}`,
      '    metrics_path: /metrics',
      ...(credentials ? ['    authorization:', `      credentials: ${credentials}`] : []),
      '    static_configs:',
      `      - targets: ['${target}']`,
    ].join('\n');
  writeFileSync(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      'scrape_configs:',
      job('jala', token),
      job('jala_without_token'),
      job('jala_wrong_token', `x${token.slice(1)}`),
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=info',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Its log (stderr) says when the API is up: an event to wait for, not a guess of how long start-up takes.
  const ready = new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY_LINE)) resolve();
    });
    void exited.then(() => reject(new Error(`prometheus exited: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    ready,
    async stop() {
      ready.catch(() => undefined);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

/** An instant query of Prometheus's API: the samples it answers. */
async function query(prometheus: Prometheus, promql: string): Promise<Sample[]> {
  const response = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await response.json()) as { status: string; data: { result: Sample[] }; error?: string };
  if (body.status !== 'success') throw new Error(`${promql}: ${body.error}`);
  return body.data.result;
}

/** The single value of a query, or null when Prometheus has no sample for it. */
async function valueOf(prometheus: Prometheus, promql: string): Promise<number | null> {
  const [sample] = await query(prometheus, promql);
  return sample ? Number(sample.value[1]) : null;
}

/** Each job's target health and last scrape error, as Prometheus's targets page says them. */
async function targets(prometheus: Prometheus): Promise<Record<string, { health: string; lastError: string }>> {
  const response = await fetch(`${prometheus.url}/api/v1/targets`);
  const body = (await response.json()) as {
    data: { activeTargets: { labels: { job: string }; health: string; lastError: string }[] };
  };
  return Object.fromEntries(
    body.data.activeTargets.map((target) => [
      target.labels.job,
      { health: target.health, lastError: target.lastError },
    ]),
  );
}

const token = randomBytes(24).toString('hex');
/** The apps' clock, moved forward by a test (one backend's app runs at a time). */
let offsetMs = 0;

describeOnBackends(
  'metrics scraped by Prometheus (%s)',
  ({ backend, t, maybe, whenStarted }) => {
    const dir = scratchDir('jala-prometheus-');
    let prometheus: Prometheus | undefined;
    let mqtt: MqttClient | undefined;
    let pushService: TestPushService | undefined;
    const running = () => {
      if (!prometheus) throw new Error('prometheus is not running');
      return prometheus;
    };

    whenStarted(async () => {
      prometheus = startPrometheus(dir, await freePort(), new URL(t.baseUrl).host, token);
      await prometheus.ready;
    });
    afterAll(async () => {
      mqtt?.end(true);
      await prometheus?.stop();
      await pushService?.close();
    });

    maybe('answers only the right bearer token, with the text format Prometheus reads', async () => {
      const origin = new URL(t.baseUrl).origin;
      const none = await fetch(`${origin}/metrics`);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const wrong = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(right.status).toBe(200);
      expect(right.headers.get('content-type')).toContain('text/plain');
      expect(right.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      const text = await right.text();
      expect(text).toContain('# TYPE jala_http_request_duration_seconds histogram');
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    });

    maybe('Prometheus sees the target up with the token, and refused without it or with a wrong one', async () => {
      const p = running();
      await expect
        .poll(async () => {
          const health = await targets(p);
          return [health.jala?.health, health.jala_without_token?.health, health.jala_wrong_token?.health];
        }, WAIT)
        .toEqual(['up', 'down', 'down']);
      const health = await targets(p);
      expect(health.jala_without_token?.lastError).toContain('401');
      expect(health.jala_wrong_token?.lastError).toContain('401');
      expect(await valueOf(p, 'up{job="jala"}')).toBe(1);
      expect(await valueOf(p, 'up{job="jala_without_token"}')).toBe(0);
      expect(await valueOf(p, 'up{job="jala_wrong_token"}')).toBe(0);
    });

    maybe('live trips by status, the clock lag, request durations by route and the read caches', async () => {
      const p = running();
      offsetMs = 0;
      const rider = await passenger(t.baseUrl);
      mqtt = await connectMqtt(t.wsUrl, { userId: rider.id, token: rider.token });
      const trip = await requestTrip(t.baseUrl, rider.token);
      expect(await subscribeQos(mqtt, `trip_status/${trip.id}`)).toBe(0);
      expect((await readWarm(t.baseUrl, '/trips/active', rider.token)).status).toBe(200);
      expect((await api(t.baseUrl, 'GET', `/trips/${trip.id}/driver-offers`, { token: rider.token })).status).toBe(200);

      // A scrape may fall between two of the steps above: wait for one taken after the last of them (the
      // offers read is timed once answered), in which every value is final.
      const created =
        'jala_http_request_duration_seconds_count{job="jala",method="POST",route="/api/trips",status_code="201"}';
      const offers = `jala_http_request_duration_seconds_count{job="jala",method="GET",route="/api/trips/:id/driver-offers"}`;
      await expect.poll(() => valueOf(p, offers), WAIT).toBe(1);
      expect(await valueOf(p, created)).toBe(1);
      expect(await valueOf(p, 'jala_live_trips{job="jala",status="pending"}')).toBe(1);
      expect(await valueOf(p, 'jala_live_trips{job="jala",status="in_progress"}')).toBe(0);
      expect(await valueOf(p, 'jala_mqtt_connections{job="jala"}')).toBe(1);
      expect(await valueOf(p, 'jala_trip_clock_overdue_seconds{job="jala"}')).toBe(0);

      // Route patterns, never ids; and the scrapes themselves are not timed.
      expect(await query(p, 'jala_http_request_duration_seconds_count{route=~".*[0-9].*"}')).toEqual([]);
      expect(await query(p, 'jala_http_request_duration_seconds_count{route="/metrics"}')).toEqual([]);
      const p95 = await valueOf(
        p,
        'histogram_quantile(0.95, sum by (le) (jala_http_request_duration_seconds_bucket{job="jala",route="/api/trips"}))',
      );
      expect(p95).toBeGreaterThan(0);

      expect(await valueOf(p, 'jala_read_cache_hits_total{job="jala"}')).toBeGreaterThan(0);
      expect(await valueOf(p, 'jala_read_cache_misses_total{job="jala"}')).toBeGreaterThan(0);
      expect(await valueOf(p, 'jala_db_query_duration_seconds_count{job="jala",outcome="ok"}')).toBeGreaterThan(0);
      if (backend === 'postgres') expect(await valueOf(p, 'jala_db_pool_connections{job="jala",state="max"}')).toBe(5);
      else expect(await query(p, 'jala_db_pool_connections{job="jala"}')).toEqual([]);
      expect(await valueOf(p, 'jala_push_queued{job="jala"}')).toBe(0);
      expect(await valueOf(p, 'nodejs_eventloop_lag_seconds{job="jala"}')).not.toBeNull();

      // 20 minutes on, the 15-minute trip is 5 minutes overdue: the clock's lag, until a turn expires it.
      offsetMs = 20 * 60_000;
      await expect
        .poll(async () => Math.round((await valueOf(p, 'jala_trip_clock_overdue_seconds{job="jala"}')) ?? 0), WAIT)
        .toBeGreaterThanOrEqual(300);
      const statusHeard = new Promise<void>((resolve) => mqtt?.once('message', () => resolve()));
      await runTripClock(t.app.services.trips);
      await statusHeard;
      const afterTurn = async () => [
        await valueOf(p, 'jala_live_trips{job="jala",status="pending"}'),
        await valueOf(p, 'jala_trip_clock_overdue_seconds{job="jala"}'),
      ];
      await expect.poll(afterTurn, WAIT).toEqual([0, 0]);
      await expect
        .poll(() => valueOf(p, 'jala_mqtt_messages_total{job="jala",direction="out",kind="trip_status"}'), WAIT)
        .toBe(1);
    });

    maybe('push notifications sent and failed, by reason', async () => {
      const p = running();
      pushService = await startPushService();
      const service = pushService;
      // One device per session: three people, whose devices accept, are gone (410) and refuse (500).
      const answers = [null, 410, 500];
      const people = await Promise.all(answers.map(() => passenger(t.baseUrl)));
      for (const [i, person] of people.entries()) {
        (await subscribeDevice(t.baseUrl, person.token, service)).answer = answers[i] ?? null;
        expect((await api(t.baseUrl, 'POST', '/notifications/test', { token: person.token })).status).toBe(200);
      }
      await pushesSettled(t.app);
      // The three jobs end one by one: a scrape may have seen some of them only.
      const outcomes = async () => [
        await valueOf(p, 'jala_push_sent_total{job="jala"}'),
        await valueOf(p, 'jala_push_failed_total{job="jala",reason="gone"}'),
        await valueOf(p, 'jala_push_failed_total{job="jala",reason="refused"}'),
        await valueOf(p, 'jala_push_failed_total{job="jala",reason="unreachable"}'),
        await valueOf(p, 'jala_push_queued{job="jala"}'),
      ];
      await expect.poll(outcomes, WAIT).toEqual([1, 1, 1, 0, 0]);
    });

    maybe("the Grafana dashboard's queries run, on metrics this server exposes", async () => {
      const p = running();
      const dashboard = JSON.parse(readFileSync(join(DEPLOY, 'grafana', 'jala-dashboard.json'), 'utf8')) as {
        panels: { title: string; targets: { expr: string }[] }[];
      };
      const exposed = await (
        await fetch(`${new URL(t.baseUrl).origin}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
      expect(exprs.length).toBeGreaterThanOrEqual(13);
      for (const expr of exprs) {
        // Grafana's variables, as Grafana would fill them in.
        await query(p, expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*'));
        for (const name of expr.match(/\b(jala|nodejs|process)_[a-z0-9_]+/g) ?? []) {
          const family = name.replace(/_(bucket|count|sum)$/, '');
          // The pool exists only on PostgreSQL.
          if (backend === 'pglite' && family.startsWith('jala_db_pool')) continue;
          expect(exposed, `${name} in "${expr}"`).toContain(`# TYPE ${family} `);
        }
      }
    });
  },
  {
    // The sweep's timer (5 minutes) never turns within the test: it turns the clock itself, when it chooses.
    start: () => ({
      config: { metricsToken: token, tripClockMs: 300_000 },
      app: { now: () => new Date(Date.now() + offsetMs) },
    }),
  },
);

describe('without METRICS_TOKEN', () => {
  const t = useTestApp('pglite');

  it('there is no /metrics: 404, whatever the token', async () => {
    const origin = new URL(t.baseUrl).origin;
    const answer = await fetch(`${origin}/metrics`, { headers: { authorization: 'Bearer anything-at-all' } });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { code: string }).code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('deploy/prometheus/prometheus.yml', () => {
  const dir = scratchDir('jala-promtool-');

  it('is a configuration Prometheus accepts, with the token read from a file', () => {
    // The example's token file, at a path of this test's own.
    const tokenFile = join(dir, 'jala-metrics-token');
    writeFileSync(tokenFile, randomBytes(24).toString('hex'), { mode: 0o600 });
    const config = join(dir, 'prometheus.yml');
    const example = readFileSync(join(DEPLOY, 'prometheus', 'prometheus.yml'), 'utf8');
    expect(example).toContain('credentials_file: /etc/prometheus/jala-metrics-token');
    writeFileSync(config, example.replace('/etc/prometheus/jala-metrics-token', tokenFile));
    const checked = spawnSync(PROMTOOL, ['check', 'config', config], { encoding: 'utf8' });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  });
});

describe("the clock's own metrics", () => {
  const clockToken = randomBytes(24).toString('hex');
  const t = useTestApp('pglite', () => ({ config: { metricsToken: clockToken, tripClockMs: 1000 } }));

  it('count the turns its timer runs and how late the timer fired', async () => {
    const read = async () => {
      const origin = new URL(t.baseUrl).origin;
      const text = await (
        await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${clockToken}` } })
      ).text();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      return {
        turns: value('jala_trip_clock_turns_total\\{outcome="ok"\\}'),
        failed: value('jala_trip_clock_turns_total\\{outcome="failed"\\}'),
        lag: value('jala_trip_clock_timer_lag_seconds'),
        lastTurn: value('jala_trip_clock_last_turn_seconds'),
      };
    };
    // Two firings: the second one's lateness is measured from the first.
    await expect.poll(async () => (await read()).turns, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const after = await read();
    expect(after.failed).toBe(0);
    expect(after.lag).toBeGreaterThanOrEqual(0);
    expect(after.lag).toBeLessThan(30);
    expect(after.lastTurn).toBeGreaterThan(0);
  });
});
