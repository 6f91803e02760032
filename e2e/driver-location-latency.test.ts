/**
 * The passenger's 'Tu conductor está a … del punto de recojo' follows the driver's phone, on two phones against
 * the real server: the driver's geolocation moves ~650 m at a time and every move must reach the passenger's
 * screen (each delay is printed). How soon is a budget of `npm run bench -- location`, not of this walk.
 */
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser } from '@jala/test-factories/database';
import type { BrowserContext, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { tripPayload } from '../apps/server/test/support/actors';
import { api, loginToken } from './support/api';
import { phoneContext } from './support/browser';
import { distanceText, moveDriver, northOfPickup, stampDistanceTexts, whenShown } from './support/distance-stamps';
import { loginToActiveTrip } from './support/session';
import { useBrowserSuite } from './support/suite';

/**
 * The driver's phone repeats an unchanged position this often (the web's LOCATION_KEEPALIVE_MS): a move lost
 * while the passenger's link was down must show on its return, well before that repeat would bring it.
 */
const DRIVER_REPEAT_MS = 15_000;
/** Metres north of the pickup, each hop ~650 m from the last (all under 1 km: the text reads metres). */
const HOPS_M = [950, 300, 930, 280, 910, 260, 890, 240, 870, 220, 850, 200];

/**
 * The phone's MQTT WebSocket through a switch: `cut()` closes it and refuses new ones (a phone whose link
 * dropped: what the broker sends meanwhile never reaches it), `restore()` lets the client's reconnection through.
 */
async function cuttableRealtimeLink(context: BrowserContext): Promise<{ cut: () => void; restore: () => void }> {
  let isCut = false;
  const open = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/mqtt$/, (ws) => {
    if (isCut) {
      void ws.close().catch(() => undefined);
      return;
    }
    ws.connectToServer(); // messages both ways pass through untouched; closing one side closes the other
    open.add(ws);
  });
  return {
    cut: () => {
      isCut = true;
      for (const ws of open) void ws.close().catch(() => undefined); // one already closed by its page is fine
      open.clear();
    },
    restore: () => {
      isCut = false;
    },
  };
}

describe("the passenger's distance to the driver", () => {
  const suite = useBrowserSuite();

  it("shows each ~650 m move of the driver's phone, and a move made while its link was down once it is back", async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, { user: { firstName: 'Raúl', lastName: 'Condori' } });
    const rider = await createUser(db, { firstName: 'Elena', lastName: 'Paredes' });
    const [driverToken, riderToken] = await Promise.all([loginToken(driver.user.email), loginToken(rider.email)]);
    const trip = (await api<{ id: number }>('POST', '/trips', riderToken, tripPayload({ offer_price: 20 }))).data;
    await api('POST', `/trips/${trip.id}/publish`, riderToken);
    expect(
      (
        await api('POST', '/driver/trips/accept', driverToken, {
          trip_request_id: trip.id,
          latitude: PARQUE_KENNEDY.latitude,
          longitude: PARQUE_KENNEDY.longitude,
        })
      ).status,
    ).toBe(201);
    expect(
      (await api('POST', '/drivers/trips/accept', riderToken, { trip_id: trip.id, driver_id: driver.user.id })).status,
    ).toBe(200);

    const start = northOfPickup(1_300);
    const passengerContext = await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY });
    const driverContext = await phoneContext(suite.browser, { geolocation: start });
    const link = await cuttableRealtimeLink(passengerContext);
    const passenger = await passengerContext.newPage();
    const driverPage = await driverContext.newPage();
    await loginToActiveTrip(passenger, rider.email, '/passenger/active-trip');
    await loginToActiveTrip(driverPage, driver.user.email, '/driver/active-trip');
    await passenger.getByText('Tu conductor está a 1.3 km del punto de recojo.').waitFor();
    await stampDistanceTexts(passenger);

    const delays: number[] = [];
    for (const metres of HOPS_M) delays.push(await moveDriver(driverContext, passenger, northOfPickup(metres)));
    const sorted = [...delays].sort((a, b) => a - b);
    console.info(
      `[driver-location] passenger saw each ~650 m move after (ms): ${delays.join(', ')}; median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted.at(-1)}`,
    );

    // The passenger's realtime link drops while the driver moves and stops (their message is lost for this
    // phone): once the link is back ('Jala Online'), the move shows at once, not at the driver's next repeat.
    link.cut();
    await passenger.getByTestId('connection-indicator').getByText('Jala Off').waitFor();
    const unseen = northOfPickup(500);
    await driverContext.setGeolocation(unseen);
    await expect
      .poll(
        async () =>
          (await api<{ driver: { location_latitude: number } }>('GET', '/trips/active', riderToken)).data.driver
            .location_latitude,
      )
      .toBeCloseTo(unseen.latitude, 5);
    link.restore();
    await passenger.getByTestId('connection-indicator').getByText('Jala Online').waitFor();
    const backAt = Date.now();
    const afterReturn = (await whenShown(passenger, distanceText(unseen))) - backAt;
    console.info(
      `[driver-location] a move made while the passenger's link was down showed ${afterReturn} ms after 'Jala Online'`,
    );
    expect(afterReturn).toBeLessThan(DRIVER_REPEAT_MS);

    await passengerContext.close();
    await driverContext.close();
  });
});
