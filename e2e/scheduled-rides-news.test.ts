/**
 * Bookings live on two phones at 360×740 against the real product on PostgreSQL: with the driver's
 * "Programados" and the passenger's "Próximos viajes" left open, a new booking nearby, an offer, the
 * passenger's choice, the passenger's cancel and a driver giving a booking back each reach the other phone
 * over MQTT with no reload. Each latency is MEASURED (from the tap that causes it to the change on the other
 * screen) and printed; 5 s is only the ceiling of the wait, which ends at the change itself. Screenshots go
 * to e2e/screenshots/bookings-live/.
 */
import { join } from 'node:path';

import { limaDateKey, limaDayStart } from '@jala/domain';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { api, loginToken } from './support/api';
import { phoneContext, SCREENSHOT_DIR, shotsInto } from './support/browser';
import { loginViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';
import { scheduleAutoTomorrow } from './support/two-phones';

const shot = shotsInto(join(SCREENSHOT_DIR, 'bookings-live'));
/** The promise is 2 s; 5 s bounds the wait so a slow machine says how slow instead of timing out blind. */
const NEWS_CEILING_MS = 5_000;
const MINUTE = 60_000;

/** Waits for `target` on the other phone after `act` and returns how long it took from the start of `act`. */
async function measured(label: string, act: () => Promise<unknown>, target: Locator): Promise<number> {
  const started = performance.now();
  await act();
  await target.waitFor({ timeout: NEWS_CEILING_MS });
  const ms = Math.round(performance.now() - started);
  console.info(`[bookings live] ${label}: ${ms} ms`);
  return ms;
}

/** Tomorrow at `hour`:00 in Lima. */
function tomorrowAt(hour: number): Date {
  return new Date(limaDayStart(limaDateKey(new Date(Date.now() + 24 * 60 * MINUTE))).getTime() + hour * 60 * MINUTE);
}

const driverCard = (page: Page, passengerName: string) =>
  page.getByRole('listitem', { name: `Viaje programado de ${passengerName}`, exact: true });

describe('bookings live on two phones', () => {
  const suite = useBrowserSuite();

  it('booking, offer, choice, cancel and give-back reach the other phone within seconds, with no reload', async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, { user: { firstName: 'Rosa Elvira', lastName: 'Quispe Mamani' } });
    const rider = await createUser(db, { firstName: 'Valeria', lastName: 'Chávez Paredes', userType: 'passenger' });
    const passengerName = 'Valeria Chávez Paredes';
    const latencies: Record<string, number> = {};

    const passengerPhone = await (await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY })).newPage();
    await loginViaUi(passengerPhone, rider.email, FACTORY_PASSWORD);
    const driverPhone = await (await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY })).newPage();
    await loginViaUi(driverPhone, driver.user.email, FACTORY_PASSWORD);
    // The driver leaves "Programados" open, the live link up.
    await driverPhone.goto('/driver/trip-request?tab=programados');
    await driverPhone.getByText('Jala Online').waitFor();
    await driverPhone.locator('.bk-list, .bk-card').first().waitFor();

    // 1. A new booking nearby, made on the passenger's phone, shows on the open "Programados".
    await scheduleAutoTomorrow(passengerPhone, '05:00');
    const card = driverCard(driverPhone, passengerName);
    latencies.newBooking = await measured(
      'new booking → driver list',
      () => passengerPhone.getByRole('button', { name: 'Confirmar Viaje' }).click(),
      card,
    );
    await passengerPhone.waitForURL('**/passenger/dashboard');
    const listo = passengerPhone.getByText(/^¡Listo! Programado: .* Te avisaremos cuando un conductor confirme\.$/);
    await listo.waitFor();
    // The card says what the passenger chose: service and how they pay; an offer at their price or another.
    expect(await card.getByText('Auto', { exact: true }).count()).toBe(1);
    await card.getByText(/^Efectivo/).waitFor();
    await card.getByLabel('Proponer otro precio').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(driverPhone, '01-driver-new-booking');

    // 2. The driver proposes another price: the passenger's open list shows the offer.
    const passengerCard = passengerPhone.getByRole('listitem', { name: /Viaje programado/ });
    await card.getByLabel('Proponer otro precio').fill('31.50');
    latencies.offer = await measured(
      'offer → passenger list',
      () => card.getByRole('button', { name: 'Proponer' }).click(),
      passengerCard.getByRole('button', { name: 'Aceptar' }),
    );
    await card.getByText('Oferta enviada: S/ 31.50 · Esperando la respuesta del pasajero').waitFor();
    expect(await passengerCard.getByText(/S\/\s31\.50/).count()).toBeGreaterThan(0);
    await passengerCard.scrollIntoViewIfNeeded();
    await shot(passengerPhone, '02-passenger-offer-live');

    // 3. The passenger chooses it: the driver's card turns "Confirmado contigo", with no word of the offer left.
    latencies.accept = await measured(
      'choice → driver list',
      () => passengerCard.getByRole('button', { name: 'Aceptar' }).click(),
      card.getByText('Confirmado contigo'),
    );
    expect(await card.getByText(/Oferta enviada/).count()).toBe(0);
    await passengerCard.getByText('Conductor confirmado').waitFor();
    // The "we will tell you when a driver confirms" promise is kept: its words go.
    await listo.waitFor({ state: 'detached' });
    await shot(driverPhone, '03-driver-confirmed-live');

    // 4. The passenger cancels it: the driver reads who cancelled and for when, on a card that stays.
    await passengerCard.getByRole('button', { name: 'Cancelar' }).click();
    const cancelled = driverPhone.getByRole('listitem', { name: `Viaje programado de ${passengerName}, cancelado` });
    latencies.cancel = await measured(
      'passenger cancel → driver list',
      () => passengerCard.getByRole('button', { name: 'Sí, cancelar' }).click(),
      cancelled.getByText('Valeria canceló el viaje programado de mañana 05:00.'),
    );
    await cancelled.scrollIntoViewIfNeeded();
    await shot(driverPhone, '04-driver-cancelled-by-passenger');
    // Reading it on the list is enough: the app-wide banner does not repeat it.
    await expect
      .poll(() => driverPhone.getByRole('alert').filter({ hasText: 'canceló el viaje programado' }).count())
      .toBe(0);

    // 5. A second booking, confirmed with the driver; they give it back: the passenger's open list searches again.
    const passengerToken = await loginToken(rider.email);
    const driverToken = await loginToken(driver.user.email);
    const second = await api<{ id: number; trip_code: string }>('POST', '/trips', passengerToken, {
      pickup_latitude: -12.1211,
      pickup_longitude: -77.0297,
      pickup_address: 'Parque Kennedy, Miraflores',
      destination_latitude: -12.0463,
      destination_longitude: -77.0428,
      destination_address: 'Plaza San Martín, Lima',
      service_type_id: 2,
      scheduled_for: tomorrowAt(9).toISOString(),
    });
    expect(second.status).toBe(201);
    const secondOnPassenger = passengerPhone.getByRole('listitem', {
      name: `Viaje programado ${second.data.trip_code}`,
    });
    // Made over the API, as from another phone: "Próximos viajes" reads it when the dashboard opens again.
    await passengerPhone.reload();
    await secondOnPassenger.waitFor();
    expect((await api('POST', '/driver/trips/accept', driverToken, { trip_request_id: second.data.id })).status).toBe(
      201,
    );
    expect(
      (
        await api('POST', '/drivers/trips/accept', passengerToken, {
          trip_id: second.data.id,
          driver_id: driver.user.id,
        })
      ).status,
    ).toBe(200);
    await secondOnPassenger.getByText('Conductor confirmado').waitFor({ timeout: NEWS_CEILING_MS });
    const secondOnDriver = driverCard(driverPhone, passengerName).filter({ hasText: 'Plaza San Martín' });
    await secondOnDriver.getByText('Confirmado contigo').waitFor({ timeout: NEWS_CEILING_MS });
    await secondOnDriver.getByRole('button', { name: 'Cancelar' }).click();
    latencies.release = await measured(
      'driver gives it back → passenger list',
      () => secondOnDriver.getByRole('button', { name: 'Sí, cancelar' }).click(),
      secondOnPassenger.getByText('Buscando conductor'),
    );
    await driverPhone.getByText(/^Cancelaste el viaje programado/).waitFor();
    await passengerPhone
      .getByText('Tu conductor canceló el viaje programado. Lo publicamos de nuevo para otros conductores.')
      .waitFor();
    await secondOnPassenger.scrollIntoViewIfNeeded();
    await shot(passengerPhone, '05-passenger-searching-again');

    console.info(`[bookings live] measured (ms): ${JSON.stringify(latencies)}`);
    for (const ms of Object.values(latencies)) expect(ms).toBeLessThan(NEWS_CEILING_MS);
  }, 240_000);
});
