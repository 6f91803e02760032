/**
 * Offer published → passenger receives it: the real app in this process with N MQTT-over-WebSocket clients
 * connected and subscribed (each an authenticated user on their own notifications/{id}), one passenger with
 * a pending trip subscribed to trip_offers/{trip}, and drivers sending offers with POST /driver/trips/accept.
 * Latency = from just before the HTTP request starts to the MQTT message's arrival at the passenger.
 */
import { topics } from '@jala/contracts';
import { createDriver, createTrip } from '@jala/test-factories/database';
import type { MqttClient } from 'mqtt';

import { connectMqtt, subscribeQos } from '../apps/server/test/support/mqtt';
import { insertUsers, openSessions, startApp } from './lib/app';
import { measureOfferDelivery, WARMUP_OFFERS } from './lib/offer-delivery';
import { below, type Benchmark, info, log, type Measurement, percentile, round } from './lib/report';

const P99_BUDGET_MS = 50;
const CONNECT_CONCURRENCY = 100;

async function connectAll(wsUrl: string, tokens: Map<number, string>): Promise<MqttClient[]> {
  const clients: MqttClient[] = [];
  const entries = [...tokens];
  for (let i = 0; i < entries.length; i += CONNECT_CONCURRENCY) {
    const batch = entries.slice(i, i + CONNECT_CONCURRENCY);
    const connected = await Promise.all(
      batch.map(async ([userId, token]) => {
        const client = await connectMqtt(wsUrl, { userId, token });
        const qos = await subscribeQos(client, topics.notifications(userId));
        if (qos !== 0) throw new Error(`subscribe notifications/${userId} refused (${qos})`);
        return client;
      }),
    );
    clients.push(...connected);
  }
  return clients;
}

export const realtime: Benchmark = {
  name: 'realtime',
  description:
    'offer sent over HTTP → passenger receives it on trip_offers/{trip} over MQTT/WebSocket, with N connected clients',
  async run(options) {
    const clientCount = options.clients ?? 2000;
    const offers = options.offers ?? 200;
    const backend = options.db ?? 'postgres';
    log(
      'realtime',
      `caveat: server, MQTT clients and the drivers' HTTP client all share this one Node process${backend === 'postgres' ? ' (and the 2 cores with PostgreSQL)' : ''}: a pessimistic loopback figure`,
    );
    const running = await startApp(backend);
    log('realtime', `app on ${running.wsUrl} (${running.describe})`);
    const clients: MqttClient[] = [];
    try {
      const db = running.db;
      // The crowd: N users, each with a session and an MQTT connection subscribed to their own notifications.
      let t0 = performance.now();
      const crowdIds = await insertUsers(db, clientCount, `bench.rt.${Date.now()}.`);
      const crowdTokens = await openSessions(running, crowdIds);
      log('realtime', `${clientCount} users + sessions created in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      t0 = performance.now();
      clients.push(...(await connectAll(running.wsUrl, crowdTokens)));
      const connectSeconds = (performance.now() - t0) / 1000;
      log(
        'realtime',
        `${clients.length} MQTT clients connected and subscribed in ${connectSeconds.toFixed(1)} s (${Math.round(clients.length / connectSeconds)}/s); broker counts ${running.app.broker.connectedClients}`,
      );

      // The passenger with a pending trip (Parque Kennedy → Jockey Plaza), listening for offers.
      const [passengerId] = (await insertUsers(db, 1, `bench.rt.passenger.${Date.now()}.`)) as [number];
      const passengerToken = (await openSessions(running, [passengerId])).get(passengerId) as string;
      const trip = await createTrip(db, { passengerId, offerPriceCents: 2000 });
      const passenger = await connectMqtt(running.wsUrl, { userId: passengerId, token: passengerToken });
      clients.push(passenger);
      const qos = await subscribeQos(passenger, topics.tripOffers(trip.id));
      if (qos !== 0) throw new Error(`passenger could not subscribe to ${topics.tripOffers(trip.id)} (${qos})`);

      // Drivers: verified, online, with a car at Parque Kennedy (one offer per driver per trip).
      t0 = performance.now();
      const driverIds: number[] = [];
      for (let i = 0; i < offers + WARMUP_OFFERS; i += 1) driverIds.push((await createDriver(db)).user.id);
      const driverTokens = await openSessions(running, driverIds);
      log(
        'realtime',
        `${driverIds.length} drivers created in ${((performance.now() - t0) / 1000).toFixed(1)} s; trip ${trip.id} pending`,
      );

      const { latencies, httpTimes, lost } = await measureOfferDelivery({
        passenger,
        tripId: trip.id,
        apiBaseUrl: running.baseUrl,
        driverTokens,
      });
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      log(
        'realtime',
        `${latencies.length} offers received: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${Math.max(...latencies).toFixed(2)} ms; ` +
          `HTTP response p50 ${percentile(httpTimes, 50).toFixed(2)} ms, p99 ${percentile(httpTimes, 99).toFixed(2)} ms; lost ${lost}; ` +
          `${running.app.broker.connectedClients} clients still connected`,
      );
      const results: Measurement[] = [
        info('connected MQTT clients', running.app.broker.connectedClients, 'clients'),
        info('connect + subscribe rate', Math.round(clients.length / connectSeconds), 'clients/s'),
        info('offer → passenger p50', round(p50), 'ms'),
        below(`offer → passenger p99 (${clientCount} clients)`, round(p99), 'ms', P99_BUDGET_MS),
        info('offer HTTP response p99', round(percentile(httpTimes, 99)), 'ms'),
        { name: 'offers lost (no message in 5 s)', value: lost, unit: 'offers', budget: '0', pass: lost === 0 },
      ];
      return results;
    } finally {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
      await running.stop();
    }
  },
};
