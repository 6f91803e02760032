/**
 * Safety on a real trip, on two phones plus a stranger's browser: the passenger sees the car
 * card (photo, plate), the driver cannot mark arrival from afar, the passenger reads the start code and
 * the driver types it; a third context opens the share link without logging in and watches the car move;
 * SOS is held to confirm (touch-style press and keyboard) and stored with the position.
 */
import { eq, schema } from '@jala/db';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { tripPayload } from '../apps/server/test/support/actors';
import { api, loginToken } from './support/api';
import { phoneContext, screenshot } from './support/browser';
import { contentOverflow } from './support/phone-checks';
import { loginToActiveTrip, loginViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';

/** 1.3 km north of the pickup (Av. Arequipa), then points along the way to Jockey Plaza. */
const FAR = { latitude: -12.1094, longitude: -77.0297 };
const ON_THE_WAY = [
  { latitude: -12.115, longitude: -77.02 },
  { latitude: -12.105, longitude: -77.005 },
];

/** Holds the pointer on SOS for `ms` (the hold-to-confirm), the way a thumb does. */
async function holdSos(page: Page, ms: number): Promise<void> {
  const box = await page.getByTestId('sos-button').boundingBox();
  if (!box) throw new Error('no SOS button');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

describe('safety on every trip', () => {
  const suite = useBrowserSuite();

  it('car card, arrival check, start code, live share link for a stranger, SOS held to confirm', async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, {
      user: { firstName: 'Carlos Alberto', lastName: 'Mamani Quispe de la Cruz', phone: '912345678' },
      vehicle: { brand: 'Toyota', model: 'Yaris', color: 'Blanco perla' },
    });
    const rider = await createUser(db, {
      firstName: 'Rosa',
      lastName: 'Huamán',
      emergencyContactName: 'Mamá',
      emergencyContactPhone: '987654321',
    });
    const driverToken = await loginToken(driver.user.email);
    const riderToken = await loginToken(rider.email);

    // The driver's photo, uploaded as any phone would (the server re-encodes it).
    const face = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: { r: 90, g: 140, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    expect((await api('PUT', '/driver/photo', driverToken, { image_base64: face.toString('base64') })).status).toBe(
      200,
    );

    // A trip accepted through the API; both phones then open it.
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

    const passengerContext = await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY });
    const driverContext = await phoneContext(suite.browser, { geolocation: FAR });
    const passenger = await passengerContext.newPage();
    const driverPage = await driverContext.newPage();
    // With a trip going on, logging in lands on the active trip (the active-trip guard).
    await loginToActiveTrip(passenger, rider.email, '/passenger/active-trip');
    await loginToActiveTrip(driverPage, driver.user.email, '/driver/active-trip');

    // Know the car before boarding: photo (fetched with the token), long name wrapping, plate in large type.
    const card = passenger.getByTestId('car-card');
    await card.getByText('Carlos Alberto Mamani Quispe de la Cruz').waitFor();
    await card.getByRole('img', { name: /Foto de Carlos/ }).waitFor();
    expect(await card.getByRole('img', { name: /Foto de Carlos/ }).getAttribute('src')).toMatch(/^blob:/);
    expect(await card.getByTestId('car-plate').textContent()).toBe(driver.vehicle.licensePlate);
    expect(await contentOverflow(passenger)).toEqual([]);
    const code = (await passenger.getByTestId('start-code').textContent()) ?? '';
    expect(code).toMatch(/^\d{4}$/);
    await passenger.getByTestId('start-code').scrollIntoViewIfNeeded();
    await screenshot(passenger, 'safety-passenger-code');
    await card.scrollIntoViewIfNeeded();
    await screenshot(passenger, 'safety-passenger-car-card');

    // The driver cannot mark arrival from 1.3 km away; near the pickup they can.
    await driverPage.getByRole('button', { name: 'Ir al punto de recojo' }).click();
    await driverPage.getByRole('button', { name: 'Llegué al punto de recojo' }).click();
    await driverPage
      .getByText('Aún estás a 1.3 km del punto de recojo. Acércate a menos de 250 m para marcar tu llegada.')
      .waitFor();
    await screenshot(driverPage, 'safety-driver-arrival-refused');
    await driverContext.setGeolocation(PARQUE_KENNEDY);
    await driverPage.waitForTimeout(500);
    await driverPage.getByRole('button', { name: 'Llegué al punto de recojo' }).click();

    // The passenger reads the code aloud; a wrong one is refused, the right one starts the trip.
    const codeField = driverPage.getByLabel('Código del pasajero');
    await codeField.fill(code === '0000' ? '1111' : '0000');
    await driverPage.getByRole('button', { name: 'Iniciar viaje' }).click();
    await driverPage.getByText('El código no es correcto. Te quedan 4 intentos.').waitFor();
    await codeField.fill(code);
    await driverPage.getByRole('button', { name: 'Iniciar viaje' }).scrollIntoViewIfNeeded();
    await screenshot(driverPage, 'safety-driver-start-code');
    await driverPage.getByRole('button', { name: 'Iniciar viaje' }).click();
    await expect.poll(() => passenger.getByTestId('trip-status').textContent()).toBe('En curso');

    // 'Compartir viaje' → a link a stranger opens without logging in.
    await passenger.getByRole('button', { name: 'Compartir viaje' }).click();
    const whatsapp = passenger.getByRole('link', { name: 'Enviar por WhatsApp a Mamá' });
    await whatsapp.waitFor();
    expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/51987654321\?text=Sigue%20mi%20viaje/);
    const url = (await passenger.getByTestId('share-url').textContent()) ?? '';
    expect(url).toMatch(/\/compartir\/[A-Za-z0-9_-]{32}$/);
    await whatsapp.scrollIntoViewIfNeeded();
    await screenshot(passenger, 'safety-passenger-share');

    const strangerContext = await phoneContext(suite.browser, { geolocation: null });
    const stranger = await strangerContext.newPage();
    await stranger.goto(url);
    await stranger.getByTestId('shared-plate').waitFor();
    expect(await stranger.getByTestId('shared-plate').textContent()).toBe(driver.vehicle.licensePlate);
    expect(await stranger.getByTestId('shared-status').textContent()).toBe('En curso');
    await stranger.locator('.leaflet-marker-icon[title="Destino"]').waitFor();
    expect(await stranger.evaluate(() => localStorage.getItem('jala_token'))).toBeNull();
    // The driver moves; the stranger's page follows on its next polls.
    for (const point of ON_THE_WAY) {
      await driverContext.setGeolocation(point);
      await expect
        .poll(() => stranger.getByTestId('shared-position').textContent())
        .toBe(`Posición: ${point.latitude.toFixed(4)}, ${point.longitude.toFixed(4)}`);
    }
    await stranger.getByTestId('shared-eta').waitFor();
    expect(await contentOverflow(stranger)).toEqual([]);
    await screenshot(stranger, 'safety-share-page');

    // SOS on the passenger's phone: a short press does nothing, a 2 s hold sends the alert.
    await holdSos(passenger, 600);
    expect(await passenger.getByRole('dialog').count()).toBe(0);
    await holdSos(passenger, 2_400);
    const dialog = passenger.getByRole('dialog', { name: 'Alerta enviada' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Llamar a la Policía (105)' }).getAttribute('href')).toBe('tel:105');
    expect(await dialog.getByRole('link', { name: 'Enviar por WhatsApp a Mamá' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/51987654321\?text=%C2%A1Emergencia/,
    );
    await screenshot(passenger, 'safety-passenger-sos');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    // And from the driver's phone with the keyboard: hold Space on the focused button.
    await driverPage.getByTestId('sos-button').focus();
    await driverPage.keyboard.down(' ');
    await driverPage.waitForTimeout(2_400);
    await driverPage.keyboard.up(' ');
    await driverPage.getByRole('dialog', { name: 'Alerta enviada' }).waitFor();
    await screenshot(driverPage, 'safety-driver-sos');

    const alerts = await db.select().from(schema.safetyAlerts).where(eq(schema.safetyAlerts.tripId, trip.id));
    expect(alerts.map((a) => a.role).sort()).toEqual(['driver', 'passenger']);
    expect(alerts.find((a) => a.role === 'passenger')).toMatchObject({
      latitude: PARQUE_KENNEDY.latitude.toFixed(6),
      longitude: PARQUE_KENNEDY.longitude.toFixed(6),
    });

    // Once the trip ends, the link stops showing the car.
    expect(
      (
        await api('POST', '/driver/trips/complete', driverToken, {
          trip_id: trip.id,
          final_latitude: ON_THE_WAY[1]!.latitude,
          final_longitude: ON_THE_WAY[1]!.longitude,
          actual_fare: 20,
        })
      ).status,
    ).toBe(200);
    await stranger.getByTestId('share-ended').waitFor();
    expect(await stranger.getByTestId('shared-position').count()).toBe(0);
    await screenshot(stranger, 'safety-share-ended');
    for (const context of [passengerContext, driverContext, strangerContext]) await context.close();
  });

  it('trusted contacts and the driver photo in the profiles', async () => {
    const driver = await createDriver(suite.database.db, { user: { firstName: 'Lucía', lastName: 'Paredes' } });
    const context = await phoneContext(suite.browser);
    const page = await context.newPage();
    await loginViaUi(page, driver.user.email, FACTORY_PASSWORD);
    await page.goto('/driver/profile');
    const photoSection = page.getByRole('region', { name: 'Tu foto' });
    await photoSection.waitFor();
    const face = await sharp({
      create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
    await photoSection
      .locator('input[type="file"]')
      .setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: face });
    await photoSection.getByTestId('own-photo').waitFor();
    await photoSection.scrollIntoViewIfNeeded();
    await screenshot(page, 'safety-driver-photo');

    const contacts = page.getByRole('region', { name: 'Contactos de confianza' });
    await contacts.getByRole('button', { name: 'Agregar contacto' }).click();
    await contacts.getByLabel('Nombre').last().fill('Hermana María Fernanda Paredes Gutiérrez');
    await contacts.getByLabel('Celular').last().fill('12345');
    await contacts.getByRole('button', { name: 'Guardar contactos' }).click();
    await contacts.getByText('Ingresa un celular peruano de 9 dígitos que empiece con 9.').first().waitFor();
    await contacts.getByLabel('Celular').last().fill('987 111 222');
    await contacts.getByRole('button', { name: 'Guardar contactos' }).click();
    await contacts.getByText(/Contactos guardados/).waitFor();
    await contacts.getByRole('button', { name: 'Guardar contactos' }).scrollIntoViewIfNeeded();
    expect(await contentOverflow(page)).toEqual([]);
    await screenshot(page, 'safety-trusted-contacts');
    await context.close();
  });
});
