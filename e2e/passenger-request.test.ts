/**
 * The passenger's side of the marketplace in Chromium at 360×740, against the real product (offline: no
 * tiles load, so the map runs on its Peru outline): the request wizard with place search and a map tap,
 * the route preview, confirmation and publication; a seeded online driver's offer arriving live; chat;
 * a reload losing nothing; accepting the offer, following the trip to completion; and cancelling a trip.
 */
import { JOCKEY_PLAZA, PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver } from '@jala/test-factories/database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { api, loginToken } from './support/api';
import { animationsSettled, headerCollisions, requestSheet, screenshot } from './support/browser';
import { contentOverflow } from './support/phone-checks';
import { useBrowserSuite } from './support/suite';
import { choosePlace, passengerPhone } from './support/two-phones';

/** The passenger's own token (the page's session), to read what the server holds. */
const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('jala_token'));

/** Elements of the page content sticking out past the right edge of the phone (the map clips its own panes). */
/**
 * Scrolls the tracker map's zoom control under the bottom navigation and tells whether the navigation is
 * what a tap there hits (Leaflet's z-indexes must stay inside the map).
 */
async function bottomNavStaysOnTop(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const zoom = document.querySelector('.ptr-tracker__map .leaflet-control-zoom-in');
    const nav = document.querySelector('nav.bottom-nav');
    if (!zoom || !nav) return false;
    const before = zoom.getBoundingClientRect();
    window.scrollBy(0, before.top + before.height / 2 - (window.innerHeight - nav.getBoundingClientRect().height / 2));
    const box = zoom.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && nav.contains(top);
  });
}

/** A screenshot once the map has stopped moving (zoom/fit animations, the 800 ms marker drop). */
async function settledScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim, .leaflet-pan-anim'));
  await animationsSettled(page);
  await screenshot(page, name);
}

/** Origin Kennedy and destination Jockey by search, the given service type, then 'Confirmar Viaje'. */
async function requestTripQuickly(page: Page, serviceLabel: 'Auto' | 'Mototaxi'): Promise<void> {
  await page.goto('/passenger/trip-request');
  await choosePlace(page, 'Kennedy', /Parque Kennedy/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await choosePlace(page, 'Jockey', /Jockey Plaza/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Tipo de servicio').selectOption({ label: serviceLabel });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Confirmar Viaje' }).click();
  await page.waitForURL('**/passenger/active-trip');
}

describe('passenger: request a trip, receive offers, chat, accept, follow, cancel', () => {
  const suite = useBrowserSuite();

  it('requests Parque Kennedy → Jockey Plaza with search and a map tap, gets a live offer, chats, accepts and follows the trip to the end', async () => {
    const driver = await createDriver(suite.database.db, {
      user: { firstName: 'Jorge', lastName: 'Vargas', phone: '912345678' },
    });
    const driverToken = await loginToken(driver.user.email);

    const { context, page } = await passengerPhone(suite.browser, 'Lucía');

    // Step 1: the map loads without tiles (offline) and the form starts at step 1 of 4.
    await page.goto('/passenger/trip-request');
    await page.getByRole('button', { name: 'Volver al inicio' }).waitFor();
    await expect.poll(() => page.getByText('Cargando mapa...').count()).toBe(0);
    await page.locator('.leaflet-jala-outline-pane path').waitFor();
    expect(await page.getByText('Paso 1 de 4').count()).toBe(1);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await requestSheet(page).getByText('Selecciona un origen').waitFor();
    await settledScreenshot(page, 'passenger-request-step1');

    await choosePlace(page, 'Kennedy', /Parque Kennedy/);
    expect(await page.getByText('Selecciona un origen').count()).toBe(0);
    await page.locator('.jala-pin--origin[title="Origen"]').waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: pick the destination with a tap on the map.
    await requestSheet(page).getByRole('button', { name: 'Mapa' }).click();
    await page.getByText('Toca en el mapa para elegir destino').waitFor();
    await settledScreenshot(page, 'passenger-request-map-pick');
    await page.locator('.trq-screen__map .leaflet-container').click({ position: { x: 260, y: 170 } });
    await page.locator('.jala-pin--destination[title="Destino"]').waitFor();
    await expect.poll(() => requestSheet(page).getByRole('combobox').inputValue()).not.toBe('');
    expect(await page.getByText('Toca en el mapa para elegir destino').count()).toBe(0);
    await requestSheet(page).getByText('Distancia').waitFor();

    // …then change it by search: Jockey Plaza. The route and its estimate follow.
    await choosePlace(page, 'Jockey', /Jockey Plaza/);
    await expect.poll(() => requestSheet(page).getByRole('combobox').inputValue()).toContain('Jockey Plaza');
    await page.locator('.leaflet-overlay-pane path').waitFor();
    const summary = requestSheet(page).getByRole('definition');
    // No fare before a service type is chosen (step 3): no one's price is shown as an estimate.
    await expect
      .poll(async () => (await summary.allTextContents()).join(' '))
      .toMatch(/km .* min Elige el tipo de servicio$/);
    await settledScreenshot(page, 'passenger-request-route');
    expect(await contentOverflow(page)).toEqual([]);
    expect(await headerCollisions(page)).toEqual([]);

    // Step 3: service type and an offered price.
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await requestSheet(page).getByText('Selecciona un tipo de servicio').waitFor();
    await page.getByLabel('Tipo de servicio').selectOption({ label: 'Auto' });
    await expect.poll(async () => (await summary.allTextContents()).join(' ')).toMatch(/km .* min S\/\s\d+\.\d{2}$/);
    await page.getByLabel('Precio que ofreces (S/)').fill('20');
    await settledScreenshot(page, 'passenger-request-step3');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 4: notes, then confirm.
    await page.getByPlaceholder('Instrucciones especiales...').fill('Estoy en la puerta de la iglesia');
    await settledScreenshot(page, 'passenger-request-step4');
    await page.getByRole('button', { name: 'Confirmar Viaje' }).click();
    await page.waitForURL('**/passenger/active-trip');
    // Confirming created the trip and published it in one step: the page opens on it already published.
    await page.getByRole('button', { name: 'Publicado' }).waitFor();
    expect(await page.getByRole('button', { name: 'Publicado' }).isDisabled()).toBe(true);
    await page.getByText('No hay ofertas aún.').waitFor();
    expect(await page.getByTestId('trip-status').textContent()).toBe('Pendiente');
    await settledScreenshot(page, 'passenger-active-pending');

    const passengerToken = await pageToken(page);
    const active = await api<{ id: number; published_at: string | null; offer_price: number; passenger_notes: string }>(
      'GET',
      '/trips/active',
      passengerToken,
    );
    expect(active.data).toMatchObject({ offer_price: 20, passenger_notes: 'Estoy en la puerta de la iglesia' });
    await expect
      .poll(
        async () =>
          (await api<{ published_at: string | null }>('GET', '/trips/active', passengerToken)).data.published_at,
      )
      .not.toBeNull();
    const tripId = active.data.id;

    // The nearby driver was sent the request and answers with a counter-offer: it appears without a reload.
    const requests = await api<{ id: number }[]>(
      'GET',
      `/driver/trip-requests?latitude=${PARQUE_KENNEDY.latitude}&longitude=${PARQUE_KENNEDY.longitude}`,
      driverToken,
    );
    expect(requests.data.map((r) => r.id)).toContain(tripId);
    const offerPolls: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes(`/api/trips/${tripId}/driver-offers`)) offerPolls.push(Date.now());
    });
    const offered = await api('POST', '/driver/trips/accept', driverToken, { trip_request_id: tripId, price: 18.5 });
    expect(offered.status).toBe(201);
    const offerSentAt = Date.now();
    const offer = page.getByTestId('driver-offer');
    await offer.getByText('S/ 18.50').waitFor();
    // Pushed over MQTT: it showed before any poll of the offers answered.
    expect(offerPolls.filter((at) => at > offerSentAt)).toEqual([]);
    expect(await offer.getByText('Jorge Vargas', { exact: true }).count()).toBe(1);
    expect(await offer.getByText(/Kia Rio/).count()).toBe(1);

    // Chat with that driver: blank is not sent, a real message is stored for the driver to read.
    await offer.getByPlaceholder('Escribe un mensaje').fill('   ');
    await offer.getByRole('button', { name: 'Enviar' }).click();
    await offer.getByPlaceholder('Escribe un mensaje').fill('Hola, estoy en la puerta de la iglesia');
    await offer.getByRole('button', { name: 'Enviar' }).click();
    await offer.getByText('Hola, estoy en la puerta de la iglesia').waitFor();
    await expect
      .poll(
        async () =>
          (
            await api<{ role: string; message: string }[]>(
              'GET',
              `/trips/${tripId}/chat/${driver.user.id}`,
              driverToken,
            )
          ).data,
      )
      .toEqual([expect.objectContaining({ role: 'passenger', message: 'Hola, estoy en la puerta de la iglesia' })]);
    await offer.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await settledScreenshot(page, 'passenger-active-offers');

    // A reload loses nothing: the offer and the conversation come back from the server.
    await page.reload();
    await page.getByTestId('driver-offer').getByText('Hola, estoy en la puerta de la iglesia').waitFor();
    expect(await page.getByTestId('driver-offer').count()).toBe(1);

    // Accept: the page shows the driver and follows the trip live.
    await page.getByTestId('driver-offer').getByRole('button', { name: 'Aceptar' }).click();
    const driverCard = page.getByRole('region', { name: 'Tu conductor' });
    await driverCard.getByText('Jorge Vargas').waitFor();
    expect(await driverCard.getByRole('link', { name: 'Llamar' }).getAttribute('href')).toBe('tel:+51912345678');
    expect(await page.getByTestId('trip-status').textContent()).toBe('Aceptado');
    expect(await page.getByText('Ofertas de conductores').count()).toBe(0);
    await page.getByTestId('driver-distance').waitFor();
    await page.locator('.jala-driver-marker[title="Tu conductor"]').waitFor();
    expect(await bottomNavStaysOnTop(page)).toBe(true);
    await page.getByTestId('driver-distance').scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'passenger-active-accepted');
    expect(await contentOverflow(page)).toEqual([]);

    const stage = (status: string) => api('PUT', `/driver/trips/${tripId}/status`, driverToken, { status });
    expect((await stage('en_route')).status).toBe(200);
    await expect.poll(() => page.getByTestId('trip-status').textContent()).toBe('Conductor en camino');
    expect((await stage('arrived')).status).toBe(200);
    await page.getByText('Tu conductor llegó al punto de recojo.').waitFor();
    await page.getByTestId('start-code').waitFor();
    const startCode = await page.getByTestId('start-code').textContent();
    expect(
      (
        await api('PUT', `/driver/trips/${tripId}/status`, driverToken, {
          status: 'in_progress',
          start_code: startCode,
        })
      ).status,
    ).toBe(200);
    await expect.poll(() => page.getByTestId('trip-status').textContent()).toBe('En curso');
    expect(await page.getByRole('button', { name: 'Cancelar viaje' }).count()).toBe(0);
    const completed = await api('POST', '/driver/trips/complete', driverToken, {
      trip_id: tripId,
      final_latitude: JOCKEY_PLAZA.latitude,
      final_longitude: JOCKEY_PLAZA.longitude,
      actual_fare: 18.5,
      notes: '',
    });
    expect(completed.status).toBe(200);
    await page.getByRole('heading', { name: '¡Viaje completado!' }).waitFor();
    // The receipt: the agreed S/ 18.50 is the total (the 18.5 the driver sent changes nothing either way).
    await page.getByTestId('trip-receipt').getByText('Total').waitFor();
    expect(await page.getByTestId('trip-receipt').textContent()).toContain('TotalS/\u00a018.50');
    await page.getByRole('form', { name: 'Califica a tu conductor' }).waitFor();
    await settledScreenshot(page, 'passenger-trip-completed');
    await context.close();
  });

  it('cancels a trip after confirming and can request a new one', async () => {
    const { context, page } = await passengerPhone(suite.browser, 'Rosa');
    await requestTripQuickly(page, 'Mototaxi');
    await page.getByTestId('trip-status').getByText('Pendiente').waitFor();
    await page.getByRole('button', { name: 'Cancelar viaje' }).click();
    await page.getByText('¿Seguro que quieres cancelar el viaje?').waitFor();
    await page.getByRole('button', { name: 'Sí, cancelar' }).click();
    await page.getByRole('heading', { name: 'Viaje cancelado' }).waitFor();
    await page.getByText('Cancelado por ti').waitFor();
    await settledScreenshot(page, 'passenger-trip-cancelled');
    expect((await api('GET', '/trips/active', await pageToken(page))).data).toBeNull();
    await page.getByRole('link', { name: 'Solicitar otro viaje' }).click();
    await page.waitForURL('**/passenger/trip-request');
    await page.getByText('Paso 1 de 4').waitFor();
    // The guard does not send the passenger back to the finished trip.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/passenger/trip-request');
    await context.close();
  });

  it("says 'No se pudo obtener tu ubicación actual' when location permission is denied", async () => {
    const { context, page } = await passengerPhone(suite.browser, 'Elena', null);
    await page.goto('/passenger/trip-request');
    await requestSheet(page).getByRole('button', { name: 'Mi ubicación' }).click();
    await requestSheet(page).getByText('No se pudo obtener tu ubicación actual').waitFor();
    await context.close();
  });

  it("fills the origin with 'Mi ubicación' from the phone's position", async () => {
    const { context, page } = await passengerPhone(suite.browser, 'Marco');
    await page.goto('/passenger/trip-request');
    await requestSheet(page).getByRole('button', { name: 'Mi ubicación' }).click();
    await expect.poll(() => requestSheet(page).getByRole('combobox').inputValue()).toMatch(/Miraflores|Kennedy/);
    await page.locator('.jala-pin--origin').waitFor();
    await context.close();
  });
});
