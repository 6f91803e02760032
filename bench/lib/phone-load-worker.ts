/**
 * One load-generator process of the capacity bench (forked by bench/capacity.bench.ts): simulates its share
 * of phones the way the web app behaves — each connected to /mqtt over WebSocket with its session token,
 * subscribed to its topics, polling on the app's intervals from a random phase — and reports the HTTP read
 * latencies it saw plus its own event-loop delay and CPU, which tell whether it (not the server) was the
 * bottleneck.
 *
 * Protocol (IPC): parent → {type:'start', …}; worker → {type:'connected', failures}; parent → {type:'go'};
 * worker → {type:'report', …} and exits.
 */
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { topics } from '@jala/contracts';
import { OFFERS_POLL_MS } from '@jala/domain';
import type { MqttClient } from 'mqtt';

import { connectMqtt } from '../../apps/server/test/support/mqtt';

/** The phone kinds of the capacity mix and what each one repeats (intervals of the web app). */
export type PhoneKind = 'waiting' | 'riding' | 'idle-driver' | 'driving';

export interface SimulatedPhone {
  kind: PhoneKind;
  userId: number;
  token: string;
  /** the waiting passenger's pending trip, or the riding passenger's / driving driver's accepted trip */
  tripId?: number;
  latitude: number;
  longitude: number;
}

export interface StartMessage {
  type: 'start';
  phones: SimulatedPhone[];
  apiUrl: string;
  wsUrl: string;
  warmupMs: number;
  measureMs: number;
}

export interface WorkerReport {
  type: 'report';
  latencies: number[];
  requests: number;
  failed: number;
  firstFailure: string | null;
  published: number;
  mqttDropped: number;
  eventLoopDelayP99Ms: number;
  cpuPercent: number;
}

/** apps/web: use-trip-requests (REQUESTS_REFRESH_MS), use-followed-trip (TRIP_REFRESH_MS), use-location-publisher (LOCATION_PUBLISH_MS). */
const REQUESTS_REFRESH_MS = 15_000;
const TRIP_REFRESH_MS = 10_000;
const LOCATION_PUBLISH_MS = 4_000;
const CONNECT_BATCH = 25;

/** What one phone does: the topics it subscribes to, and its timers (interval, action). */
function behaviour(
  phone: SimulatedPhone,
  get: (path: string) => Promise<void>,
  publish: (topic: string, message: unknown) => void,
) {
  const trip = phone.tripId as number;
  switch (phone.kind) {
    case 'waiting':
      return {
        topics: [topics.notifications(phone.userId), topics.tripOffers(trip), topics.tripStatus(trip)],
        timers: [
          [
            OFFERS_POLL_MS,
            async () => {
              await get('/trips/active');
              await get(`/trips/${trip}/driver-offers`);
            },
          ],
        ] as const,
      };
    case 'riding':
      return {
        topics: [topics.notifications(phone.userId), topics.tripStatus(trip), topics.driverLocation(trip)],
        timers: [[TRIP_REFRESH_MS, () => get('/trips/active')]] as const,
      };
    case 'idle-driver':
      return {
        topics: [topics.notifications(phone.userId), topics.driverTripRequests(phone.userId)],
        timers: [
          [
            REQUESTS_REFRESH_MS,
            () => get(`/driver/trip-requests?latitude=${phone.latitude}&longitude=${phone.longitude}`),
          ],
        ] as const,
      };
    case 'driving':
      return {
        topics: [topics.notifications(phone.userId), topics.tripStatus(trip)],
        timers: [
          [REQUESTS_REFRESH_MS, () => get('/driver/trips/current')],
          [
            LOCATION_PUBLISH_MS,
            async () =>
              publish(topics.driverLocation(trip), {
                latitude: phone.latitude,
                longitude: phone.longitude,
                heading: 90,
                timestamp: new Date().toISOString(),
              }),
          ],
        ] as const,
      };
  }
}

async function run(start: StartMessage): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const api = new URL(start.apiUrl);
  let measuring = false;
  const report: WorkerReport = {
    type: 'report',
    latencies: [],
    requests: 0,
    failed: 0,
    firstFailure: null,
    published: 0,
    mqttDropped: 0,
    eventLoopDelayP99Ms: 0,
    cpuPercent: 0,
  };
  const fail = (why: string) => {
    if (!measuring) return;
    report.failed += 1;
    report.firstFailure ??= why;
  };

  const get = (token: string) => (path: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request(
        {
          agent,
          host: api.hostname,
          port: api.port,
          path: `${api.pathname}${path}`,
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (measuring) {
              report.requests += 1;
              if (res.statusCode === 200) report.latencies.push(performance.now() - started);
              else fail(`GET ${path} answered ${res.statusCode}`);
            }
            resolve();
          });
        },
      );
      req.on('error', (error) => {
        fail(`GET ${path}: ${error.message}`);
        resolve();
      });
      req.end();
    });

  const clients: MqttClient[] = [];
  const timers: NodeJS.Timeout[] = [];
  let connectFailures = 0;
  const behaviours = start.phones.map((phone) => ({ phone, client: undefined as MqttClient | undefined }));
  for (let i = 0; i < behaviours.length; i += CONNECT_BATCH) {
    await Promise.all(
      behaviours.slice(i, i + CONNECT_BATCH).map(async (entry) => {
        try {
          const client = await connectMqtt(start.wsUrl, { userId: entry.phone.userId, token: entry.phone.token });
          const plan = behaviour(entry.phone, get(entry.phone.token), () => undefined);
          await client.subscribeAsync(plan.topics);
          client.on('close', () => {
            if (measuring) report.mqttDropped += 1;
          });
          entry.client = client;
          clients.push(client);
        } catch {
          connectFailures += 1;
        }
      }),
    );
  }
  process.send?.({ type: 'connected', failures: connectFailures });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));

  for (const { phone, client } of behaviours) {
    if (!client) continue;
    const publish = (topic: string, message: unknown) => {
      client.publish(topic, JSON.stringify(message));
      if (measuring) report.published += 1;
    };
    for (const [interval, action] of behaviour(phone, get(phone.token), publish).timers) {
      // A random phase, as phones opened at random times: no synchronised bursts.
      const first = setTimeout(() => {
        void action();
        timers.push(setInterval(() => void action(), interval));
      }, Math.random() * interval);
      timers.push(first);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, start.warmupMs));
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuBefore = process.cpuUsage();
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, start.measureMs));
  measuring = false;
  delay.disable();
  const cpu = process.cpuUsage(cpuBefore);
  report.cpuPercent = ((cpu.user + cpu.system) / 1000 / start.measureMs) * 100;
  report.eventLoopDelayP99Ms = delay.percentile(99) / 1e6;
  for (const timer of timers) clearTimeout(timer);
  process.send?.(report);
  await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
  agent.destroy();
  process.exit(0);
}

process.once('message', (message: StartMessage) => {
  run(message).catch((error: unknown) => {
    console.error('[phone-load-worker]', error);
    process.exit(1);
  });
});
