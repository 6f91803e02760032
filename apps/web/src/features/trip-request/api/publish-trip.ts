import { topics, type TripPublication } from '@jala/contracts';
import { isApiError } from '../../../lib/api-client';
import { realtime } from '../../../lib/realtime';
import { publishTripHttp, TRIP_FALLBACKS } from './trip-api';

/** How long an MQTT publication may wait for the broker's acknowledgement before HTTP takes over. */
export const MQTT_PUBLISH_TIMEOUT_MS = 4_000;

export interface PublishableTrip {
  id: number;
  trip_code: string;
  pickup: { latitude: number; longitude: number; address: string };
  destination: { latitude: number; longitude: number; address: string };
  service_type_id: number;
  estimated_fare: number;
  distance_km: number;
  duration_minutes: number;
  created_at: string;
}

/** Who publishes: the passenger's id and the name drivers see. */
export interface TripPublisher {
  id: number;
  name: string;
}

/** What the wizard and the active trip hand to their publication mutation. */
export interface PublishRequest {
  trip: PublishableTrip;
  passenger: TripPublisher;
}

/** Spec §3 'Trip publication message'. The server re-reads the trip; the payload names it. */
export function tripPublication(trip: PublishableTrip, passenger: TripPublisher): TripPublication {
  return {
    trip_id: trip.id,
    trip_code: trip.trip_code,
    passenger_id: passenger.id,
    passenger_name: passenger.name.slice(0, 120),
    pickup: { lat: trip.pickup.latitude, lng: trip.pickup.longitude, address: trip.pickup.address.slice(0, 300) },
    destination: { lat: trip.destination.latitude, lng: trip.destination.longitude, address: trip.destination.address.slice(0, 300) },
    service_type_id: trip.service_type_id,
    estimated_fare: trip.estimated_fare,
    distance_km: trip.distance_km,
    duration_minutes: trip.duration_minutes,
    created_at: trip.created_at,
  };
}

export type PublishChannel = 'mqtt' | 'http';

export interface PublishDeps {
  realtime: Pick<typeof realtime, 'isConnected' | 'publish'>;
  publishHttp: (tripId: number) => Promise<unknown>;
  timeoutMs: number;
}

const defaultDeps: PublishDeps = { realtime, publishHttp: publishTripHttp, timeoutMs: MQTT_PUBLISH_TIMEOUT_MS };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('MQTT publish timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Publishes a pending trip to nearby drivers: over MQTT on jala/trip_requests as the spec does (QoS 1,
 * acknowledged by the broker), or over HTTP POST /trips/{id}/publish when the realtime link is down or
 * does not acknowledge in time. Rejects only when both fail: with the server's Spanish message, else
 * 'Error al publicar por MQTT'.
 */
export async function publishTrip(trip: PublishableTrip, passenger: TripPublisher, deps: PublishDeps = defaultDeps): Promise<PublishChannel> {
  if (deps.realtime.isConnected()) {
    try {
      await withTimeout(deps.realtime.publish(topics.tripRequests, tripPublication(trip, passenger), { qos: 1 }), deps.timeoutMs);
      return 'mqtt';
    } catch (error) {
      console.warn('[publish] MQTT publication failed, using HTTP', error);
    }
  }
  try {
    await deps.publishHttp(trip.id);
    return 'http';
  } catch (error) {
    console.warn('[publish] HTTP publication failed', error);
    // The server's Spanish reason (e.g. the trip is no longer pending) says more than the generic text.
    if (isApiError(error)) throw error;
    throw new Error(TRIP_FALLBACKS.publish, { cause: error });
  }
}

/** publishTrip as a mutation function: its variables in one object, and never react-query's context as `deps`. */
export const publishTripRequest = ({ trip, passenger }: PublishRequest): Promise<PublishChannel> => publishTrip(trip, passenger);
