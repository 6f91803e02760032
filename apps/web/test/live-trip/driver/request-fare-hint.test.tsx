/** The driver's request card shows the route's usual price beside the offered one. */
import { makeDriverTripRequest } from '@jala/test-factories';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TripRequestCard } from '@/features/live-trip/driver-view/components/trip-request-card';

import { FakeRealtime, renderAt } from '../../support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(request: ReturnType<typeof makeDriverTripRequest>) {
  renderAt(
    '/driver/trip-request',
    <TripRequestCard
      request={request}
      driverId={33}
      onOffer={async () => 20}
      onReject={async () => {}}
      chatClient={new FakeRealtime()}
    />,
  );
  return screen.getByRole('article', { name: `Solicitud de ${request.passenger_name}` });
}

describe('the usual price on a request card', () => {
  it('shows the range of similar trips right after the prices', () => {
    const card = renderCard(
      makeDriverTripRequest({ offer_price: 9, fare_hint: { similar_trips: 12, low: 18.5, high: 24, estimate: 23.5 } }),
    );
    expect(within(card).getByText('Precio ofrecido').nextSibling?.textContent).toBe('S/\u00a09.00');
    expect(within(card).getByTestId('request-fare-hint').textContent).toBe(
      'Precio habitual para este recorrido: S/\u00a018 – S/\u00a024',
    );
  });

  it('says when there were too few similar trips, and shows nothing for a request from before the hint', () => {
    const card = renderCard(
      makeDriverTripRequest({ fare_hint: { similar_trips: 2, low: null, high: null, estimate: 23.5 } }),
    );
    expect(within(card).getByTestId('request-fare-hint').textContent).toBe(
      'Sin suficientes viajes parecidos: estimado S/\u00a023.50',
    );
    cleanup();
    const old = renderCard(makeDriverTripRequest({ fare_hint: null }));
    expect(within(old).queryByTestId('request-fare-hint')).toBeNull();
  });
});
