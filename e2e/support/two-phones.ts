/** Two phones side by side (a passenger and a driver) and the steps the browser tests repeat with them. */
import type { DatabaseHandle } from '@jala/db';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { phoneContext, type PhoneOptions, requestSheet } from './browser';
import { loginViaUi, registerViaUi } from './session';

export async function choosePlace(page: Page, text: string, option: RegExp): Promise<void> {
  await requestSheet(page).getByRole('combobox').fill(text);
  await page.getByRole('option', { name: option }).click();
}

/** The wizard from Parque Kennedy to Jockey Plaza with Auto chosen, left on its step 3 (service, price, payment). */
async function wizardToAutoService(page: Page): Promise<void> {
  await page.goto('/passenger/trip-request');
  await choosePlace(page, 'Kennedy', /Parque Kennedy/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await choosePlace(page, 'Jockey', /Jockey Plaza/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Tipo de servicio').selectOption({ label: 'Auto' });
}

/** The wizard from Parque Kennedy to Jockey Plaza, Auto at `price`, left on its step 3 (service, price, payment). */
export async function wizardToPriceStep(page: Page, price: string): Promise<void> {
  await wizardToAutoService(page);
  await page.getByLabel('Precio que ofreces (S/)').fill(price);
}

/**
 * Parque Kennedy → Jockey Plaza, Auto, an offered price, confirmed: resolves once the active-trip page shows
 * the pending trip (creating it published it to the drivers; nothing else to wait for).
 */
export async function requestAuto(page: Page, price: string): Promise<void> {
  await wizardToPriceStep(page, price);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Confirmar Viaje' }).click();
  await page.waitForURL('**/passenger/active-trip');
  await page.getByTestId('trip-status').getByText('Pendiente').waitFor();
}

/** The wizard up to "¿Cuándo?": Parque Kennedy → Jockey Plaza, Auto, "Programar" tomorrow at `time` (Lima); not confirmed. */
export async function scheduleAutoTomorrow(page: Page, time: string): Promise<void> {
  await wizardToAutoService(page);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByText('Programar', { exact: true }).click();
  const day = page.getByLabel('Día');
  await day.selectOption({
    index: (await day.locator('option').allTextContents()).findIndex((label) => label.startsWith('Mañana')),
  });
  await page.getByLabel('Hora (Lima)').selectOption(time);
}

/** The driver's 'Solicitudes de Viaje' with the live link up. */
export async function openDriverRequests(page: Page, email: string): Promise<void> {
  await loginViaUi(page, email, FACTORY_PASSWORD);
  await page
    .getByRole('navigation', { name: 'Navegación de conductor' })
    .getByRole('link', { name: /Solicitud/ })
    .click();
  await page.waitForURL('**/driver/trip-request');
  await page.locator('.dt-requests__count, .empty-state').first().waitFor();
  await page.getByText('Jala Online').waitFor();
}

/** A new passenger's phone at `geolocation`: signed up through the form, on the dashboard. */
export async function passengerPhone(
  browser: Browser,
  firstName: string,
  geolocation: PhoneOptions['geolocation'] = PARQUE_KENNEDY,
) {
  const context = await phoneContext(browser, { geolocation });
  const page = await context.newPage();
  await registerViaUi(page, 'passenger', { firstName });
  await page.waitForURL('**/passenger/dashboard');
  return { context, page };
}

/** A seeded driver's phone at `geolocation`, logged in on 'Solicitudes de Viaje' with the live link up. */
export async function driverPhone(
  browser: Browser,
  email: string,
  geolocation: PhoneOptions['geolocation'] = PARQUE_KENNEDY,
) {
  const context = await phoneContext(browser, { geolocation });
  const page = await context.newPage();
  await openDriverRequests(page, email);
  return { context, page };
}

/** A passenger phone (new account, logged in through the form) and a driver phone (seeded, logged in). */
export async function twoPhones(
  browser: Browser,
  database: DatabaseHandle,
  names: { passenger: string; driver: [string, string] },
  baseURL?: string,
) {
  const driver = await createDriver(database.db, {
    user: { firstName: names.driver[0], lastName: names.driver[1], phone: '912345678' },
  });
  const passengerContext = await phoneContext(browser, {
    geolocation: PARQUE_KENNEDY,
    ...(baseURL ? { baseURL } : {}),
  });
  const driverContext = await phoneContext(browser, { geolocation: PARQUE_KENNEDY, ...(baseURL ? { baseURL } : {}) });
  const passenger = await passengerContext.newPage();
  const driverPage = await driverContext.newPage();
  await registerViaUi(passenger, 'passenger', { firstName: names.passenger });
  await passenger.waitForURL('**/passenger/dashboard');
  await openDriverRequests(driverPage, driver.user.email);
  return { passenger, driverPage, contexts: [passengerContext, driverContext] as BrowserContext[] };
}

/** The request card the driver sees for the passenger's trip (the only one from this passenger). */
export const requestFrom = (driverPage: Page, passengerName: string) =>
  driverPage.getByRole('article', { name: `Solicitud de ${passengerName} Ccori` });

/** Accepts the passenger's price on the driver's phone and the offer on the passenger's: both on the active trip. */
export async function agreeOnPrice(passenger: Page, driverPage: Page, passengerName: string): Promise<void> {
  const request = requestFrom(driverPage, passengerName);
  await request.waitFor();
  await request.getByRole('button', { name: 'Aceptar' }).click();
  await passenger.getByTestId('driver-offer').getByRole('button', { name: 'Aceptar' }).click();
  await driverPage.waitForURL('**/driver/active-trip');
}

/** The passenger reads their start code aloud and the driver types it, as 'Iniciar viaje' requires (safety). */
export async function typeStartCode(driverPage: Page, passenger: Page): Promise<void> {
  await driverPage
    .getByLabel('Código del pasajero')
    .fill((await passenger.getByTestId('start-code').textContent()) ?? '');
}

/**
 * 'Finalizar viaje' from where the driver phone stands (the pickup, Parque Kennedy, ~6.7 km from Jockey
 * Plaza): the app asks first, since that is far from the destination, and the driver confirms.
 */
export async function finishTripHere(driverPage: Page): Promise<void> {
  await driverPage.getByRole('button', { name: 'Finalizar viaje' }).click();
  await driverPage.getByRole('alertdialog').getByRole('button', { name: 'Sí, finalizar aquí' }).click();
}
