/**
 * Driver moves → passenger sees it: two phones in Debian's Chromium against the real built product (this
 * process, in-memory PGlite) on an agreed trip. The driver's geolocation hops ~650 m at a time; each delay runs
 * from the move to the moment the passenger's 'Tu conductor está a … del punto de recojo' shows the new
 * distance. Consecutive moves come faster than the driver's phone publishes (at most one position every 4 s),
 * so a delay holds that wait too: this is what the passenger sees, not the server's relay time alone.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { openDatabase } from '@jala/db';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

import { buildApp } from '../apps/server/src/app';
import { tripPayload } from '../apps/server/test/support/actors';
import { api } from '../apps/server/test/support/http';
import { testConfig } from '../apps/server/test/support/test-app';
import { moveDriver, northOfPickup, stampDistanceTexts } from '../e2e/support/distance-stamps';
import { atMost, type Benchmark, info, log, type Measurement, percentile } from './lib/report';

/** A move must show on the passenger's phone within this (the product's promise: about 5 s). */
const FOLLOW_BUDGET_MS = 5_000;
/** Metres north of the pickup, each hop ~650 m from the last (all under 1 km: the text reads metres). */
const HOPS_M = [950, 300, 930, 280, 910, 260, 890, 240, 870, 220, 850, 200];
const WEB_DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function phone(browser: Browser, origin: string, latitude: number, longitude: number): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    baseURL: origin,
    geolocation: { latitude, longitude },
    permissions: ['geolocation'],
  });
  context.setDefaultTimeout(60_000);
  return context;
}

async function signInToActiveTrip(context: BrowserContext, email: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(FACTORY_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`**${path}`);
  return page;
}

export const location: Benchmark = {
  name: 'location',
  description: `driver's phone moves → the passenger's distance line shows it, ${HOPS_M.length} hops of ~650 m (budget ≤ ${FOLLOW_BUDGET_MS} ms each)`,
  async run() {
    if (!existsSync(join(WEB_DIST, 'index.html')))
      throw new Error('apps/web/dist is missing: run `npm run build` first');
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    const app = await buildApp(testConfig({ logLevel: 'silent', webDist: WEB_DIST }), { database });
    const origin = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
    try {
      const apiUrl = `${origin}/api`;
      const driver = await createDriver(database.db, { user: { firstName: 'Raúl', lastName: 'Condori' } });
      const rider = await createUser(database.db, { firstName: 'Elena', lastName: 'Paredes' });
      const token = async (email: string) =>
        (await api<{ token: string }>(apiUrl, 'POST', '/auth/login', { body: { email, password: FACTORY_PASSWORD } }))
          .body.data.token;
      const [driverToken, riderToken] = await Promise.all([token(driver.user.email), token(rider.email)]);
      const trip = (
        await api<{ id: number }>(apiUrl, 'POST', '/trips', {
          token: riderToken,
          body: tripPayload({ offer_price: 20 }),
        })
      ).body.data;
      const offer = await api(apiUrl, 'POST', '/driver/trips/accept', {
        token: driverToken,
        body: { trip_request_id: trip.id, latitude: PARQUE_KENNEDY.latitude, longitude: PARQUE_KENNEDY.longitude },
      });
      const accepted = await api(apiUrl, 'POST', '/drivers/trips/accept', {
        token: riderToken,
        body: { trip_id: trip.id, driver_id: driver.user.id },
      });
      if (offer.status !== 201 || accepted.status !== 200)
        throw new Error(`the trip was not agreed (offer ${offer.status}, acceptance ${accepted.status})`);

      const start = northOfPickup(1_300);
      const passengerPhone = await phone(browser, origin, PARQUE_KENNEDY.latitude, PARQUE_KENNEDY.longitude);
      const driverPhone = await phone(browser, origin, start.latitude, start.longitude);
      const passenger = await signInToActiveTrip(passengerPhone, rider.email, '/passenger/active-trip');
      await signInToActiveTrip(driverPhone, driver.user.email, '/driver/active-trip');
      await passenger.getByText('Tu conductor está a 1.3 km del punto de recojo.').waitFor();
      await stampDistanceTexts(passenger);

      const delays: number[] = [];
      for (const metres of HOPS_M) delays.push(await moveDriver(driverPhone, passenger, northOfPickup(metres)));
      log('location', `the passenger saw each move after (ms): ${delays.join(', ')}`);
      return [
        atMost('slowest move to show', Math.max(...delays), 'ms', FOLLOW_BUDGET_MS),
        info('median move to show', percentile(delays, 50), 'ms'),
      ] satisfies Measurement[];
    } finally {
      await browser.close();
      await app.close();
      await database.close();
    }
  },
};
