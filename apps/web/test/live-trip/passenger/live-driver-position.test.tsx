/**
 * The passenger's 'Tu conductor está a …' after the realtime link was down: a move the driver made meanwhile
 * (their publication was missed) shows as soon as the link is back and the trip is read again, instead of the
 * last live point winning until the driver's phone publishes again (up to its 15 s repeat when still).
 */
import { makePassengerTrip, makeTripDriver, makeUser } from '@jala/test-factories';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PassengerActiveTripPage } from '@/features/live-trip/passenger-view/pages/active-trip-page';
import type { PassengerTrip } from '@/lib/current-trip';

import { fakeRealtime, ok, renderAt, resetTestWorld, setSession, stubFetch } from '../../support';

const tripWithDriverAt = (latitude: number): PassengerTrip => ({
  ...makePassengerTrip(),
  status: 'accepted',
  agreed_fare: 18.5,
  driver: makeTripDriver({ location_latitude: latitude, location_longitude: -77.0297 }),
});
const distance = () => screen.getByTestId('driver-distance').textContent;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  setSession(makeUser({ id: 42, first_name: 'Ana' }));
});
afterEach(() => resetTestWorld());

describe("the passenger's view of the driver's position", () => {
  it('shows the position the server kept while the link was down once it is back, then follows live again', async () => {
    const live = fakeRealtime(true);
    let kept = tripWithDriverAt(-12.124);
    stubFetch({ 'GET /trips/active': () => ok(kept), 'GET /health': ok({ tile_url: null }) });
    renderAt('/passenger/active-trip', <PassengerActiveTripPage />);
    await waitFor(() => expect(distance()).toBe('Tu conductor está a 322 m del punto de recojo.'));
    await waitFor(() => expect(live.follows('driver_location/7')).toBe(true));

    act(() =>
      live.deliver('driver_location/7', {
        latitude: -12.1271,
        longitude: -77.0297,
        heading: 0,
        timestamp: '2026-03-01T15:05:00.000Z',
      }),
    );
    await waitFor(() => expect(distance()).toBe('Tu conductor está a 667 m del punto de recojo.'));

    // The passenger's link drops; the driver drives ~600 m meanwhile (the server keeps it, the message is lost).
    act(() => live.setConnected(false));
    kept = tripWithDriverAt(-12.1216);
    act(() => live.setConnected(true));
    await waitFor(() => expect(distance()).toBe('Tu conductor está a 56 m del punto de recojo.'));

    act(() =>
      live.deliver('driver_location/7', {
        latitude: -12.1301,
        longitude: -77.0297,
        heading: 0,
        timestamp: '2026-03-01T15:06:00.000Z',
      }),
    );
    await waitFor(() => expect(distance()).toBe('Tu conductor está a 1.0 km del punto de recojo.'));
  });

  it('keeps the live position over a poll while the link stays up', async () => {
    const live = fakeRealtime(true);
    let kept = tripWithDriverAt(-12.124);
    stubFetch({ 'GET /trips/active': () => ok(kept), 'GET /health': ok({ tile_url: null }) });
    renderAt('/passenger/active-trip', <PassengerActiveTripPage />);
    await waitFor(() => expect(live.follows('driver_location/7')).toBe(true));
    act(() =>
      live.deliver('driver_location/7', {
        latitude: -12.1271,
        longitude: -77.0297,
        heading: 0,
        timestamp: '2026-03-01T15:05:00.000Z',
      }),
    );
    await waitFor(() => expect(distance()).toBe('Tu conductor está a 667 m del punto de recojo.'));
    // A refetch whose answer was read just before that message (an older position, a new price): the price shows, the position stays live.
    kept = { ...tripWithDriverAt(-12.124), agreed_fare: 19.5 };
    act(() =>
      live.deliver('trip_status/7', {
        trip_id: 7,
        status: 'accepted',
        driver_id: 5,
        timestamp: '2026-03-01T15:05:01.000Z',
      }),
    );
    expect(await screen.findByText('S/ 19.50')).toBeTruthy();
    expect(distance()).toBe('Tu conductor está a 667 m del punto de recojo.');
  });
});
