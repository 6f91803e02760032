import type { CreateTripRequest } from '@jala/contracts';
import { makeCreatedTrip } from '@jala/test-factories';
import type { ComponentProps } from 'react';

import { TripRequestSheet } from '@/features/trip-request/components/trip-request-sheet';
import { TripRequestProvider, type TripWriteCalls } from '@/features/trip-request/model/trip-request-context';
import { createTripRequestStore } from '@/features/trip-request/model/trip-request-store';

import { ok, renderAt, stubFetch } from '../support';

export const KENNEDY = {
  coordinates: { latitude: -12.1211, longitude: -77.0297 },
  address: 'Parque Kennedy, Miraflores',
};
export const JOCKEY = {
  coordinates: { latitude: -12.0859, longitude: -76.9773 },
  address: 'Jockey Plaza, Santiago de Surco',
};

type SheetRoute = ComponentProps<typeof TripRequestSheet>['route'];

/**
 * The request wizard on its step 3 (service, price, payment) with both points chosen. `routes` are the fake
 * API's answers (saved places answer []); `route` is the route preview the sheet is given. `created`
 * collects the payloads of 'Confirmar Viaje'.
 */
export function renderWizardAtStep3(
  routes: Parameters<typeof stubFetch>[0],
  route: SheetRoute = { route: null, isLoading: false, error: null, fareServiceTypeId: null },
) {
  const fetchMock = stubFetch({ 'GET /passenger/saved-locations': ok([]), ...routes });
  const created: CreateTripRequest[] = [];
  const calls: TripWriteCalls = {
    createTrip: async (payload) => {
      created.push(payload);
      return makeCreatedTrip();
    },
    cancelTrip: async () => {},
  };
  const store = createTripRequestStore({ reverseGeocode: async () => ({ address: 'Av. Larco 345, Miraflores' }) });
  const state = store.getState();
  state.setMapStatus({ state: 'ready' });
  state.setLocation('origin', KENNEDY);
  state.next();
  state.setLocation('destination', JOCKEY);
  state.next();
  renderAt(
    '/passenger/trip-request',
    <TripRequestProvider store={store} calls={calls}>
      <TripRequestSheet route={route} />
    </TripRequestProvider>,
  );
  return { store, created, fetchMock };
}
