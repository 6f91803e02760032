/**
 * The fair price and the receipt in Chromium at 360×740 against the built product: the usual price of a route while the
 * passenger proposes (from completed trips seeded on a route no other browser test uses), the far-below
 * warning, the same hint on the driver's request card, and the receipt page's 'Descargar PDF' (a real
 * download, read back with pdftotext) and 'Compartir por WhatsApp'.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { createCompletedTrip, createDriver, createUser } from '@jala/test-factories/database';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { api, loginToken } from './support/api';
import { animationsSettled, requestSheet, screenshot } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { choosePlace, driverPhone, passengerPhone } from './support/two-phones';

const run = promisify(execFile);

/** The gazetteer's points of the two places the passenger searches. */
const HUACA_PUCLLANA = { latitude: -12.1109, longitude: -77.0338 };
const PLAZA_SAN_MIGUEL = { latitude: -12.077, longitude: -77.0829 };

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('jala_token'));

/** Scrolls an element to the middle of its scroller (clear of the wizard's sticky buttons) for a screenshot. */
const centre = (locator: Locator) => locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));

describe('the usual price while proposing, and a receipt to keep', () => {
  const suite = useBrowserSuite();

  it('shows the range of similar trips and warns about a low price; the driver sees it; the receipt downloads as a PDF', async () => {
    const db = suite.database.db;
    // Six completed trips on this route in the last days: quartiles S/ 11.25 and S/ 13.75 → 'S/ 11 – S/ 14'.
    const historyPassenger = await createUser(db);
    const historyDriver = await createDriver(db);
    const routeToken = await loginToken(historyDriver.user.email);
    const route = await api<{ distance: { value: number } }>(
      'GET',
      `/geo/route?origin_latitude=${HUACA_PUCLLANA.latitude}&origin_longitude=${HUACA_PUCLLANA.longitude}&destination_latitude=${PLAZA_SAN_MIGUEL.latitude}&destination_longitude=${PLAZA_SAN_MIGUEL.longitude}&service_type_id=2`,
      routeToken,
    );
    for (const [i, fareCents] of [1000, 1100, 1200, 1300, 1400, 1500].entries()) {
      await createCompletedTrip(db, {
        passengerId: historyPassenger.id,
        driverId: historyDriver.user.id,
        fareCents,
        completedAt: new Date(Date.now() - (i + 1) * 86_400_000),
        pickupLatitude: (HUACA_PUCLLANA.latitude + i * 0.0008).toFixed(6),
        pickupLongitude: HUACA_PUCLLANA.longitude.toFixed(6),
        destinationLatitude: (PLAZA_SAN_MIGUEL.latitude - i * 0.0008).toFixed(6),
        destinationLongitude: PLAZA_SAN_MIGUEL.longitude.toFixed(6),
        distanceKm: (route.data.distance.value / 1000).toFixed(2),
      });
    }

    const driver = await createDriver(db, {
      user: { firstName: 'Jorge', lastName: 'Vargas', phone: '912345678' },
      profile: {
        currentLatitude: HUACA_PUCLLANA.latitude.toFixed(6),
        currentLongitude: HUACA_PUCLLANA.longitude.toFixed(6),
      },
    });
    const { context: driverContext, page: driverPage } = await driverPhone(
      suite.browser,
      driver.user.email,
      HUACA_PUCLLANA,
    );

    const { context, page } = await passengerPhone(suite.browser, 'Lucía', HUACA_PUCLLANA);

    // The wizard: the hint appears with the service type, beside the price field.
    await page.goto('/passenger/trip-request');
    await choosePlace(page, 'Huaca Pucllana', /Huaca Pucllana/);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await choosePlace(page, 'Plaza San Miguel', /Plaza San Miguel/);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('Tipo de servicio').selectOption({ label: 'Auto' });
    const hint = requestSheet(page).getByTestId('fare-hint');
    await hint.waitFor();
    expect(await hint.textContent()).toBe(
      'Precio habitual para este recorrido: S/\u00a011 – S/\u00a014 · 6 viajes parecidos, últimos 30 días',
    );
    await page.getByLabel('Precio que ofreces (S/)').fill('12');
    await centre(hint);
    await animationsSettled(page);
    await screenshot(page, 'fairprice-wizard-hint');

    // S/ 3 for this route: a plain warning, here and again before confirming; never a block.
    await page.getByLabel('Precio que ofreces (S/)').fill('3');
    const warning = requestSheet(page).getByTestId('far-below-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toBe('Muy por debajo de lo habitual: es probable que nadie acepte');
    await centre(warning);
    await screenshot(page, 'fairprice-wizard-warning');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await requestSheet(page).getByTestId('far-below-warning').waitFor();
    await centre(requestSheet(page).getByTestId('far-below-warning'));
    await screenshot(page, 'fairprice-wizard-confirm-warning');
    // The passenger thinks again: S/ 12.
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByLabel('Precio que ofreces (S/)').fill('12');
    expect(await requestSheet(page).getByTestId('far-below-warning').count()).toBe(0);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Confirmar Viaje' }).click();
    await page.waitForURL('**/passenger/active-trip');
    await page.getByTestId('trip-status').getByText('Pendiente').waitFor();

    // The driver's card shows the same hint beside the offered price.
    const card = driverPage.getByRole('article', { name: 'Solicitud de Lucía Ccori' });
    await card.waitFor();
    expect(await card.getByTestId('request-fare-hint').textContent()).toBe(
      'Precio habitual para este recorrido: S/\u00a011 – S/\u00a014',
    );
    expect(await card.getByText('Precio ofrecido').locator('xpath=..').textContent()).toContain('S/\u00a012.00');
    await card.scrollIntoViewIfNeeded();
    await animationsSettled(driverPage);
    await screenshot(driverPage, 'fairprice-driver-card');

    // The trip is taken and driven to its end through the API (other browser tests walk those screens).
    const passengerToken = await pageToken(page);
    const tripId = (await api<{ id: number }>('GET', '/trips/active', passengerToken)).data.id;
    const driverToken = await loginToken(driver.user.email);
    expect((await api('POST', '/driver/trips/accept', driverToken, { trip_request_id: tripId })).status).toBe(201);
    expect(
      (await api('POST', '/drivers/trips/accept', passengerToken, { trip_id: tripId, driver_id: driver.user.id }))
        .status,
    ).toBe(200);
    expect((await api('PUT', `/driver/trips/${tripId}/status`, driverToken, { status: 'en_route' })).status).toBe(200);
    expect(
      (await api('PUT', `/driver/trips/${tripId}/status`, driverToken, { status: 'arrived', ...HUACA_PUCLLANA }))
        .status,
    ).toBe(200);
    const startCode = (await api<{ start_code: string }>('GET', '/trips/active', passengerToken)).data.start_code;
    expect(
      (
        await api('PUT', `/driver/trips/${tripId}/status`, driverToken, {
          status: 'in_progress',
          start_code: startCode,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api('POST', '/driver/trips/complete', driverToken, {
          trip_id: tripId,
          final_latitude: PLAZA_SAN_MIGUEL.latitude,
          final_longitude: PLAZA_SAN_MIGUEL.longitude,
        })
      ).status,
    ).toBe(200);

    // The receipt page: DNI typed, 'Descargar PDF' downloads the receipt, whose text says it all.
    await page.goto(`/trips/${tripId}/receipt`);
    await page.getByTestId('trip-receipt').waitFor();
    await page.getByLabel('DNI o RUC (opcional)').fill('45671234');
    await centre(page.getByLabel('DNI o RUC (opcional)'));
    await screenshot(page, 'fairprice-receipt');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^recibo-TRIP-[A-Z0-9]+\.pdf$/);
    const file = await download.path();
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    const text = stdout.replace(/\s+/g, ' ');
    for (const expected of [
      'Recibo de viaje',
      'Huaca Pucllana',
      'Plaza San Miguel',
      'PRECIO ACORDADO S/ 12.00',
      'TOTAL S/ 12.00',
      'MÉTODO DE PAGO Efectivo',
      'Jorge Vargas',
      driver.vehicle.licensePlate,
      'DNI 45671234',
    ]) {
      expect(text).toContain(expected);
    }

    // 'Compartir por WhatsApp' (no Web Share with files on desktop Chromium): a wa.me link with the summary.
    const share = page.getByRole('link', { name: 'Compartir por WhatsApp' });
    const href = (await share.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('Total: S/\u00a012.00 (Efectivo)');
    expect(decodeURIComponent(href)).not.toContain('987654321');

    await context.close();
    await driverContext.close();
  });
});
