import type { DatabaseHandle } from '@jala/db';
import { FACTORY_PASSWORD, type PassengerWorkspaceSeed, seedPassengerWorkspace } from '@jala/test-factories/database';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { animationsSettled, launchBrowser, phoneContext, requestSheet, screenshot } from './support/browser';
import { openE2eDatabase } from './support/database';
import { loginViaUi } from './support/session';

/** Destination lines of the trip cards on screen, in order. */
async function destinations(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="trip-card"] .trip-route__place:nth-child(2)')
    .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').replace('Destino: ', '')));
}

/** The page fits the phone: nothing scrolls sideways. */
async function hasNoHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('passenger workspace in Chromium at 360×740', () => {
  let browser: Browser;
  let database: DatabaseHandle;
  let seed: PassengerWorkspaceSeed;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    database = await openE2eDatabase();
    seed = await seedPassengerWorkspace(database.db);
    browser = await launchBrowser();
    context = await phoneContext(browser);
    page = await context.newPage();
    await loginViaUi(page, seed.carla.email, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await database?.close();
  });

  it('shows the dashboard cards computed from the seeded trips', async () => {
    expect(new URL(page.url()).pathname).toBe('/passenger/dashboard');
    await page.getByText('¿A dónde vamos hoy?').waitFor();
    await page.getByText('Viajes Totales').waitFor();
    const cards = await page.locator('.pw-stat-card').allTextContents();
    expect(cards).toEqual([
      'Viajes Totales3',
      'Gastado TotalS/\u00a062.50',
      'Tu calificación4.5 / 5',
      'Lugares guardados2',
    ]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'passenger-dashboard');
  });

  it('edits the profile and the emergency contact', async () => {
    await page.goto('/passenger/profile?edit=1');
    await page.getByRole('heading', { name: 'Perfil de pasajero' }).waitFor();
    await page.getByLabel('Teléfono', { exact: true }).fill('912 345 678');
    await page.getByRole('button', { name: 'Mostrar contacto de emergencia' }).click();
    await page.getByLabel('Nombre del contacto').fill('Juan Ríos');
    await page.getByLabel('Teléfono del contacto').fill('12345');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Ingresa un celular peruano de 9 dígitos que empiece con 9.').waitFor();
    await screenshot(page, 'passenger-profile-error');
    await page.getByLabel('Teléfono del contacto').fill('998 877 665');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Perfil actualizado').waitFor();
    await page.getByText('Juan Ríos · 998 877 665').waitFor();
    const summary = page.getByRole('region', { name: 'Perfil de pasajero' });
    expect(await summary.getByText('912 345 678').count()).toBe(1);
    // A new number is an unverified one: "Verifica tu celular" offers to send it a code.
    const verification = page.getByRole('region', { name: 'Verifica tu celular' });
    await verification.getByRole('button', { name: 'Enviar código' }).waitFor();
    expect(await verification.getByText('912 345 678').count()).toBe(1);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'passenger-profile-saved');
    // It stays saved after a reload.
    await page.reload();
    await page.getByText('Juan Ríos · 998 877 665').waitFor();
  });

  it('adds a saved place, picks it as origin in the request wizard, and deletes it', async () => {
    await page.getByRole('tab', { name: 'Ubicaciones' }).click();
    await page.getByText('Av. Larco 1150, Miraflores').waitFor();
    await page.getByRole('button', { name: 'Agregar nueva ubicación' }).click();
    const form = page.getByRole('form', { name: 'Nueva ubicación' });
    await form.getByLabel('Nombre').fill('Universidad');
    await form.getByLabel('Dirección').fill('Av. Universitaria 1801, San Miguel');
    await form.getByLabel('Latitud').fill('-12.0694');
    await form.getByLabel('Longitud').fill('-77.0795');
    await screenshot(page, 'passenger-places-form');
    await form.getByRole('button', { name: 'Agregar ubicación' }).click();
    await page.getByText('Av. Universitaria 1801, San Miguel').waitFor();
    expect(await form.count()).toBe(0);
    expect(await page.locator('.pw-place-row').count()).toBe(3);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'passenger-places');

    // The new place is a one-tap origin in the request wizard.
    await page.goto('/passenger/trip-request');
    const sheet = requestSheet(page);
    await sheet
      .getByRole('list', { name: 'Ubicaciones guardadas' })
      .getByRole('button', { name: 'Universidad' })
      .click();
    await expect.poll(() => sheet.getByRole('combobox').inputValue()).toBe('Av. Universitaria 1801, San Miguel');
    await page.locator('.jala-pin--origin[title="Origen"]').waitFor();
    await screenshot(page, 'passenger-places-in-wizard');

    await page.goto('/passenger/profile');
    await page.getByRole('tab', { name: 'Ubicaciones' }).click();
    await page.getByRole('button', { name: 'Eliminar Universidad' }).click();
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect.poll(() => page.locator('.pw-place-row').count()).toBe(2);
    await page.reload();
    await page.getByText('Av. Larco 1150, Miraflores').waitFor();
    expect(await page.getByText('Universidad').count()).toBe(0);
  });

  it('pages through the history with each filter', async () => {
    await page.goto('/passenger/trip-history');
    await expect.poll(() => destinations(page)).toEqual(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);
    await page.getByText('Página 1 de 2').waitFor();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'passenger-history');
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await expect.poll(() => destinations(page)).toEqual(['Aeropuerto Jorge Chávez, Callao']);

    const expectations: [string, string[], string | null][] = [
      ['Todos', ['Barranco, Puente de los Suspiros', 'Jockey Plaza, Santiago de Surco'], 'Página 1 de 4'],
      ['Por ti', ['Barranco, Puente de los Suspiros', 'Plaza San Martín, Cercado de Lima'], null],
      ['Por conductor', ['Estadio Nacional, Lima'], null],
      ['Por sistema', ['Parque de la Reserva, Lima'], null],
      ['Completados', ['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores'], 'Página 1 de 2'],
    ];
    for (const [pill, expected, pager] of expectations) {
      await page.getByRole('button', { name: pill, exact: true }).click();
      await expect.poll(() => destinations(page)).toEqual(expected);
      if (pager) await page.getByText(pager).waitFor();
      else expect(await page.getByText(/^Página \d+ de \d+$/).count()).toBe(0);
    }
    await page.getByRole('button', { name: 'Todos', exact: true }).click();
    await page.getByText('Página 1 de 4').waitFor();
    for (const [pageNumber, expected] of [
      [2, ['Parque de la Reserva, Lima', 'Estadio Nacional, Lima']],
      [3, ['Larcomar, Miraflores', 'Plaza San Martín, Cercado de Lima']],
      [4, ['Aeropuerto Jorge Chávez, Callao']],
    ] as const) {
      await page.getByRole('button', { name: 'Página siguiente' }).click();
      await page.getByText(`Página ${pageNumber} de 4`).waitFor();
      await expect.poll(() => destinations(page)).toEqual(expected);
    }
    await screenshot(page, 'passenger-history-all-last-page');
  });

  it('rates a completed trip once from its detail sheet', async () => {
    await page.getByRole('button', { name: 'Completados', exact: true }).click();
    await expect.poll(() => destinations(page)).toEqual(['Jockey Plaza, Santiago de Surco', 'Larcomar, Miraflores']);
    await page.locator('[data-testid="trip-card"]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Detalle del viaje' });
    await dialog.getByText('¿Cómo fue tu viaje con Jorge Vargas?').waitFor();
    await animationsSettled(page); // the sheet's slide-in
    await screenshot(page, 'passenger-trip-detail');
    await dialog.getByLabel('5 estrellas').check({ force: true });
    await dialog.getByLabel('Comentario (opcional)').fill('Excelente servicio');
    await animationsSettled(page); // the sheet's slide-in
    await screenshot(page, 'passenger-rating-form');
    await dialog.getByRole('button', { name: 'Enviar calificación' }).click();
    await dialog.getByText('Tu calificación para Jorge Vargas').waitFor();
    await screenshot(page, 'passenger-rating-done');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect
      .poll(() =>
        page
          .locator('[data-testid="trip-card"]')
          .first()
          .getByText(/Califica a tu conductor/)
          .count(),
      )
      .toBe(0);

    // Rating twice is refused by the server.
    const token = await page.evaluate(() => localStorage.getItem('jala_token'));
    const again = await page.request.post(`/api/trips/${seed.carla.tripIds.completed[2]}/rating`, {
      headers: { authorization: `Bearer ${token}` },
      data: { score: 1 },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe('Ya calificaste este viaje.');
  });
});
