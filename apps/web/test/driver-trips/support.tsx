/**
 * Test doubles for the driver marketplace screens: request and trip factories with overrides, a fake
 * realtime link (subscribe/publish/emit), a fake geolocation, and a renderer with router and query cache.
 */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClientProvider, notifyManager } from '@tanstack/react-query';

// Query and mutation state changes reach React inside the act() of the event that caused them.
notifyManager.setScheduler((callback) => callback());
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import type { DriverTripRequest } from '@jala/contracts';
import { encodePolyline } from '@jala/domain';
import type { DriverTrip } from '../../src/features/live-trip/driver/api';
import { realtime, type ConnectionListener, type MessageHandler } from '../../src/lib/realtime';
import { createQueryClient } from '../../src/lib/query-client';

export function makeRequest(overrides: Partial<DriverTripRequest> = {}): DriverTripRequest {
  return {
    id: 501,
    passenger_name: 'Rosa Huamán',
    passenger_rating: 4.75,
    service_type: 'Auto',
    service_type_id: 2,
    pickup_address: 'Parque Kennedy, Miraflores',
    destination_address: 'Jockey Plaza, Santiago de Surco',
    pickup_latitude: -12.1211,
    pickup_longitude: -77.0297,
    estimated_fare: 23.5,
    offer_price: 20,
    estimated_distance: 7.8,
    estimated_duration: 22,
    distance_to_pickup_km: 0.35,
    passenger_notes: 'Estoy en la puerta de la iglesia',
    my_offer_price: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

export function makeCurrentTrip(overrides: Partial<DriverTrip> = {}): DriverTrip {
  return {
    id: 777,
    trip_code: 'TRIP-777',
    trip_status: 'accepted',
    pickup_address: 'Parque Kennedy, Miraflores',
    pickup_latitude: '-12.121100',
    pickup_longitude: '-77.029700',
    destination_address: 'Jockey Plaza, Santiago de Surco',
    destination_latitude: '-12.085900',
    destination_longitude: '-76.977300',
    service_type_id: 2,
    passenger_id: 90,
    passenger_name: 'Rosa Huamán',
    passenger_phone: '987654321',
    passenger_rating: 4.8,
    passenger_notes: 'Voy con una maleta',
    estimated_fare: 23.5,
    actual_fare: 21.5,
    distance_km: 7.8,
    duration_minutes: 22,
    route_polyline: encodePolyline([[-12.1211, -77.0297], [-12.1, -77.0], [-12.0859, -76.9773]]),
    accepted_at: '2025-06-01T15:00:00.000Z',
    ...overrides,
  };
}

/** A realtime link that is connected, records subscriptions and publishes, and lets tests deliver messages. */
export class FakeRealtime {
  connected = true;
  readonly handlers = new Map<string, Set<MessageHandler>>();
  readonly published: { topic: string; payload: unknown }[] = [];
  private readonly listeners = new Set<ConnectionListener>();
  failPublish: Error | null = null;

  isConnected = (): boolean => this.connected;

  onConnectionChange = (listener: ConnectionListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  subscribe = <T,>(topic: string, handler: MessageHandler<T>): (() => void) => {
    if (!this.connected) throw new Error('MQTT client not connected');
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler as MessageHandler);
    this.handlers.set(topic, set);
    return () => set.delete(handler as MessageHandler);
  };

  publish = async (topic: string, payload: unknown): Promise<void> => {
    if (!this.connected) throw new Error('MQTT client not connected');
    if (this.failPublish) throw this.failPublish;
    this.published.push({ topic, payload });
  };

  /** Delivers a message to the handlers of `topic`, as the broker would. */
  emit(topic: string, payload: unknown): void {
    for (const handler of [...(this.handlers.get(topic) ?? [])]) handler(payload, topic);
  }

  subscribedTopics(): string[] {
    return [...this.handlers.entries()].filter(([, set]) => set.size > 0).map(([topic]) => topic);
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
    for (const listener of [...this.listeners]) listener(connected ? 'connected' : 'reconnecting');
  }
}

/** Routes the app-wide realtime singleton to a fake (pages use the singleton). */
export function fakeAppRealtime(): FakeRealtime {
  const fake = new FakeRealtime();
  vi.spyOn(realtime, 'isConnected').mockImplementation(fake.isConnected);
  vi.spyOn(realtime, 'onConnectionChange').mockImplementation(fake.onConnectionChange);
  vi.spyOn(realtime, 'subscribe').mockImplementation(fake.subscribe);
  vi.spyOn(realtime, 'publish').mockImplementation(fake.publish);
  return fake;
}

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

/** navigator.geolocation stand-in: tests decide when a fix or a failure arrives. */
export class FakeGeolocation {
  success: Success | null = null;
  failure: Failure | null = null;
  options: PositionOptions | undefined;
  cleared = false;

  watchPosition = (success: Success, failure?: Failure | null, options?: PositionOptions): number => {
    this.success = success;
    this.failure = failure ?? null;
    this.options = options;
    return 1;
  };

  clearWatch = (): void => {
    this.cleared = true;
  };

  fix(latitude: number, longitude: number, heading: number | null = null): void {
    this.success?.({
      coords: { latitude, longitude, accuracy: 8, heading, altitude: null, altitudeAccuracy: null, speed: null, toJSON: () => ({}) },
      timestamp: Date.now(),
      toJSON: () => ({}),
    } as GeolocationPosition);
  }

  fail(code: number, message: string): void {
    this.failure?.({ code, message, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
  }
}

/** Installs a fake as navigator.geolocation (undefined removes it: an unsupported browser). */
export function installGeolocation(fake: FakeGeolocation | undefined): void {
  Object.defineProperty(window.navigator, 'geolocation', { value: fake, configurable: true });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders the app at `path` inside a memory router (with a location probe) and a fresh query cache.
 * `routes` maps paths to elements; any other path renders only the probe.
 */
export function renderAt(path: string, routes: Record<string, ReactNode>) {
  const client = createQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([routePath, element]) => (
            <Route key={routePath} path={routePath} element={element} />
          ))}
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

export function envelope(data: unknown, message = '') {
  return { success: true, data, message };
}
