/**
 * 'Mis viajes', the driver's trip history, in Chromium at 360×740 against the built product: a driver finishes
 * a Yape trip on their phone, leaves it with 'Buscar nuevos viajes', finds it again from the bottom navigation
 * with its price and 'Yape · por confirmar' standing out, opens its receipt, answers 'Pago recibido' there and
 * comes back to the list, which now reads 'Yape · confirmado'; then narrows the list by state and period.
 * A long history is laid out at 360 px and paged with 'Cargar más'. Screenshots: e2e/screenshots/driver-history-*.png.
 */
import { join } from 'node:path';

import { schema } from '@jala/db';
import { limaDateKey } from '@jala/domain';
import { JOCKEY_PLAZA } from '@jala/test-factories';
import {
  createCompletedTrip,
  createDriver,
  createTrip,
  createUser,
  FACTORY_PASSWORD,
} from '@jala/test-factories/database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { loginToken } from './support/api';
import { animationsSettled, phoneContext, screenshot, SCREENSHOT_DIR } from './support/browser';
import { loginToActiveTrip, loginViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';
import { yapeTripInProgress } from './support/yape-trip';

const LONG_PICKUP = 'Jr. Los Amautas 1234, Urbanización Zárate, San Juan de Lurigancho, Lima';
const LONG_DESTINATION = 'Centro Comercial Mega Plaza Norte, Av. Alfredo Mendiola 3698, Independencia';

/** Nothing wider than the phone: the page's own width stays the viewport's. */
async function noSidewaysOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe("the driver's 'Mis viajes'", () => {
  const suite = useBrowserSuite();

  it('a finished Yape trip is found again with its price and payment state, and its receipt takes the answer', async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, {
      user: { firstName: 'Juan Carlos Eduardo', lastName: 'Villanueva Santisteban', phone: '912345678' },
      profile: { acceptsYape: true, walletPhone: '987654321' },
    });
    const passenger = await createUser(db, { firstName: 'Rocío del Pilar', lastName: 'Huamán' });
    const driverToken = await loginToken(driver.user.email);
    const tripId = await yapeTripInProgress(await loginToken(passenger.email), driverToken, driver.user.id, {
      pickup: LONG_PICKUP,
      destination: LONG_DESTINATION,
    });

    // The driver's phone, at the destination, finishes the trip and goes back to work.
    const context = await phoneContext(suite.browser, { geolocation: JOCKEY_PLAZA });
    const page = await context.newPage();
    await loginToActiveTrip(page, driver.user.email, '/driver/active-trip');
    await page.getByRole('button', { name: 'Finalizar viaje' }).click();
    await page.getByText('¡Viaje completado con éxito!').waitFor();
    await page.getByRole('link', { name: 'Buscar nuevos viajes' }).click();
    await page.waitForURL('**/driver/trip-request');

    // The trip is not gone: 'Mis viajes' in the bottom navigation lists it.
    await page
      .getByRole('navigation', { name: 'Navegación de conductor' })
      .getByRole('link', { name: 'Mis viajes' })
      .click();
    await page.waitForURL('**/driver/trips');
    const card = page
      .getByTestId('driver-trip-card')
      .filter({ has: page.locator(`a[href="/trips/${tripId}/receipt"]`) });
    await card.waitFor();
    expect(await card.getByTestId('driver-trip-fare').textContent()).toBe('S/\u00a038.00');
    expect(await card.getByTestId('driver-trip-payment').textContent()).toBe('Pago: Yape · por confirmar');
    await card.getByText('Confirma el pago').waitFor();
    await card.getByText(LONG_PICKUP).waitFor();
    expect(await card.textContent()).toContain('Pasajero: Rocío del Pilar');
    expect(await card.textContent()).not.toContain('Huamán');
    // 'S/' and the amount stay on one line, and the long addresses wrap inside the card.
    const fare = await card.getByTestId('driver-trip-fare').boundingBox();
    expect(fare?.height).toBeLessThan(40);
    await noSidewaysOverflow(page);
    await animationsSettled(page);
    await screenshot(page, 'driver-history-pending-yape');

    // Its receipt has 'Descargar PDF' and the driver's answer.
    await card.getByRole('link', { name: 'Confirmar el pago' }).click();
    await page.waitForURL(`**/trips/${tripId}/receipt`);
    const receipt = page.getByTestId('trip-receipt');
    await receipt.getByText('Yape · pendiente de confirmación').waitFor();
    await page.getByRole('button', { name: 'Descargar PDF' }).waitFor();
    await noSidewaysOverflow(page);
    await page.getByTestId('wallet-payment').scrollIntoViewIfNeeded();
    await animationsSettled(page);
    await screenshot(page, 'driver-history-receipt');
    await page.getByRole('button', { name: 'Pago recibido' }).click();
    await page.getByText('Confirmaste el pago.').waitFor();

    // Back in the list, the trip no longer asks for anything.
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.waitForURL('**/driver/trips');
    await card.getByTestId('driver-trip-payment').filter({ hasText: 'Pago: Yape · confirmado' }).waitFor();
    await card.getByRole('link', { name: 'Ver recibo' }).waitFor();
    expect(await card.getByText('Confirma el pago').count()).toBe(0);
    expect(await page.getByTestId('awaiting-payments').count()).toBe(0);
    await animationsSettled(page);
    await screenshot(page, 'driver-history-confirmed');

    // Narrowing the list: the driver's own cancellations (none), then completed trips of today (this one), kept in the address.
    await page.getByRole('button', { name: 'Por ti' }).click();
    await page.getByText('No hay viajes con estos filtros.').waitFor();
    await page.getByRole('button', { name: 'Completados' }).click();
    await page.getByLabel('Periodo').selectOption({ label: 'Hoy' });
    const today = limaDateKey(new Date());
    await page.waitForURL(`**/driver/trips?estado=completed&desde=${today}&hasta=${today}`);
    await card.waitFor();
    await page.getByText('1 viaje', { exact: true }).waitFor();
    await noSidewaysOverflow(page);
    await animationsSettled(page);
    await screenshot(page, 'driver-history-today');
    await context.close();
  });

  it("a long history: every kind of trip laid out at 360 px, the next ten with 'Cargar más'", async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, { user: { firstName: 'Wilfredo Teodoro', lastName: 'Ccahuana' } });
    const passenger = await createUser(db, { firstName: 'María Fernanda de los Ángeles', lastName: 'Quispe' });
    const mine = {
      passengerId: passenger.id,
      driverId: driver.user.id,
      vehicleId: driver.vehicle.id,
      pickupAddress: LONG_PICKUP,
      destinationAddress: LONG_DESTINATION,
    };
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    // Newest first: a Plin to confirm, a cash trip with both ratings and a fare change, each cancellation, then 10 older cash trips.
    await createCompletedTrip(db, {
      ...mine,
      fareCents: 123_450,
      agreedFareCents: 119_900,
      completedAt: hoursAgo(1),
      paymentMethod: 'plin',
      paymentStatus: 'reported',
      payeePhone: '987654321',
    });
    const rated = await createCompletedTrip(db, {
      ...mine,
      fareCents: 4150,
      agreedFareCents: 3800,
      completedAt: hoursAgo(2),
    });
    await db.insert(schema.ratings).values([
      { tripId: rated.id, raterId: passenger.id, rateeId: driver.user.id, raterRole: 'passenger', score: 5 },
      { tripId: rated.id, raterId: driver.user.id, rateeId: passenger.id, raterRole: 'driver', score: 4 },
    ]);
    for (const [index, status] of (
      ['cancelled_by_passenger', 'cancelled_by_driver', 'cancelled_by_system'] as const
    ).entries()) {
      await createTrip(db, {
        ...mine,
        status,
        agreedFareCents: 2000,
        createdAt: hoursAgo(3 + index),
        cancelledAt: hoursAgo(3 + index),
      });
    }
    for (let i = 0; i < 10; i++)
      await createCompletedTrip(db, { ...mine, fareCents: 1500 + i * 100, completedAt: hoursAgo(24 + i) });

    const context = await phoneContext(suite.browser);
    const page = await context.newPage();
    await loginViaUi(page, driver.user.email, FACTORY_PASSWORD);
    await page.goto('/driver/trips');
    const cards = page.getByTestId('driver-trip-card');
    await page.getByText('Mostrando 10 de 15 viajes').waitFor();
    expect(await cards.count()).toBe(10);
    const first = cards.first();
    expect(await first.getByTestId('driver-trip-fare').textContent()).toBe('S/\u00a01,234.50');
    expect(await first.getByTestId('driver-trip-payment').textContent()).toBe(
      'Pago: Plin · el pasajero avisó que pagó',
    );
    await first.getByText('Confirma el pago').waitFor();
    await cards.nth(1).getByLabel('Te calificó con 5 de 5').waitFor();
    await cards.nth(1).getByText('Precio acordado S/ 38.00').waitFor();
    for (const label of ['Cancelado por el pasajero', 'Cancelado por ti', 'Cancelado por el sistema'])
      await page.getByText(label, { exact: true }).waitFor();
    // Every amount on one line: its box is one line high.
    for (const box of await cards.getByTestId('driver-trip-fare').all())
      expect((await box.boundingBox())?.height).toBeLessThan(40);
    await noSidewaysOverflow(page);
    await animationsSettled(page);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'driver-history-long-list.png'), fullPage: true });

    await page.getByRole('button', { name: 'Cargar más' }).click();
    await page.getByText('15 viajes', { exact: true }).waitFor();
    expect(await cards.count()).toBe(15);
    expect(await page.getByRole('button', { name: 'Cargar más' }).count()).toBe(0);
    await context.close();
  });

  it('is reachable from the dashboard and says so when there are no trips yet', async () => {
    const driver = await createDriver(suite.database.db, { user: { firstName: 'Hugo', lastName: 'Salas' } });
    const context = await phoneContext(suite.browser);
    const page = await context.newPage();
    await loginViaUi(page, driver.user.email, FACTORY_PASSWORD);
    await page.getByRole('link', { name: 'Mis viajes y recibos' }).click();
    await page.waitForURL('**/driver/trips');
    await page.getByText('Aún no tienes viajes. Cuando termines un viaje, aparecerá aquí con su recibo.').waitFor();
    await noSidewaysOverflow(page);
    await context.close();
  });
});
