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
import { topics } from '@jala/contracts';
import { createDriver, createTrip } from '@jala/test-factories/database';

import { startCluster } from '../e2e/cluster/support/cluster';
import { connectTrackedOn } from '../e2e/cluster/support/realtime-client';
import { clusterTokenSecret, insertUsers, openSessionsWith } from './lib/app';
import { measureOfferDelivery, WARMUP_OFFERS } from './lib/offer-delivery';
import { below, type Benchmark, info, log, type Measurement, percentile, round } from './lib/report';

const P99_BUDGET_MS = 50;
const TOKEN_TTL_SECONDS = 3600;

interface Figures {
  p50: number;
  p99: number;
  max: number;
  lost: number;
  httpP99: number;
  received: number;
  crossed: boolean;
}

async function measure(nodeCount: 1 | 2, offers: number): Promise<Figures> {
  const cluster = await startCluster({ nodes: nodeCount, logLevel: 'error' });
  let passenger: Awaited<ReturnType<typeof connectTrackedOn>> | undefined;
  try {
    const db = cluster.database.db;
    const secret = await clusterTokenSecret(db, TOKEN_TTL_SECONDS);

    const [passengerId] = (await insertUsers(db, 1, `bench.cluster.${Date.now()}.`)) as [number];
    const passengerToken = (await openSessionsWith(db, secret, [passengerId])).get(passengerId) as string;
    const trip = await createTrip(db, { passengerId, offerPriceCents: 2000 });
    const home = cluster.nodes[0]!;
    const target = cluster.nodes[nodeCount - 1]!;
    passenger = await connectTrackedOn(
      cluster.wsUrl,
      { userId: passengerId, token: passengerToken },
      (node) => node === home.id,
    );
    const granted = await passenger.client.subscribeAsync(topics.tripOffers(trip.id));
    if (granted[0]?.qos !== 0) throw new Error(`passenger could not subscribe to ${topics.tripOffers(trip.id)}`);

    const driverIds: number[] = [];
    for (let i = 0; i < offers + WARMUP_OFFERS; i += 1) driverIds.push((await createDriver(db)).user.id);
    const driverTokens = await openSessionsWith(db, secret, driverIds);
    log(
      'cluster',
      `${nodeCount} node(s): passenger on ${passenger.node()}, offers sent to ${target.id}; ${driverIds.length} drivers ready`,
    );

    const { latencies, httpTimes, lost } = await measureOfferDelivery({
      passenger: passenger.client,
      tripId: trip.id,
      apiBaseUrl: `${target.url}/api`,
      driverTokens,
    });
    const figures: Figures = {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      lost,
      httpP99: percentile(httpTimes, 99),
      received: latencies.length,
      crossed: passenger.node() !== target.id,
    };
    log(
      'cluster',
      `${nodeCount} node(s): ${figures.received} offers received, p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms, ` +
        `max ${figures.max.toFixed(2)} ms; HTTP p99 ${figures.httpP99.toFixed(2)} ms; lost ${lost}`,
    );
    return figures;
  } finally {
    await passenger?.client.endAsync(true).catch(() => undefined);
    await cluster.stop();
  }
}

export const cluster: Benchmark = {
  name: 'cluster',
  description:
    'offer sent over HTTP on one node → passenger receives it over MQTT via nginx on another node (Redis), 2 nodes vs 1 node',
  async run(options) {
    const offers = options.offers ?? 200;
    log(
      'cluster',
      "caveat: the nodes, nginx, PostgreSQL, Redis and this process (drivers' HTTP client, the passenger) share the machine's cores",
    );
    const one = await measure(1, offers);
    const two = await measure(2, offers);
    if (!two.crossed) throw new Error('with 2 nodes the offers did not cross nodes');
    const results: Measurement[] = [
      info('1 node: offer → passenger p50', round(one.p50), 'ms'),
      below('1 node: offer → passenger p99', round(one.p99), 'ms', P99_BUDGET_MS),
      {
        name: '1 node: offers lost (no message in 5 s)',
        value: one.lost,
        unit: 'offers',
        budget: '0',
        pass: one.lost === 0,
      },
      info('2 nodes: offer → passenger p50 (across nodes)', round(two.p50), 'ms'),
      below('2 nodes: offer → passenger p99 (across nodes)', round(two.p99), 'ms', P99_BUDGET_MS),
      {
        name: '2 nodes: offers lost (no message in 5 s)',
        value: two.lost,
        unit: 'offers',
        budget: '0',
        pass: two.lost === 0,
      },
      info('2 nodes − 1 node, p99', round(two.p99 - one.p99), 'ms'),
      info('1 node: offer HTTP response p99', round(one.httpP99), 'ms'),
      info('2 nodes: offer HTTP response p99', round(two.httpP99), 'ms'),
    ];
    return results;
  },
};
