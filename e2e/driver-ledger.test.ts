/**
 * 'Saldo con Jala' in Chromium at 360×740, against its own product process (PostgreSQL) with a 10 % platform
 * fee and a floor of S/ -5.00: a driver completes two trips (the second with 'Finalizar viaje'), their
 * balance goes below the floor, offers are refused with the Spanish message and the amount, and the requests
 * page and dashboard say it before any tap; an operator records a Yape top-up in the console; the driver
 * takes requests again, and the ledger adds up to the céntimo. Screenshots: e2e/screenshots/driver-ledger-*.png.
 */
import { type DatabaseHandle, eq, openDatabase, schema } from '@jala/db';
import { formatSoles } from '@jala/domain';
import { JOCKEY_PLAZA, PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser } from '@jala/test-factories/database';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiAt } from './support/api';
import { animationsSettled, launchBrowser, SCREENSHOT_DIR, shotsInto } from './support/browser';
import { type PostgresProduct, startProduct } from './support/product';
import { signedInPhone } from './support/signed-in-phone';
import { acceptAndStart } from './support/yape-trip';

const shot = shotsInto(SCREENSHOT_DIR);
const FLOOR_MESSAGE = (amount: number) =>
  `Recarga tu saldo para recibir solicitudes: te faltan ${formatSoles(amount)}.`;

describe("'Saldo con Jala' with a fee and a floor, in the browser", () => {
  let product: PostgresProduct;
  let browser: Browser;
  let database: DatabaseHandle;
  const { api: call, loginToken: tokenOf, signUp } = apiAt(() => product.base);

  beforeAll(async () => {
    product = await startProduct({ name: 'ledger', env: { PLATFORM_FEE_PERCENT: '10', DRIVER_MIN_BALANCE: '-5' } });
    [browser, database] = await Promise.all([
      launchBrowser(),
      openDatabase({ kind: 'postgres', url: product.databaseUrl, poolSize: 2 }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await database?.close();
    await product?.stop();
  });

  async function phone(email: string, geolocation = PARQUE_KENNEDY): Promise<Page> {
    return (await signedInPhone(browser, email, { baseURL: product.base, geolocation })).page;
  }

  /** A published request at `price` from a fresh passenger. */
  async function publishedRequest(price: number) {
    const { token } = (
      await signUp({
        first_name: 'Lucía',
        last_name: 'Rojas',
        email: `pasajera-${Date.now()}-${Math.random().toString(36).slice(2)}@correo.pe`,
        phone: '987654321',
        password: 'una-clave-segura-1',
        user_type: 'passenger',
      })
    ).data;
    const trip = await call<{ id: number }>('POST', '/trips', token, {
      pickup_latitude: PARQUE_KENNEDY.latitude,
      pickup_longitude: PARQUE_KENNEDY.longitude,
      pickup_address: 'Parque Kennedy, Miraflores',
      destination_latitude: JOCKEY_PLAZA.latitude,
      destination_longitude: JOCKEY_PLAZA.longitude,
      destination_address: 'Jockey Plaza, Surco',
      service_type_id: 2,
      offer_price: price,
    });
    expect(trip.status).toBe(201);
    expect((await call('POST', `/trips/${trip.data.id}/publish`, token)).status).toBe(200);
    return { tripId: trip.data.id, passengerToken: token };
  }

  /** The driver's offer accepted and the trip driven to 'En curso' through the API. */
  const startTrip = (driver: { id: number; token: string }, request: { tripId: number; passengerToken: string }) =>
    acceptAndStart(request.passengerToken, driver.token, driver.id, request.tripId, call);

  it('goes below the floor, is refused, is topped up by an operator and takes requests again', async () => {
    const db = database.db;
    const { user } = await createDriver(db, { user: { firstName: 'Rubén', lastName: 'Quispe Mamani' } });
    const operatorUser = await createUser(db, { isAdmin: true, firstName: 'Olga', lastName: 'Operadora' });
    const driver = { id: user.id, token: await tokenOf(user.email) };

    // Trip 1 at S/ 30.55 (fee 3.055 → S/ 3.06), all through the API: balance -3.06, still above -5.00.
    const first = await publishedRequest(30.55);
    expect(
      (await call('POST', '/driver/trips/accept', driver.token, { trip_request_id: first.tripId, ...PARQUE_KENNEDY }))
        .status,
    ).toBe(201);
    await startTrip(driver, first);
    const done = await call('POST', '/driver/trips/complete', driver.token, {
      trip_id: first.tripId,
      final_latitude: JOCKEY_PLAZA.latitude,
      final_longitude: JOCKEY_PLAZA.longitude,
    });
    expect(done.status).toBe(200);

    // Trip 2 at S/ 27.45 (fee 2.745 → S/ 2.75): offered from the requests page, finished with 'Finalizar viaje'.
    const driverPage = await phone(user.email);
    const second = await publishedRequest(27.45);
    await driverPage.goto('/driver/trip-request');
    await driverPage.getByRole('button', { name: 'Aceptar' }).first().click();
    await driverPage
      .getByText(/Oferta enviada|Esperando/)
      .first()
      .waitFor();
    await startTrip(driver, second);
    await driverPage.context().setGeolocation(JOCKEY_PLAZA);
    await driverPage.goto('/driver/active-trip');
    await driverPage.getByRole('button', { name: 'Finalizar viaje' }).click();
    await driverPage.getByText('¡Viaje completado con éxito!').waitFor();

    // -3.06 - 2.75 = -5.81: S/ 0.81 under the floor. The requests page says so where the requests would be.
    await driverPage.context().setGeolocation(PARQUE_KENNEDY);
    const third = await publishedRequest(22);
    await driverPage.goto('/driver/trip-request');
    const refusal = driverPage.getByRole('alert').filter({ hasText: 'Recarga tu saldo' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(FLOOR_MESSAGE(0.81));
    await shot(driverPage, 'driver-ledger-1-requests-refused');
    const offer = await call('POST', '/driver/trips/accept', driver.token, {
      trip_request_id: third.tripId,
      ...PARQUE_KENNEDY,
    });
    expect(offer).toMatchObject({ status: 409, code: 'BALANCE_TOO_LOW', message: FLOOR_MESSAGE(0.81) });

    await driverPage.goto('/driver/dashboard');
    const notice = driverPage.getByTestId('balance-floor-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(FLOOR_MESSAGE(0.81));
    await shot(driverPage, 'driver-ledger-2-dashboard-notice');

    // The operator records the driver's Yape payment of S/ 10.00.
    const operatorPage = await phone(operatorUser.email);
    await operatorPage.goto('/operators?seccion=usuarios');
    await operatorPage.getByLabel('Buscar usuario por nombre, correo o teléfono').fill('Rubén');
    await operatorPage.getByRole('button', { name: 'Buscar' }).click();
    await operatorPage.getByRole('button', { name: 'Saldo con Jala' }).click();
    const form = operatorPage.getByRole('form', { name: 'Registrar recarga' });
    await form.getByLabel('Número de operación Yape').fill('04512345');
    await form.getByLabel('Monto (S/)').fill('10');
    await form.scrollIntoViewIfNeeded();
    await shot(operatorPage, 'driver-ledger-3-operator-top-up');
    await form.getByRole('button', { name: 'Registrar recarga' }).click();
    await operatorPage.getByText('Recarga registrada.').waitFor();
    await operatorPage
      .getByTestId('ledger-balance')
      .filter({ hasText: formatSoles(4.19) })
      .waitFor();
    // The same operation number again is refused in Spanish.
    await form.getByLabel('Número de operación Yape').fill('04512345');
    await form.getByLabel('Monto (S/)').fill('10');
    await form.getByRole('button', { name: 'Registrar recarga' }).click();
    await form
      .getByText('Esa operación de Yape ya fue registrada como recarga. Revisa el número de operación.')
      .waitFor();

    // The driver takes requests again: the refused request is offered on from the list.
    await driverPage.goto('/driver/trip-request');
    await driverPage.getByRole('button', { name: 'Aceptar' }).first().click();
    await driverPage
      .getByText(/Oferta enviada|Esperando/)
      .first()
      .waitFor();
    const offers = await call<{ driver_id: number }[]>(
      'GET',
      `/trips/${third.tripId}/driver-offers`,
      third.passengerToken,
    );
    expect(offers.data.map((o) => o.driver_id)).toContain(driver.id);

    // The ledger adds up to the céntimo: -3.06 - 2.75 + 10.00 = 4.19.
    await driverPage.goto('/driver/saldo');
    await driverPage
      .getByTestId('ledger-balance')
      .filter({ hasText: formatSoles(4.19) })
      .waitFor();
    const rows = await driverPage.getByTestId('ledger-entry').allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(`+${formatSoles(10)}`);
    expect(rows[1]).toContain(formatSoles(-2.75));
    expect(rows[2]).toContain(formatSoles(-3.06));
    const stored = await db
      .select()
      .from(schema.driverLedgerEntries)
      .where(eq(schema.driverLedgerEntries.driverId, driver.id));
    expect(stored.reduce((sum, row) => sum + row.amountCents, 0)).toBe(419);
    const trips = await db.select().from(schema.trips).where(eq(schema.trips.driverId, driver.id));
    expect(
      trips
        .filter((t) => t.status === 'completed')
        .map((t) => t.platformFeeCents)
        .sort(),
    ).toEqual([275, 306]);
    await animationsSettled(driverPage);
    await shot(driverPage, 'driver-ledger-4-balance');
  });
});
