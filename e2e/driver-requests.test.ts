/**
 * The driver's side of the marketplace in Chromium at 360×740, against the real product: a verified,
 * online driver (seeded at Parque Kennedy) sees a request published after the page loaded arrive live,
 * offers, chats, is chosen by the passenger, takes the trip through every stage and completes it; a
 * request can be rejected; and without location permission the yellow box explains what to do.
 */
import { topics } from '@jala/contracts';
import { eq, schema } from '@jala/db';
import { JOCKEY_PLAZA, PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { MqttClient } from 'mqtt';
import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

import { connectMqtt, nextMessage } from '../apps/server/test/support/mqtt';
import { api, signUp } from './support/api';
import { baseUrl, phoneContext, screenshot, uniqueEmail } from './support/browser';
import { contentOverflow, outOfSight } from './support/phone-checks';
import { loginViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';

interface Passenger {
  id: number;
  token: string;
  name: string;
}

async function registerPassenger(firstName: string): Promise<Passenger> {
  const registered = await signUp({
    first_name: firstName,
    last_name: 'Quispe',
    email: uniqueEmail('pasajera'),
    phone: '987654321',
    password: FACTORY_PASSWORD,
    user_type: 'passenger',
  });
  expect(registered.status).toBe(201);
  return { id: registered.data.user.id, token: registered.data.token, name: `${firstName} Quispe` };
}

/** POST /api/trips Kennedy → Jockey, which publishes it to the drivers around; resolves the trip id. */
async function requestTrip(passenger: Passenger, offerPrice?: number): Promise<number> {
  const created = await api<{ id: number }>('POST', '/trips', passenger.token, {
    pickup_latitude: PARQUE_KENNEDY.latitude,
    pickup_longitude: PARQUE_KENNEDY.longitude,
    pickup_address: 'Parque Kennedy, Miraflores',
    destination_latitude: JOCKEY_PLAZA.latitude,
    destination_longitude: JOCKEY_PLAZA.longitude,
    destination_address: 'Jockey Plaza, Santiago de Surco',
    service_type_id: 2,
    passenger_notes: 'Estoy frente a la iglesia',
    ...(offerPrice === undefined ? {} : { offer_price: offerPrice }),
  });
  expect(created.status).toBe(201);
  return created.data.id;
}

/** Logs the seeded driver in through the form and opens 'Solicitudes de Viaje' from the bottom nav. */
async function openRequests(page: Page, email: string): Promise<void> {
  await loginViaUi(page, email, FACTORY_PASSWORD);
  await page
    .getByRole('navigation', { name: 'Navegación de conductor' })
    .getByRole('link', { name: /Solicitud/ })
    .click();
  await page.waitForURL('**/driver/trip-request');
  await page.getByRole('heading', { name: 'Solicitudes de Viaje' }).waitFor();
}

/**
 * The list answered (empty or not) and the live link is up. Nothing is missed between here and the
 * broker's SUBACK of the feed: the list refetches when the subscription is granted (useRealtimeTopic onLive).
 */
async function waitForLiveList(page: Page): Promise<void> {
  await page.locator('.dt-requests__count, .empty-state').first().waitFor();
  await page.getByText('Jala Online').waitFor();
}

const card = (page: Page, tripId: number) => page.locator(`article[data-request-id="${tripId}"]`);

describe('driver trip requests and active trip in Chromium at 360×740', () => {
  const suite = useBrowserSuite();
  const mqttClients: MqttClient[] = [];

  afterAll(async () => {
    for (const client of mqttClients) client.end(true);
  });

  it('receives a request live, offers, chats, is chosen and completes the trip through every stage', async () => {
    const driver = await createDriver(suite.database.db, { user: { firstName: 'Jorge', lastName: 'Vargas' } });
    const passenger = await registerPassenger('Mariela');
    const context = await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY });
    const page = await context.newPage();
    await openRequests(page, driver.user.email);
    await waitForLiveList(page);

    // From here on, list refetches are held back: the request can only arrive over the live feed.
    const held: Route[] = [];
    await page.route('**/api/driver/trip-requests**', (route) => {
      held.push(route);
    });
    const tripId = await requestTrip(passenger, 20);
    const request = card(page, tripId);
    await request.waitFor();
    expect(page.url()).toContain('/driver/trip-request'); // no reload, no navigation
    await page.unroute('**/api/driver/trip-requests**');
    for (const route of held) await route.continue();

    await request.getByText('Mariela Quispe').waitFor();
    const text = (await request.textContent()) ?? '';
    expect(text).toContain('Auto');
    expect(text).toContain('Parque Kennedy, Miraflores');
    expect(text).toContain('Jockey Plaza, Santiago de Surco');
    expect(text).toContain('Precio ofrecidoS/\u00a020.00');
    expect(text).toMatch(/Tarifa estimadaS\/\s\d+\.\d{2}/);
    expect(text).toMatch(/Distancia\d+\.\d km/);
    expect(text).toMatch(/Tiempo\d+ min/);
    expect(text).toMatch(/Al recojo0\.\d km/);
    expect(await page.locator('.dt-requests__count').textContent()).toMatch(/^\d+ solicitud(es)? disponibles?$/);
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-requests-live');

    // 'Aceptar' = an offer at the passenger's price.
    await request.getByRole('button', { name: 'Aceptar' }).click();
    await request.getByText('Oferta enviada: S/ 20.00').waitFor();
    const offers = await api<{ driver_id: number; price: number }[]>(
      'GET',
      `/trips/${tripId}/driver-offers`,
      passenger.token,
    );
    expect(offers.data).toEqual([expect.objectContaining({ driver_id: driver.user.id, price: 20 })]);

    // Chat: the driver writes, the passenger answers over MQTT, both stored.
    await request.getByPlaceholder('Escribe un mensaje').fill('Hola, llego en 3 minutos');
    await request.getByRole('button', { name: 'Enviar' }).click();
    await request.locator('.dt-chat__msg--mine', { hasText: 'Hola, llego en 3 minutos' }).waitFor();
    const wsUrl = `${baseUrl().replace(/^http/, 'ws')}/mqtt`;
    const passengerLink = await connectMqtt(wsUrl, { userId: passenger.id, token: passenger.token });
    mqttClients.push(passengerLink);
    await passengerLink.publishAsync(
      topics.chat(tripId, driver.user.id),
      JSON.stringify({
        sender: passenger.id,
        role: 'passenger',
        message: 'Perfecto, lo espero',
        timestamp: new Date().toISOString(),
      }),
      { qos: 1 },
    );
    await request.locator('.dt-chat__msg--theirs', { hasText: 'Perfecto, lo espero' }).waitFor();
    await expect
      .poll(async () =>
        (await api<{ message: string }[]>('GET', `/trips/${tripId}/chat/${driver.user.id}`, passenger.token)).data.map(
          (m) => m.message,
        ),
      )
      .toEqual(['Hola, llego en 3 minutos', 'Perfecto, lo espero']);
    await request.scrollIntoViewIfNeeded();
    await screenshot(page, 'driver-requests-offer-chat');

    // The passenger accepts this driver's offer: the driver is taken to the active trip.
    await passengerLink.subscribeAsync(topics.driverLocation(tripId));
    const firstLocation = nextMessage(passengerLink, topics.driverLocation(tripId), 12_000);
    const accepted = await api('POST', '/drivers/trips/accept', passenger.token, {
      trip_id: tripId,
      driver_id: driver.user.id,
    });
    expect(accepted.status).toBe(200);
    await page.waitForURL('**/driver/active-trip');
    await page.getByRole('region', { name: 'Detalles del viaje' }).getByText('Mariela Quispe').waitFor();
    await page.getByRole('region', { name: 'Mapa del viaje' }).waitFor();
    await page.locator('.leaflet-container').waitFor();
    await page.locator('.leaflet-marker-icon[title="Punto de recojo"]').waitFor();
    await page.locator('.leaflet-marker-icon[title="Destino"]').waitFor();
    await page.locator('.leaflet-marker-icon[title="Tu vehículo"]').waitFor();
    // The view is fitted to pickup, destination and driver: every marker lies inside the map's frame.
    await expect
      .poll(async () => {
        const frame = await page.locator('.leaflet-container').boundingBox();
        const markers = await Promise.all(
          ['Punto de recojo', 'Destino', 'Tu vehículo'].map((title) =>
            page.locator(`.leaflet-marker-icon[title="${title}"]`).boundingBox(),
          ),
        );
        return (
          Boolean(frame) &&
          markers.every(
            (box) =>
              box &&
              frame &&
              box.x >= frame.x &&
              box.y >= frame.y &&
              box.x + box.width <= frame.x + frame.width &&
              box.y + box.height <= frame.y + frame.height,
          )
        );
      })
      .toBe(true);
    // While assigned, the driver's watched position reaches the passenger.
    expect(await firstLocation).toMatchObject({
      latitude: PARQUE_KENNEDY.latitude,
      longitude: PARQUE_KENNEDY.longitude,
    });
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-active-trip');

    for (const [button, next] of [
      ['Ir al punto de recojo', 'Llegué al punto de recojo'],
      ['Llegué al punto de recojo', 'Iniciar viaje'],
      ['Iniciar viaje', 'Finalizar viaje'],
    ] as const) {
      if (button === 'Iniciar viaje') {
        const { start_code: code } = (await api<{ start_code: string }>('GET', '/trips/active', passenger.token)).data;
        await page.getByLabel('Código del pasajero').fill(code);
      }
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('button', { name: next }).waitFor();
    }
    const passengerView = await api<{ status: string }>('GET', '/trips/active', passenger.token);
    expect(passengerView.data.status).toBe('in_progress');
    expect(await page.getByTestId('binding-fare').textContent()).toBe('S/\u00a020.00');
    await page.getByRole('button', { name: 'Finalizar viaje' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'driver-active-trip-in-progress');

    // Still at the pickup, ~6.7 km from Jockey Plaza: the driver confirms, and the receipt says where it ended.
    await page.getByRole('button', { name: 'Finalizar viaje' }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText(/^Estás a 6\.\d km del destino\. ¿Finalizar el viaje aquí\?/).waitFor();
    await expect.poll(() => outOfSight(question)).toBeNull();
    await screenshot(page, 'driver-finish-far-question');
    await question.getByRole('button', { name: 'Sí, finalizar aquí' }).click();
    await page.getByText('¡Viaje completado con éxito!').waitFor();
    await page.getByText('¡Viaje completado!').waitFor();
    await page
      .getByTestId('ended-far')
      .getByText(/^Finalizado a 6\.\d km del destino$/)
      .waitFor();
    await page.getByText('Califica al pasajero').waitFor();
    expect((await api('GET', '/trips/active', passenger.token)).data).toBeNull();
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-trip-completed');
    await context.close();
  });

  it("'Rechazar' hides a request, also after a reload", async () => {
    const driver = await createDriver(suite.database.db, { user: { firstName: 'Hugo', lastName: 'Salas' } });
    const passenger = await registerPassenger('Lucía');
    const tripId = await requestTrip(passenger);
    const context = await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY });
    const page = await context.newPage();
    await openRequests(page, driver.user.email);
    const request = card(page, tripId);
    await request.waitFor();
    expect(await request.textContent()).not.toContain('Precio ofrecido');
    await request.getByRole('button', { name: 'Rechazar' }).click();
    await request.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.dt-requests__count, .empty-state').first().waitFor();
    expect(await card(page, tripId).count()).toBe(0);
    await context.close();
  });

  it("gets an offline driver online from the requests page in one tap ('Empezar a ganar' → 'Conectarse'); without a vehicle in service, the way to 'Estado'", async () => {
    const driver = await createDriver(suite.database.db, {
      user: { firstName: 'Elena', lastName: 'Rojas' },
      profile: { driverStatus: 'offline' },
    });
    const context = await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY });
    const page = await context.newPage();
    await loginViaUi(page, driver.user.email, FACTORY_PASSWORD);
    await page.getByRole('link', { name: 'Empezar a ganar' }).click();
    await page.waitForURL('**/driver/trip-request');
    const card = page.getByTestId('requests-readiness');
    // A state, not an error: what stops the requests and, with a vehicle in service, the button that fixes it.
    await card.getByText('Estás desconectado. Conéctate para recibir solicitudes.').waitFor();
    await card
      .getByText(`Vehículo: ${driver.vehicle.brand} ${driver.vehicle.model} ${driver.vehicle.licensePlate}`)
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText('Cargando solicitudes...').count()).toBe(0);
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-requests-offline');
    await card.getByRole('button', { name: 'Conectarse' }).click();
    // Online on this very page: the card gives way to the live list.
    await card.waitFor({ state: 'detached' });
    await page.locator('.dt-requests__count, .empty-state').first().waitFor();
    expect(page.url()).toMatch(/\/driver\/trip-request$/);
    const [profile] = await suite.database.db
      .select()
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, driver.user.id));
    expect(profile?.driverStatus).toBe('online');
    await context.close();

    // Its only vehicle in the workshop: nothing to connect with here, so the way is 'Estado del Conductor'.
    const other = await createDriver(suite.database.db, {
      user: { firstName: 'Raquel', lastName: 'Soto' },
      profile: { driverStatus: 'offline' },
      vehicle: { vehicleStatus: 'maintenance' },
    });
    const otherContext = await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY });
    const otherPage = await otherContext.newPage();
    await openRequests(otherPage, other.user.email);
    const otherCard = otherPage.getByTestId('requests-readiness');
    await otherCard.getByText('Estás desconectado. Conéctate en "Estado" para recibir solicitudes.').waitFor();
    expect(await otherCard.getByRole('button', { name: 'Conectarse' }).count()).toBe(0);
    await otherCard.getByRole('link', { name: 'Ir a Estado del Conductor' }).click();
    await otherPage.waitForURL('**/driver/status');
    await otherContext.close();
  });

  it('shows the yellow location box when the browser has no location permission', async () => {
    const driver = await createDriver(suite.database.db, { user: { firstName: 'Raúl', lastName: 'Mendoza' } });
    const context = await phoneContext(suite.browser, { geolocation: null });
    const page = await context.newPage();
    await openRequests(page, driver.user.email);
    const box = page.getByRole('alert').filter({ hasText: '¡Activa la ubicación para recibir viajes!' });
    await box.waitFor();
    const text = (await box.textContent()) ?? '';
    expect(text).toContain('Permiso de ubicación denegado.');
    expect(text).toContain('GPS');
    expect(text).toContain('Revisa la configuración de ubicación de tu móvil.');
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-requests-geolocation-denied');
    await box.getByRole('button', { name: 'Reintentar' }).click();
    await page.waitForLoadState('load');
    await page.getByRole('heading', { name: '¡Activa la ubicación para recibir viajes!' }).waitFor();
    await context.close();
  });
});
