/**
 * The whole marketplace loop on two phones at once, both driven only through the UI: a passenger requests
 * and publishes a trip, a driver in another browser context sees it arrive live, counter-offers and chats;
 * the passenger reads the offer and the chat live, answers, accepts; the driver moves the trip through
 * every stage while the passenger's page follows each one, and completes it. A second pair then shows a
 * cancellation by the passenger after acceptance reaching the driver's screen, and a third a cancellation
 * by the driver reaching the passenger's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { DatabaseHandle } from '@jala/db';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { headerCollisions, launchBrowser, phoneContext, requestSheet, screenshot } from './support/browser';
import { openE2eDatabase } from './support/database';
import { loginViaUi, registerViaUi } from './support/session';

async function choosePlace(page: Page, text: string, option: RegExp): Promise<void> {
  await requestSheet(page).getByRole('combobox').fill(text);
  await page.getByRole('option', { name: option }).click();
}

/** Parque Kennedy → Jockey Plaza, Auto, an offered price, confirmed: resolves on the active-trip page. */
async function requestAuto(page: Page, price: string): Promise<void> {
  await page.goto('/passenger/trip-request');
  await choosePlace(page, 'Kennedy', /Parque Kennedy/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await choosePlace(page, 'Jockey', /Jockey Plaza/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Tipo de servicio').selectOption({ label: 'Auto' });
  await page.getByLabel('Precio que ofreces (S/)').fill(price);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Confirmar Viaje' }).click();
  await page.waitForURL('**/passenger/active-trip');
  await page.getByRole('button', { name: 'Publicado' }).waitFor();
}

/** The driver's 'Solicitudes de Viaje' with the live link up. */
async function openDriverRequests(page: Page, email: string): Promise<void> {
  await loginViaUi(page, email, FACTORY_PASSWORD);
  await page.getByRole('navigation', { name: 'Navegación de conductor' }).getByRole('link', { name: /Solicitud/ }).click();
  await page.waitForURL('**/driver/trip-request');
  await page.locator('.dt-requests__count, .empty-state').first().waitFor();
  await page.getByText('Jala Online').waitFor();
}

/** A passenger phone (new account, logged in through the form) and a driver phone (seeded, logged in). */
async function twoPhones(browser: Browser, database: DatabaseHandle, names: { passenger: string; driver: [string, string] }) {
  const driver = await createDriver(database.db, { user: { firstName: names.driver[0], lastName: names.driver[1], phone: '912345678' } });
  const passengerContext = await phoneContext(browser, { geolocation: PARQUE_KENNEDY });
  const driverContext = await phoneContext(browser, { geolocation: PARQUE_KENNEDY });
  const passenger = await passengerContext.newPage();
  const driverPage = await driverContext.newPage();
  await registerViaUi(passenger, 'passenger', { firstName: names.passenger });
  await passenger.waitForURL('**/passenger/dashboard');
  await openDriverRequests(driverPage, driver.user.email);
  return { passenger, driverPage, contexts: [passengerContext, driverContext] as BrowserContext[] };
}

/** The request card the driver sees for the passenger's trip (the only one from this passenger). */
const requestFrom = (driverPage: Page, passengerName: string) => driverPage.getByRole('article', { name: `Solicitud de ${passengerName} Ccori` });

describe('two phones: passenger and driver complete and cancel trips through the UI', () => {
  let browser: Browser;
  let database: DatabaseHandle;
  beforeAll(async () => {
    browser = await launchBrowser();
    database = await openE2eDatabase();
  });
  afterAll(async () => {
    await browser?.close();
    await database?.close();
  });

  it('request → live offer → chat both ways → accept → every stage followed live → completed on both phones', { timeout: 180_000 }, async () => {
    const { passenger, driverPage, contexts } = await twoPhones(browser, database, { passenger: 'Carmen', driver: ['Jorge', 'Vargas'] });

    await requestAuto(passenger, '20');
    const request = requestFrom(driverPage, 'Carmen');
    await request.waitFor({ timeout: 10_000 });
    expect(await request.textContent()).toContain('Precio ofrecidoS/ 20.00');

    // The driver counter-offers S/ 22.50; the passenger sees it arrive without doing anything.
    await request.getByLabel('Proponer otro precio').fill('22.5');
    await request.getByRole('button', { name: 'Proponer' }).click();
    await request.getByText('Oferta enviada: S/ 22.50').waitFor();
    const offer = passenger.getByTestId('driver-offer');
    await offer.getByText('S/ 22.50').waitFor({ timeout: 6_000 });
    expect(await offer.getByText('Jorge Vargas', { exact: true }).count()).toBe(1);

    // Chat both ways, each message appearing live on the other phone.
    await request.getByPlaceholder('Escribe un mensaje').fill('Hola, llego en 3 minutos');
    await request.getByRole('button', { name: 'Enviar' }).click();
    await offer.getByText('Hola, llego en 3 minutos').waitFor({ timeout: 6_000 });
    await offer.getByPlaceholder('Escribe un mensaje').fill('Perfecto, estoy en la puerta de la iglesia');
    await offer.getByRole('button', { name: 'Enviar' }).click();
    await request.getByText('Perfecto, estoy en la puerta de la iglesia').waitFor({ timeout: 6_000 });
    await screenshot(passenger, 'two-phones-passenger-offer');
    await screenshot(driverPage, 'two-phones-driver-offer');
    expect(await headerCollisions(passenger)).toEqual([]);
    expect(await headerCollisions(driverPage)).toEqual([]);

    // The passenger accepts: the driver's phone goes to the active trip, the passenger's shows the driver.
    await offer.getByRole('button', { name: 'Aceptar' }).click();
    await passenger.getByRole('region', { name: 'Tu conductor' }).getByText('Jorge Vargas').waitFor();
    await driverPage.waitForURL('**/driver/active-trip', { timeout: 10_000 });
    await driverPage.getByRole('region', { name: 'Detalles del viaje' }).getByText('Carmen Ccori').waitFor();

    // Each stage the driver taps is followed live on the passenger's phone.
    const status = passenger.getByTestId('trip-status');
    for (const [button, passengerSees] of [
      ['Ir al punto de recojo', 'Conductor en camino'],
      ['Llegué al punto de recojo', 'Conductor en el punto de recojo'],
      ['Iniciar viaje', 'En curso'],
    ] as const) {
      await driverPage.getByRole('button', { name: button }).click();
      await expect.poll(() => status.textContent(), { timeout: 8_000 }).toBe(passengerSees);
    }
    await screenshot(passenger, 'two-phones-passenger-in-progress');
    expect(await driverPage.getByLabel('Tarifa final (S/)').inputValue()).toBe('22.50');
    await driverPage.getByRole('button', { name: 'Finalizar viaje' }).click();
    await driverPage.getByText('¡Viaje completado con éxito!').waitFor();
    await passenger.getByRole('heading', { name: '¡Viaje completado!' }).waitFor({ timeout: 8_000 });
    await passenger.getByText('S/ 22.50').first().waitFor();
    await screenshot(passenger, 'two-phones-passenger-completed');
    await screenshot(driverPage, 'two-phones-driver-completed');
    for (const context of contexts) await context.close();
  });

  it("the passenger cancels after accepting: the driver's screen says so", { timeout: 120_000 }, async () => {
    const { passenger, driverPage, contexts } = await twoPhones(browser, database, { passenger: 'Rosa', driver: ['Hugo', 'Salas'] });
    await requestAuto(passenger, '15');
    const request = requestFrom(driverPage, 'Rosa');
    await request.waitFor({ timeout: 10_000 });
    await request.getByRole('button', { name: 'Aceptar' }).click();
    await request.getByText('Oferta enviada: S/ 15.00').waitFor();
    const offer = passenger.getByTestId('driver-offer');
    await offer.getByRole('button', { name: 'Aceptar' }).click();
    await driverPage.waitForURL('**/driver/active-trip', { timeout: 10_000 });

    await passenger.getByRole('button', { name: 'Cancelar viaje' }).click();
    await passenger.getByRole('button', { name: 'Sí, cancelar' }).click();
    await passenger.getByRole('heading', { name: 'Viaje cancelado' }).waitFor();
    await driverPage.getByText('El pasajero canceló el viaje.').waitFor({ timeout: 8_000 });
    await screenshot(driverPage, 'two-phones-driver-sees-passenger-cancel');
    for (const context of contexts) await context.close();
  });

  it("the driver cancels before pickup: the passenger's screen says so", { timeout: 120_000 }, async () => {
    const { passenger, driverPage, contexts } = await twoPhones(browser, database, { passenger: 'Elena', driver: ['Raúl', 'Mendoza'] });
    await requestAuto(passenger, '16');
    const request = requestFrom(driverPage, 'Elena');
    await request.waitFor({ timeout: 10_000 });
    await request.getByRole('button', { name: 'Aceptar' }).click();
    await passenger.getByTestId('driver-offer').getByRole('button', { name: 'Aceptar' }).click();
    await driverPage.waitForURL('**/driver/active-trip', { timeout: 10_000 });

    await driverPage.getByRole('button', { name: 'Cancelar viaje' }).click();
    await driverPage.getByRole('button', { name: 'Sí, cancelar viaje' }).click();
    await passenger.getByRole('heading', { name: 'Viaje cancelado' }).waitFor({ timeout: 8_000 });
    await passenger.getByText('El conductor canceló el viaje. Puedes pedir otro cuando quieras.').waitFor();
    await screenshot(passenger, 'two-phones-passenger-sees-driver-cancel');
    for (const context of contexts) await context.close();
  });
});
