/**
 * Payment method, chosen before the ride, in Chromium at 360×740 against the built product:
 * a cash trip with change from the wizard to the receipt (the change following an accepted fare change),
 * and Yape: the driver's settings, a driver who does not take Yape, both confirmations ('Ya pagué', 'Pago
 * recibido'), a payment case in the operators' console and the earnings split. Each state is photographed
 * (e2e/screenshots/payments-*.png) with a long driver name, and checked for sideways overflow.
 *
 * Yape is four tests, each walking only its own screens: each starts from what an earlier one proves (a
 * driver who takes Yape on WALLET, a completed Yape trip) set up through the factories and the API, on
 * phones signed in without the form, so that no test is a long chain of steps sharing one budget.
 */
import { topics } from '@jala/contracts';
import { formatSoles } from '@jala/domain';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser } from '@jala/test-factories/database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { api, loginToken } from './support/api';
import { animationsSettled, screenshot } from './support/browser';
import { subscriptionGranted } from './support/live-subscription';
import { signedInPhone } from './support/signed-in-phone';
import { useBrowserSuite } from './support/suite';
import { driverPhone, passengerPhone, requestFrom, wizardToPriceStep } from './support/two-phones';
import { acceptAndStart } from './support/yape-trip';

const JOCKEY = { latitude: -12.0859, longitude: -76.9773 };
const LONG_NAME = { firstName: 'Maximiliano Bartolomé', lastName: 'Quispe-Huamaní de la Cruz Villanueva' };
const WALLET = '987 654 321';

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('jala_token'));

/** Nothing wider than the phone: the page's own width stays the viewport's. */
async function noSidewaysOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

async function shot(page: Page, name: string, target?: ReturnType<Page['getByText']>): Promise<void> {
  if (target) await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await animationsSettled(page);
  await noSidewaysOverflow(page);
  await screenshot(page, `payments-${name}`);
}

async function confirmRequest(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Confirmar Viaje' }).click();
  await page.waitForURL('**/passenger/active-trip');
  await page.getByTestId('trip-status').getByText('Pendiente').waitFor();
}

const complete = async (driverToken: string, tripId: number) =>
  expect(
    (
      await api('POST', '/driver/trips/complete', driverToken, {
        trip_id: tripId,
        final_latitude: JOCKEY.latitude,
        final_longitude: JOCKEY.longitude,
      })
    ).status,
  ).toBe(200);

/** What the driver's settings hold once they took Yape with WALLET in 'Perfil' (the first Yape test walks that form). */
const YAPE_SETTINGS = { payment_methods: ['cash', 'yape'], wallet_phone: '987654321' };

/** A verified driver with LONG_NAME who takes cash and Yape on WALLET, as 'Perfil' leaves them. */
const yapeDriverOptions = (phone: string) => ({
  user: { ...LONG_NAME, phone },
  profile: { acceptsYape: true, walletPhone: YAPE_SETTINGS.wallet_phone },
});

/**
 * A Yape trip Parque Kennedy → Jockey Plaza at `price`, set up through the API: requested by the passenger,
 * offered on by the driver (at the pickup), accepted, driven and completed at Jockey Plaza. Returns its id.
 */
async function completedYapeTrip(
  passengerToken: string,
  driverToken: string,
  driverId: number,
  price: number,
): Promise<number> {
  const trip = await api<{ id: number }>('POST', '/trips', passengerToken, {
    pickup_latitude: PARQUE_KENNEDY.latitude,
    pickup_longitude: PARQUE_KENNEDY.longitude,
    pickup_address: 'Parque Kennedy, Miraflores',
    destination_latitude: JOCKEY.latitude,
    destination_longitude: JOCKEY.longitude,
    destination_address: 'Jockey Plaza, Surco',
    service_type_id: 2,
    offer_price: price,
    payment_method: 'yape',
  });
  expect(trip.status).toBe(201);
  expect(
    (await api('POST', '/driver/trips/accept', driverToken, { trip_request_id: trip.data.id, ...PARQUE_KENNEDY }))
      .status,
  ).toBe(201);
  await acceptAndStart(passengerToken, driverToken, driverId, trip.data.id);
  await complete(driverToken, trip.data.id);
  return trip.data.id;
}

describe('payment method, chosen before the ride', () => {
  const suite = useBrowserSuite();

  it('cash with change: the note in the wizard, the change on the request and the trip (after a fare change), the receipt', async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, { user: { ...LONG_NAME, phone: '912345678' } });
    const { context: driverContext, page: driverPage } = await driverPhone(suite.browser, driver.user.email);

    const { context, page } = await passengerPhone(suite.browser, 'Rocío');
    await wizardToPriceStep(page, '14.50');
    const notes = page.getByRole('radiogroup', { name: '¿Con cuánto pagarás?' });
    await notes.getByText('S/ 10', { exact: true }).click();
    const refused = page
      .getByText('Con S/ 10 no alcanza para S/ 14.50. Elige un billete mayor o monto exacto.')
      .first();
    await refused.waitFor();
    await shot(page, 'wizard-note-too-small', refused);
    await notes.getByText('S/ 50', { exact: true }).click();
    expect(await refused.count()).toBe(0);
    await shot(page, 'wizard-cash-50', page.getByRole('radiogroup', { name: '¿Cómo pagarás?' }));
    await confirmRequest(page);

    // The request card says what to bring; 'Aceptar' offers at the passenger's price.
    const card = requestFrom(driverPage, 'Rocío');
    await card.waitFor();
    await card.getByText('Efectivo · Pagará con S/ 50 · lleva S/ 35.50 de vuelto').waitFor();
    await shot(driverPage, 'driver-request-cash', card.getByText(/Pagará con S\/\s50/));
    await card.getByRole('button', { name: 'Aceptar' }).click();
    await card.getByText(/Oferta enviada/).waitFor();

    // Every offer on the passenger's phone shows how they pay.
    const offer = page.getByTestId('driver-offer');
    await offer.getByText('Efectivo · Pagará con S/ 50 · lleva S/ 35.50 de vuelto').waitFor();
    await shot(page, 'passenger-offer-cash', offer.getByText(/Pagará con/));

    const passengerToken = await pageToken(page);
    const driverToken = await loginToken(driver.user.email);
    const tripId = (await api<{ id: number }>('GET', '/trips/active', passengerToken)).data.id;
    await acceptAndStart(passengerToken, driverToken, driver.user.id, tripId);

    // A toll accepted by the passenger: the change follows the new price on the driver's trip screen.
    expect(
      (await api('POST', `/driver/trips/${tripId}/fare-adjustments`, driverToken, { amount: 5, reason: 'tolls' }))
        .status,
    ).toBe(201);
    expect((await api('PUT', `/trips/${tripId}/fare-adjustment`, passengerToken, { accept: true })).status).toBe(200);
    await driverPage.goto('/driver/active-trip');
    const change = driverPage.getByText('Efectivo · Pagará con S/ 50 · lleva S/ 30.50 de vuelto');
    await change.waitFor();
    await shot(driverPage, 'driver-trip-change', change);

    await complete(driverToken, tripId);
    await page.goto(`/trips/${tripId}/receipt`);
    const paid = page.getByText('Efectivo · pagó con S/ 50 · vuelto S/ 30.50');
    await paid.waitFor();
    await shot(page, 'receipt-cash', paid);
    await context.close();
    await driverContext.close();
  });

  it("Yape in the driver's 'Perfil': a number is asked for, then the choice is saved", async () => {
    const driver = await createDriver(suite.database.db, { user: { ...LONG_NAME, phone: '912345670' } });
    const { context, page: driverPage } = await signedInPhone(suite.browser, driver.user.email, {
      geolocation: PARQUE_KENNEDY,
    });
    await driverPage.goto('/driver/profile');
    const settings = driverPage.getByRole('form', { name: 'Métodos de pago' });
    await settings.getByText('Yape', { exact: true }).click();
    await settings.getByRole('button', { name: 'Guardar métodos de pago' }).click();
    const needsNumber = settings.getByText('Ingresa el celular de tu Yape o Plin: 9 dígitos que empiecen con 9.');
    await needsNumber.waitFor();
    await shot(driverPage, 'driver-settings-needs-number', needsNumber);
    await settings.getByLabel('Celular de tu Yape o Plin').fill(WALLET);
    await settings.getByRole('button', { name: 'Guardar métodos de pago' }).click();
    await driverPage.getByText('Métodos de pago guardados.').waitFor();
    await shot(driverPage, 'driver-settings-saved', settings.getByRole('button', { name: 'Guardar métodos de pago' }));
    // What the form saved is what the server now holds: the trips below start from such a driver.
    const saved = await api<{ payment_methods: string[]; wallet_phone: string | null }>(
      'GET',
      '/driver/payment-methods',
      await loginToken(driver.user.email),
    );
    expect(saved.data).toEqual(YAPE_SETTINGS);
    await context.close();
  });

  it("a Yape request: the wizard's choice, a driver who takes only cash cannot offer, a Yape driver's offer says Yape", async () => {
    const db = suite.database.db;
    const yapeDriver = await createDriver(db, yapeDriverOptions('912345670'));
    const cashDriver = await createDriver(db, {
      user: { firstName: 'Teodoro', lastName: 'Mamani', phone: '912345671' },
    });
    const passenger = await createUser(db, { firstName: 'Anahí', lastName: 'Ccori' });

    const { context, page } = await signedInPhone(suite.browser, passenger.email, { geolocation: PARQUE_KENNEDY });
    await wizardToPriceStep(page, '16');
    await page.getByRole('radiogroup', { name: '¿Cómo pagarás?' }).getByText('Yape', { exact: true }).click();
    await page.getByText(/verás el nombre y el número de Yape/).waitFor();
    await shot(page, 'wizard-yape', page.getByRole('radiogroup', { name: '¿Cómo pagarás?' }));
    await confirmRequest(page);

    // A driver who takes only cash reads why they cannot offer, and has no 'Aceptar'.
    const { context: cashContext, page: cashPage } = await signedInPhone(suite.browser, cashDriver.user.email, {
      geolocation: PARQUE_KENNEDY,
    });
    await cashPage.goto('/driver/trip-request');
    const refusedCard = requestFrom(cashPage, 'Anahí');
    await refusedCard.getByText('No aceptas Yape').waitFor();
    expect(await refusedCard.getByRole('button', { name: 'Aceptar' }).count()).toBe(0);
    await shot(cashPage, 'driver-request-not-accepted', refusedCard.getByText('No aceptas Yape'));
    const [cashToken, passengerToken, driverToken] = await Promise.all([
      loginToken(cashDriver.user.email),
      pageToken(page),
      loginToken(yapeDriver.user.email),
    ]);
    const tripId = (await api<{ id: number }>('GET', '/trips/active', passengerToken)).data.id;
    const refusedOffer = await api('POST', '/driver/trips/accept', cashToken, { trip_request_id: tripId });
    expect(refusedOffer.status).toBe(409);
    expect(refusedOffer.message).toBe('No aceptas Yape');

    // A driver who takes Yape offers; the passenger's offer says how they pay.
    expect((await api('POST', '/driver/trips/accept', driverToken, { trip_request_id: tripId })).status).toBe(201);
    await page.getByTestId('driver-offer').getByText('Pago: Yape').waitFor();
    for (const c of [context, cashContext]) await c.close();
  });

  it("Yape at the end: the passenger reads whom to pay and taps 'Ya pagué', the driver learns it live and taps 'Pago recibido'", async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, yapeDriverOptions('912345670'));
    const rider = await createUser(db, { firstName: 'Anahí', lastName: 'Ccori' });
    const [riderToken, driverToken] = await Promise.all([loginToken(rider.email), loginToken(driver.user.email)]);
    const tripId = await completedYapeTrip(riderToken, driverToken, driver.user.id, 16);
    const [{ context, page }, { context: driverContext, page: driverPage }] = await Promise.all([
      signedInPhone(suite.browser, rider.email, { geolocation: PARQUE_KENNEDY }),
      signedInPhone(suite.browser, driver.user.email, { geolocation: PARQUE_KENNEDY }),
    ]);

    // Both open the trip's receipt, which listens to trip_status/{trip}, where the other phone's answer arrives.
    const listening = [
      subscriptionGranted(page, topics.tripStatus(tripId)),
      subscriptionGranted(driverPage, topics.tripStatus(tripId)),
    ];
    await Promise.all([page.goto(`/trips/${tripId}/receipt`), driverPage.goto(`/trips/${tripId}/receipt`)]);
    const wallet = page.getByTestId('wallet-payment');
    await wallet.getByText(WALLET).waitFor();
    expect(await wallet.textContent()).toContain(`${LONG_NAME.firstName} ${LONG_NAME.lastName}`);
    expect(await page.getByText('Yape · pendiente de confirmación').count()).toBe(1);
    await shot(page, 'passenger-pay-yape', wallet.getByText(WALLET));
    const driverWallet = driverPage.getByTestId('wallet-payment');
    await driverWallet.getByRole('button', { name: 'Pago recibido' }).waitFor();
    expect(await driverWallet.textContent()).not.toContain(WALLET);
    // Nothing either phone says from here can reach the other before it listens.
    await Promise.all(listening);

    await wallet.getByRole('button', { name: 'Ya pagué' }).click();
    await wallet.getByText('Le avisamos al conductor. Falta que confirme que recibió tu pago.').waitFor();
    await shot(page, 'passenger-reported', wallet.getByRole('status'));
    // The driver's screen learns it live (trip_status), without a reload.
    await driverWallet.getByText('El pasajero dice que ya pagó. Revisa tu app y confirma.').waitFor();
    await shot(driverPage, 'driver-confirm-yape', driverWallet.getByRole('button', { name: 'Pago recibido' }));
    await driverWallet.getByRole('button', { name: 'Pago recibido' }).click();
    await driverPage.getByText('Pagado con Yape · confirmado por el conductor').waitFor();
    await page.getByText('Pagado con Yape · confirmado por el conductor').waitFor();
    await shot(page, 'receipt-yape-confirmed', page.getByText('Pagado con Yape · confirmado por el conductor'));
    for (const c of [context, driverContext]) await c.close();
  });

  it("Yape unpaid: 'No recibí el pago' opens a case the operators resolve; the earnings split by method", async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, yapeDriverOptions('912345670'));
    const paying = await createUser(db, { firstName: 'Anahí', lastName: 'Ccori' });
    const rider = await createUser(db, { firstName: 'Gonzalo', lastName: 'Tapia' });
    const [payingToken, riderToken, driverToken] = await Promise.all([
      loginToken(paying.email),
      loginToken(rider.email),
      loginToken(driver.user.email),
    ]);
    // A first Yape trip paid and confirmed, then a second one, unpaid.
    const paid = await completedYapeTrip(payingToken, driverToken, driver.user.id, 16);
    expect((await api('POST', `/trips/${paid}/payment/paid`, payingToken, {})).status).toBe(200);
    expect((await api('POST', `/driver/trips/${paid}/payment/received`, driverToken, {})).status).toBe(200);
    const unpaid = await completedYapeTrip(riderToken, driverToken, driver.user.id, 18);

    const { context: driverContext, page: driverPage } = await signedInPhone(suite.browser, driver.user.email, {
      geolocation: PARQUE_KENNEDY,
    });
    await driverPage.goto(`/trips/${unpaid}/receipt`);
    await driverPage.getByTestId('wallet-payment').getByRole('button', { name: 'No recibí el pago' }).click();
    const opened = driverPage.getByText('Abriste un caso: un operador de Jala lo revisará.');
    await opened.waitFor();
    await shot(driverPage, 'driver-case-opened', opened);

    // The earnings page splits by method, and counts the confirmed Yape trip only: the disputed one is apart.
    await driverPage.goto('/driver/earnings');
    await driverPage.getByTestId('earnings-yape').waitFor();
    expect(await driverPage.getByTestId('earnings-yape').textContent()).toBe(formatSoles(16));
    expect(await driverPage.getByTestId('earnings-in-review').textContent()).toBe(formatSoles(18));
    await shot(driverPage, 'driver-earnings-split', driverPage.getByTestId('earnings-yape'));

    const operator = await createUser(db, { isAdmin: true, firstName: 'Olga', lastName: 'Operadora' });
    const { context: operatorContext, page: operatorPage } = await signedInPhone(suite.browser, operator.email);
    await operatorPage.goto('/operators?seccion=pagos');
    const kase = operatorPage.getByRole('article', { name: /Caso de pago/ }).filter({ hasText: 'Gonzalo Tapia' });
    await kase.waitFor();
    await shot(operatorPage, 'console-case-open', kase.getByText(/no recibió/));
    await kase.getByText('No se pagó', { exact: true }).click();
    await kase.getByRole('textbox').fill('El pasajero no mostró constancia de Yape');
    await kase.getByRole('button', { name: 'Resolver caso' }).click();
    // Resolved, it leaves the open cases and is listed with its resolution.
    await kase.waitFor({ state: 'detached' });
    await operatorPage.getByRole('button', { name: 'Resueltos' }).click();
    const resolved = operatorPage.getByText('No se pagó · El pasajero no mostró constancia de Yape');
    await resolved.waitFor();
    await shot(operatorPage, 'console-case-resolved', resolved);
    const audit = await api<{ action: string; target_id: number }[]>(
      'GET',
      '/admin/audit-log',
      await loginToken(operator.email),
    );
    expect(audit.data.some((entry) => entry.action === 'payment_case.resolve')).toBe(true);

    for (const c of [driverContext, operatorContext]) await c.close();
  });
});
