import { describe, expect, it } from 'vitest';

import { onlineDriver, passenger, requestTrip } from '../support/actors';
import { api } from '../support/http';
import { useTestApp } from '../support/use-test-app';

describe('a driver going offline withdraws their open offers', () => {
  const t = useTestApp();

  it("drops the offer from the passenger's list and refuses to accept it; the other driver's offer stays", async () => {
    const db = t.app.database.db;
    const owner = await passenger(t.baseUrl);
    const leaving = await onlineDriver(t.baseUrl, db);
    const staying = await onlineDriver(t.baseUrl, db);
    const trip = await requestTrip(t.baseUrl, owner.token);
    for (const [driver, price] of [
      [leaving, 15],
      [staying, 17],
    ] as const) {
      const offered = await api(t.baseUrl, 'POST', '/driver/trips/accept', {
        token: driver.token,
        body: { trip_request_id: trip.id, price },
      });
      expect(offered.status).toBe(201);
    }

    const offline = await api(t.baseUrl, 'POST', '/driver/status', {
      token: leaving.token,
      body: { status: 'offline' },
    });
    expect(offline.status).toBe(200);

    const offers = await api<{ driver_id: number }[]>(t.baseUrl, 'GET', `/trips/${trip.id}/driver-offers`, {
      token: owner.token,
    });
    expect(offers.body.data.map((offer) => offer.driver_id)).toEqual([staying.id]);
    const accept = await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
      token: owner.token,
      body: { trip_id: trip.id, driver_id: leaving.id },
    });
    expect(accept.status).toBe(404);
    expect(accept.body.message).toBe('La oferta ya no está disponible.');
    const acceptOther = await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
      token: owner.token,
      body: { trip_id: trip.id, driver_id: staying.id },
    });
    expect(acceptOther.status).toBe(200);
  });
});
