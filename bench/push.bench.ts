/**
 * Web Push fan-out (GUIDE.md §6: event-loop delay p99 < 50 ms while 1,000 devices receive a push).
 *
 * The real app runs in this process; the outside world runs in three child processes (this same file,
 * forked with JALA_PUSH_BENCH_CHILD set): the decrypting push service of the server tests (each device a real
 * P-256 key pair that must decrypt its payload), a client polling `/api/health`, and the clients whose
 * requests cause the pushes. None of their work lands on the event loop being measured, and the health
 * client's timings are not delayed by the service's decryption or by the other clients. 100 operators each subscribe 10 devices over HTTP (one session per device,
 * 1,000 devices), then two fan-outs are measured, each until the push queue is idle:
 *
 * - one event to every device: an SOS from a passenger on a trip (every operator is told);
 * - 100 users press "Probar notificación" at once (100 × 10 devices), the route of the original abuse.
 *
 * Figures: event-loop delay p99 and max of this process (monitorEventLoopDelay, 10 ms resolution; the
 * values include that sampling interval, as in the capacity bench), `/api/health` latency p50/p99/max seen
 * by the child meanwhile, this process's CPU time (user + system: the work itself, which a busy machine
 * does not inflate), and how many devices received exactly the push they should. The same figures with
 * no push first give the floor the machine allows at that moment.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import { sql } from '@jala/db';
import { createDriver, createTrip } from '@jala/test-factories/database';

import { type PushDevice, startPushService } from '../apps/server/test/support/push-service';
import { insertUsers, openSessions, type RunningApp, startApp } from './lib/app';
import { below, type Benchmark, info, log, type Measurement, percentile, round } from './lib/report';

const CHILD_FLAG = 'JALA_PUSH_BENCH_CHILD';
const USERS = 100;
const DEVICES_PER_USER = 10;
const EVENT_LOOP_P99_BUDGET_MS = 50;
/** Subscriptions sent at once while setting up (setup is not measured). */
const SUBSCRIBE_CONCURRENCY = 20;
/** The health client's pause between two polls (one request in flight at a time). */
const HEALTH_POLL_GAP_MS = 10;
const IDLE_BASELINE_MS = 2_000;

type ToChild =
  | { type: 'devices'; count: number }
  | { type: 'post'; url: string; tokens: string[]; body?: unknown }
  | { type: 'poll'; url: string }
  | { type: 'stop-poll' }
  | { type: 'received' }
  | { type: 'exit' };
type FromChild =
  | { type: 'ready' }
  | { type: 'devices'; devices: { endpoint: string; keys: { p256dh: string; auth: string } }[] }
  | { type: 'polled'; latencies: number[]; failures: number }
  | { type: 'posted'; statuses: number[] }
  | { type: 'received'; kinds: string[][]; rejections: string[] };

type Role = 'push-service' | 'health-client' | 'requests-client';

/** A child: the push service or a client, answering the parent's messages. */
async function runOutside(role: Role): Promise<void> {
  const service = role === 'push-service' ? await startPushService() : undefined;
  const devices: PushDevice[] = [];
  let poll: { stopped: boolean; latencies: number[]; failures: number; done: Promise<void> } | undefined;
  const reply = (message: FromChild) => process.send?.(message);
  process.on('message', (message: ToChild) => {
    switch (message.type) {
      case 'devices': {
        if (!service) throw new Error('devices asked of the health client');
        const created = Array.from({ length: message.count }, () => service.device());
        devices.push(...created);
        reply({ type: 'devices', devices: created.map((d) => ({ endpoint: d.endpoint, keys: d.keys })) });
        break;
      }
      case 'poll': {
        const state = { stopped: false, latencies: [] as number[], failures: 0, done: Promise.resolve() };
        state.done = (async () => {
          while (!state.stopped) {
            const t0 = performance.now();
            const ok = await fetch(message.url).then(
              (r) => r.arrayBuffer().then(() => r.ok),
              () => false,
            );
            state.latencies.push(performance.now() - t0);
            if (!ok) state.failures += 1;
            await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_GAP_MS));
          }
        })();
        poll = state;
        break;
      }
      case 'stop-poll': {
        const state = poll;
        if (!state) throw new Error('stop-poll without poll');
        state.stopped = true;
        void state.done.then(() => reply({ type: 'polled', latencies: state.latencies, failures: state.failures }));
        break;
      }
      case 'post':
        // All at once, as people pressing a button at the same moment.
        void Promise.all(message.tokens.map((token) => post(message.url, token, message.body))).then((statuses) =>
          reply({ type: 'posted', statuses }),
        );
        break;
      case 'received':
        reply({
          type: 'received',
          kinds: devices.map((d) => d.received.map((p) => p.kind)),
          rejections: service?.rejections ?? [],
        });
        break;
      case 'exit':
        void (service?.close() ?? Promise.resolve()).then(() => process.exit(0));
        break;
    }
  });
  reply({ type: 'ready' });
}

/** The parent's side of a child: one request, the first answer of the awaited type. */
class Child {
  private constructor(private readonly child: ChildProcess) {}

  static async start(role: Role): Promise<Child> {
    const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, [CHILD_FLAG]: role } });
    const outside = new Child(child);
    await outside.next('ready');
    return outside;
  }

  ask<T extends FromChild['type']>(message: ToChild, answer: T): Promise<Extract<FromChild, { type: T }>> {
    const next = this.next(answer);
    this.child.send(message);
    return next;
  }

  tell(message: ToChild): void {
    this.child.send(message);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'exit' } satisfies ToChild);
    await exited;
  }

  private next<T extends FromChild['type']>(type: T): Promise<Extract<FromChild, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: FromChild) => {
        if (message.type !== type) return;
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
        resolve(message as Extract<FromChild, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`push bench child exited (${code}) before '${type}'`));
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
    });
  }
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

async function post(url: string, token: string, body?: unknown): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

interface Setup {
  operatorTokens: string[];
  sosToken: string;
}

/** 100 operators × 10 sessions, each session subscribing one device; a passenger on a trip who can press SOS. */
async function setUp(running: RunningApp, service: Child): Promise<Setup> {
  const db = running.db;
  const operators = await insertUsers(db, USERS, `bench.push.${Date.now()}.`);
  await db.execute(sql`update users set is_admin = true where id = any(${`{${operators.join(',')}}`}::int[])`);
  const sessions: { userId: number; token: string }[] = [];
  for (let i = 0; i < DEVICES_PER_USER; i += 1) {
    for (const [userId, token] of await openSessions(running, operators)) sessions.push({ userId, token });
  }
  const { devices } = await service.ask({ type: 'devices', count: sessions.length }, 'devices');
  await inBatches(
    sessions.map((session, i) => ({ ...session, device: devices[i]! })),
    SUBSCRIBE_CONCURRENCY,
    async ({ token, device }) => {
      const status = await post(`${running.baseUrl}/notifications/subscription`, token, {
        endpoint: device.endpoint,
        keys: device.keys,
      });
      if (status !== 201) throw new Error(`subscription answered ${status}`);
    },
  );
  const [rows] = (await db.execute(sql`select count(*)::int as n from push_subscriptions`)).rows as [{ n: number }];
  if (rows.n !== USERS * DEVICES_PER_USER)
    throw new Error(`expected ${USERS * DEVICES_PER_USER} devices stored, found ${rows.n}`);

  const [passengerId] = (await insertUsers(db, 1, `bench.push.sos.${Date.now()}.`)) as [number];
  const driver = await createDriver(db);
  await createTrip(db, {
    passengerId,
    driverId: driver.user.id,
    vehicleId: driver.vehicle.id,
    status: 'in_progress',
    agreedFareCents: 2000,
    acceptedAt: new Date(),
    startedAt: new Date(),
  });
  const sosToken = (await openSessions(running, [passengerId])).get(passengerId)!;
  const operatorTokens = [...(await openSessions(running, operators)).values()];
  return { operatorTokens, sosToken };
}

interface PhaseResult {
  delayP99: number;
  delayMax: number;
  health: number[];
  healthFailures: number;
  seconds: number;
  cpuMs: number;
}

/** Measures the event loop and the health client from just before `trigger` until the push queue is idle. */
async function measure(running: RunningApp, health: Child, trigger: () => Promise<void>): Promise<PhaseResult> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  health.tell({ type: 'poll', url: `${running.baseUrl}/health` });
  histogram.enable();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await trigger();
  await running.app.services.push.sender.idle();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  histogram.disable();
  const polled = await health.ask({ type: 'stop-poll' }, 'polled');
  return {
    delayP99: histogram.percentile(99) / 1e6,
    delayMax: histogram.max / 1e6,
    health: polled.latencies,
    healthFailures: polled.failures,
    seconds,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/** The same figures with no push at all: the floor this machine gives right now (other work on the cores shows here). */
async function idleBaseline(running: RunningApp, health: Child): Promise<PhaseResult> {
  return measure(running, health, () => new Promise((resolve) => setTimeout(resolve, IDLE_BASELINE_MS)));
}

function phaseMeasurements(label: string, result: PhaseResult, reached: number): Measurement[] {
  const { health } = result;
  const devices = USERS * DEVICES_PER_USER;
  log(
    'push',
    `${label}: ${reached}/${devices} devices in ${result.seconds.toFixed(2)} s (server process CPU ${Math.round(result.cpuMs)} ms); event-loop delay p99 ${result.delayP99.toFixed(1)} ms, max ${result.delayMax.toFixed(1)} ms; ` +
      `/api/health ×${health.length} p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms, failed ${result.healthFailures}`,
  );
  return [
    below(`${label}: event-loop delay p99`, round(result.delayP99, 1), 'ms', EVENT_LOOP_P99_BUDGET_MS),
    info(`${label}: event-loop delay max`, round(result.delayMax, 1), 'ms'),
    info(`${label}: /api/health p50`, round(percentile(health, 50), 1), 'ms'),
    info(`${label}: /api/health p99`, round(percentile(health, 99), 1), 'ms'),
    info(`${label}: /api/health max`, round(Math.max(...health), 1), 'ms'),
    info(`${label}: fan-out time`, round(result.seconds, 2), 's'),
    info(`${label}: server process CPU`, Math.round(result.cpuMs), 'ms'),
    {
      name: `${label}: devices that received it`,
      value: reached,
      unit: 'devices',
      budget: `${devices}`,
      pass: reached === devices,
    },
  ];
}

async function runOn(backend: 'pglite' | 'postgres'): Promise<Measurement[]> {
  const [service, health, clients] = await Promise.all([
    Child.start('push-service'),
    Child.start('health-client'),
    Child.start('requests-client'),
  ]);
  const running = await startApp(backend);
  log('push', `app on ${running.baseUrl} (${running.describe})`);
  try {
    const t0 = performance.now();
    const { operatorTokens, sosToken } = await setUp(running, service);
    log(
      'push',
      `${USERS} users × ${DEVICES_PER_USER} devices subscribed over HTTP in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const idle = await idleBaseline(running, health);
    log(
      'push',
      `idle (no push, ${IDLE_BASELINE_MS / 1000} s): event-loop delay p99 ${idle.delayP99.toFixed(1)} ms, max ${idle.delayMax.toFixed(1)} ms; ` +
        `/api/health ×${idle.health.length} p50 ${percentile(idle.health, 50).toFixed(1)} ms, p99 ${percentile(idle.health, 99).toFixed(1)} ms`,
    );
    const tag = `${backend}, `;
    const results: Measurement[] = [
      info(`${tag}idle: event-loop delay p99`, round(idle.delayP99, 1), 'ms'),
      info(`${tag}idle: /api/health p50`, round(percentile(idle.health, 50), 1), 'ms'),
    ];

    // One event to all 1,000 devices: the whole fan-out is one queued job.
    const sos = await measure(running, health, async () => {
      const { statuses } = await clients.ask(
        {
          type: 'post',
          url: `${running.baseUrl}/safety/sos`,
          tokens: [sosToken],
          body: { latitude: -12.1211, longitude: -77.0297 },
        },
        'posted',
      );
      if (statuses[0] !== 201) throw new Error(`SOS answered ${statuses[0]}`);
    });
    let received = await service.ask({ type: 'received' }, 'received');
    const sosReached = received.kinds.filter((kinds) => kinds.length === 1 && kinds[0] === 'sos').length;
    results.push(...phaseMeasurements(`${tag}SOS to 1,000 devices`, sos, sosReached));

    // 100 users press "Probar notificación" at once: 100 jobs of 10 devices.
    const tests = await measure(running, health, async () => {
      const { statuses } = await clients.ask(
        { type: 'post', url: `${running.baseUrl}/notifications/test`, tokens: operatorTokens },
        'posted',
      );
      if (statuses.some((s) => s !== 200)) throw new Error(`test push answered ${statuses.find((s) => s !== 200)}`);
    });
    received = await service.ask({ type: 'received' }, 'received');
    const testReached = received.kinds.filter((kinds) => kinds.length === 2 && kinds[1] === 'test').length;
    results.push(...phaseMeasurements(`${tag}100 × "Probar notificación"`, tests, testReached));
    if (received.rejections.length > 0)
      log('push', `push service rejected ${received.rejections.length}: ${received.rejections[0]}`);
    return results;
  } finally {
    await running.stop();
    await Promise.all([service.stop(), health.stop(), clients.stop()]);
  }
}

export const push: Benchmark = {
  name: 'push',
  description: 'Web Push fan-out to 1,000 devices (100 users × 10): event-loop delay and /api/health latency meanwhile',
  async run(options) {
    const backends = options.db ? [options.db] : (['pglite', 'postgres'] as const);
    const results: Measurement[] = [];
    for (const backend of backends) results.push(...(await runOn(backend)));
    return results;
  },
};

const childRole = process.env[CHILD_FLAG];
if (childRole === 'push-service' || childRole === 'health-client' || childRole === 'requests-client') {
  runOutside(childRole).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
