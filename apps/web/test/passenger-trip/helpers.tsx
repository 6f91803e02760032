import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { DriverOffer } from '@jala/contracts';
import type { PassengerTrip as PassengerActiveTripDto } from '../../src/lib/current-trip';
import type { MessageHandler } from '../../src/lib/realtime';
import { realtime } from '../../src/lib/realtime';
import { vi } from 'vitest';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders `ui` at `path` with a fresh query cache; other paths render their name, so navigation is visible. */
export function renderAt(ui: ReactNode, path = '/', client = testQueryClient()) {
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<p>otra página</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/**
 * Puts the app-wide realtime client in a "connected" state without a broker: subscriptions are recorded
 * (so tests can deliver messages) and publications go to a spy.
 */
export function fakeRealtime(connected = true) {
  const handlers = new Map<string, MessageHandler>();
  vi.spyOn(realtime, 'isConnected').mockReturnValue(connected);
  const subscribe = vi.spyOn(realtime, 'subscribe').mockImplementation((topic: string, handler: MessageHandler) => {
    if (!connected) throw new Error('MQTT client not connected');
    handlers.set(topic, handler);
    return () => handlers.delete(topic);
  });
  const publish = vi.spyOn(realtime, 'publish').mockImplementation(async () => {
    if (!connected) throw new Error('MQTT client not connected');
  });
  return {
    subscribe,
    publish,
    /** Delivers a message as the broker would. */
    deliver(topic: string, payload: unknown): void {
      const handler = handlers.get(topic);
      if (!handler) throw new Error(`nobody follows ${topic}`);
      handler(payload, topic);
    },
    follows: (topic: string) => handlers.has(topic),
  };
}

export function makeOffer(overrides: Partial<DriverOffer> & { driver_id: number; price: number }): DriverOffer {
  return {
    offer_id: overrides.driver_id * 10,
    trip_id: 7,
    driver: { name: `Conductor ${overrides.driver_id}`, rating: 4.5, vehicle: 'Toyota Yaris · Blanco · ABC-123' },
    location: null,
    created_at: '2026-03-01T15:00:00.000Z',
    ...overrides,
  };
}

/** GET /trips/active of a published pending trip, as the server sends it. */
export const pendingTripDto: PassengerActiveTripDto = {
  id: 7, trip_code: 'TRIP-7', status: 'pending',
  pickup_address: 'Parque Kennedy, Miraflores', pickup_latitude: '-12.121100', pickup_longitude: '-77.029700',
  destination_address: 'Jockey Plaza, Santiago de Surco', destination_latitude: '-12.085900', destination_longitude: '-76.977300',
  service_type: { id: 2, name: 'Auto' }, service_type_id: 2, passenger_notes: null, offer_price: 20, agreed_fare: null,
  estimated_fare: 34.54, final_fare: null, distance_km: 9.1, duration_minutes: 23, route_polyline: null,
  created_at: '2026-03-01T15:00:00.000Z', published_at: '2026-03-01T15:00:01.000Z', expires_at: '2026-03-01T15:15:00.000Z', driver: null,
};
