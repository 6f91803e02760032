/**
 * Offers across nodes: the cluster of e2e/cluster (real server processes on PostgreSQL + Redis, behind
 * nginx with deploy/nginx/jala.conf), once with 1 node and once with 2, in the same run.
 *
 * A passenger with a pending trip is connected over MQTT/WebSocket through nginx and subscribed to
 * trip_offers/{trip}; drivers send offers with POST /api/driver/trips/accept straight to the last node —
 * with 2 nodes that is the other node than the passenger's, so every offer is published on one node and
 * delivered by the other through Redis; with 1 node it is the same node (Redis still carries it: the
 * configuration is identical). Latency = from just before the HTTP request to the message's arrival.
 */
import { eq, schema } from '@jala/db';
import { topics } from '@jala/contracts';
import { createDriver, createTrip } from '@jala/test-factories/database';
import { api } from '../apps/server/test/support/http';
import { startCluster } from '../e2e/cluster/support/cluster';
import { connectTrackedOn } from '../e2e/cluster/support/realtime-client';
import { insertUsers, openSessionsWith } from './lib/app';
import { below, info, log, percentile, round, type Benchmark, type Measurement } from './lib/report';

const P99_BUDGET_MS = 50;
const WARMUP_OFFERS = 10;
const MESSAGE_TIMEOUT_MS = 5_000;
const TOKEN_TTL_SECONDS = 3600;

interface Figures { p50: number; p99: number; max: number; lost: number; httpP99: number; received: number; crossed: boolean }

async function measure(nodeCount: 1 | 2, offers: number): Promise<Figures> {
  const cluster = await startCluster({ nodes: nodeCount, logLevel: 'error' });
  let passenger: Awaited<ReturnType<typeof connectTrackedOn>> | undefined;
  try {
    const db = cluster.database.db;
    const [secretRow] = await db.select({ value: schema.clusterState.value }).from(schema.clusterState).where(eq(schema.clusterState.name, 'token_secret'));
    if (!secretRow) throw new Error('the nodes did not store their shared token secret');
    const secret = { tokenSecret: secretRow.value, tokenTtlSeconds: TOKEN_TTL_SECONDS };

    const [passengerId] = await insertUsers(db, 1, `bench.cluster.${Date.now()}.`) as [number];
    const passengerToken = (await openSessionsWith(db, secret, [passengerId])).get(passengerId) as string;
    const trip = await createTrip(db, { passengerId, offerPriceCents: 2000 });
    const home = cluster.nodes[0]!;
    const target = cluster.nodes[nodeCount - 1]!;
    passenger = await connectTrackedOn(cluster.wsUrl, { userId: passengerId, token: passengerToken }, (node) => node === home.id);
    const granted = await passenger.client.subscribeAsync(topics.tripOffers(trip.id));
    if (granted[0]?.qos !== 0) throw new Error(`passenger could not subscribe to ${topics.tripOffers(trip.id)}`);
    const arrivals = new Map<number, (at: number) => void>();
    passenger.client.on('message', (topic, payload) => {
      const at = performance.now();
      if (topic !== topics.tripOffers(trip.id)) return;
      arrivals.get((JSON.parse(payload.toString()) as { driver_id: number }).driver_id)?.(at);
    });

    const driverIds: number[] = [];
    for (let i = 0; i < offers + WARMUP_OFFERS; i += 1) driverIds.push((await createDriver(db)).user.id);
    const driverTokens = await openSessionsWith(db, secret, driverIds);
    log('cluster', `${nodeCount} node(s): passenger on ${passenger.node()}, offers sent to ${target.id}; ${driverIds.length} drivers ready`);

    const latencies: number[] = [];
    const httpTimes: number[] = [];
    let lost = 0;
    for (const [index, driverId] of driverIds.entries()) {
      const received = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), MESSAGE_TIMEOUT_MS);
        arrivals.set(driverId, (at) => { clearTimeout(timer); resolve(at); });
      });
      const start = performance.now();
      const response = await api(`${target.url}/api`, 'POST', '/driver/trips/accept', { token: driverTokens.get(driverId), body: { trip_request_id: trip.id } });
      const responded = performance.now();
      if (response.status !== 201) throw new Error(`offer by driver ${driverId} answered ${response.status}: ${JSON.stringify(response.body)}`);
      const at = await received;
      arrivals.delete(driverId);
      if (index < WARMUP_OFFERS) continue;
      if (at === null) lost += 1;
      else latencies.push(at - start);
      httpTimes.push(responded - start);
    }
    const figures: Figures = {
      p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(...latencies), lost,
      httpP99: percentile(httpTimes, 99), received: latencies.length, crossed: passenger.node() !== target.id,
    };
    log('cluster', `${nodeCount} node(s): ${figures.received} offers received, p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms, ` +
      `max ${figures.max.toFixed(2)} ms; HTTP p99 ${figures.httpP99.toFixed(2)} ms; lost ${lost}`);
    return figures;
  } finally {
    await passenger?.client.endAsync(true).catch(() => undefined);
    await cluster.stop();
  }
}

export const cluster: Benchmark = {
  name: 'cluster',
  description: 'offer sent over HTTP on one node → passenger receives it over MQTT via nginx on another node (Redis), 2 nodes vs 1 node',
  async run(options) {
    const offers = options.offers ?? 200;
    log('cluster', 'caveat: the nodes, nginx, PostgreSQL, Redis and this process (drivers\' HTTP client, the passenger) share the machine\'s cores');
    const one = await measure(1, offers);
    const two = await measure(2, offers);
    if (!two.crossed) throw new Error('with 2 nodes the offers did not cross nodes');
    const results: Measurement[] = [
      info('1 node: offer → passenger p50', round(one.p50), 'ms'),
      below('1 node: offer → passenger p99', round(one.p99), 'ms', P99_BUDGET_MS),
      { name: '1 node: offers lost (no message in 5 s)', value: one.lost, unit: 'offers', budget: '0', pass: one.lost === 0 },
      info('2 nodes: offer → passenger p50 (across nodes)', round(two.p50), 'ms'),
      below('2 nodes: offer → passenger p99 (across nodes)', round(two.p99), 'ms', P99_BUDGET_MS),
      { name: '2 nodes: offers lost (no message in 5 s)', value: two.lost, unit: 'offers', budget: '0', pass: two.lost === 0 },
      info('2 nodes − 1 node, p99', round(two.p99 - one.p99), 'ms'),
      info('1 node: offer HTTP response p99', round(one.httpP99), 'ms'),
      info('2 nodes: offer HTTP response p99', round(two.httpP99), 'ms'),
    ];
    return results;
  },
};
