/**
 * The measurement the realtime and cluster benches share: drivers send offers one at a time with
 * POST /driver/trips/accept, and each offer's latency runs from just before its HTTP request to its arrival
 * at the passenger on trip_offers/{trip}. The first `WARMUP_OFFERS` are sent but not counted.
 */
import { topics } from '@jala/contracts';
import type { MqttClient } from 'mqtt';

import { api } from '../../apps/server/test/support/http';

export const WARMUP_OFFERS = 10;
const MESSAGE_TIMEOUT_MS = 5_000;

export interface OfferDelivery {
  /** Offer → passenger, in ms, for every counted offer that arrived. */
  latencies: number[];
  /** HTTP response times of the counted offers, in ms. */
  httpTimes: number[];
  /** Counted offers whose message did not arrive within 5 s. */
  lost: number;
}

export async function measureOfferDelivery(options: {
  /** The passenger's connection, already subscribed to trip_offers/{tripId}. */
  passenger: MqttClient;
  tripId: number;
  /** Where the drivers send their offers (`http://…/api`). */
  apiBaseUrl: string;
  /** Drivers able to offer on the trip, with their session tokens; WARMUP_OFFERS of them are not counted. */
  driverTokens: Map<number, string>;
}): Promise<OfferDelivery> {
  const offersTopic = topics.tripOffers(options.tripId);
  const arrivals = new Map<number, (at: number) => void>();
  options.passenger.on('message', (topic, payload) => {
    const at = performance.now();
    if (topic !== offersTopic) return;
    arrivals.get((JSON.parse(payload.toString()) as { driver_id: number }).driver_id)?.(at);
  });

  const delivery: OfferDelivery = { latencies: [], httpTimes: [], lost: 0 };
  for (const [index, [driverId, token]] of [...options.driverTokens].entries()) {
    const received = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), MESSAGE_TIMEOUT_MS);
      arrivals.set(driverId, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
    const start = performance.now();
    const response = await api(options.apiBaseUrl, 'POST', '/driver/trips/accept', {
      token,
      body: { trip_request_id: options.tripId },
    });
    const responded = performance.now();
    if (response.status !== 201)
      throw new Error(`offer by driver ${driverId} answered ${response.status}: ${JSON.stringify(response.body)}`);
    const at = await received;
    arrivals.delete(driverId);
    if (index < WARMUP_OFFERS) continue;
    if (at === null) delivery.lost += 1;
    else delivery.latencies.push(at - start);
    delivery.httpTimes.push(responded - start);
  }
  return delivery;
}
