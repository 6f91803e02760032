/**
 * The agreed trip, trustworthy under real conditions, on two phones side by side:
 * - the agreed price is what is charged: the driver asks for an adjustment, the passenger refuses one and
 *   accepts another, both read the same receipt, reachable again from the history;
 * - the live link heals itself: the server process is stopped and started again (same port, same
 *   database) mid-trip, both indicators come back to 'Online' without a tap, and a status change made
 *   before the phones reconnected shows up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { TOKEN_STORAGE_KEY } from '@jala/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { screenshot } from './support/browser';
import { phoneContext, requestSheet } from './support/browser';
import { freePort, repoRoot, waitForHealth } from './support/server-process';
import { openProfileMenu, registerViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';
import {
  agreeOnPrice,
  choosePlace,
  finishTripHere,
  passengerPhone,
  requestAuto,
  twoPhones,
  typeStartCode,
} from './support/two-phones';

const indicator = (page: Page) => page.getByTestId('connection-indicator');

describe('the agreed trip on two phones', () => {
  const suite = useBrowserSuite();

  it('the driver asks for adjustments, the passenger refuses one and accepts one; both read the receipt', async () => {
    const { passenger, driverPage, contexts } = await twoPhones(suite.browser, suite.database, {
      passenger: 'Lucía',
      driver: ['Pedro', 'Quispe'],
    });
    await requestAuto(passenger, '14');
    await agreeOnPrice(passenger, driverPage, 'Lucía');
    // The chat with the chosen driver stays open after the accept, on both phones, with names and an unread badge.
    await passenger.getByRole('region', { name: 'Tu conductor' }).waitFor();
    const driverChat = driverPage.getByRole('region', { name: 'Chat con Lucía Ccori' });
    await driverChat.getByRole('button', { name: /Chat con Lucía Ccori/ }).click();
    await driverChat.getByPlaceholder('Escribe un mensaje').fill('Estoy en un Kia Rio plateado');
    await driverChat.getByRole('button', { name: 'Enviar' }).click();
    const passengerChat = passenger.getByRole('region', { name: 'Chat con Pedro Quispe' });
    await passengerChat.getByTestId('chat-unread').getByText('1').waitFor();
    await passengerChat.scrollIntoViewIfNeeded();
    await screenshot(passenger, 'agreed-passenger-chat-unread');
    await passengerChat.getByRole('button', { name: /Chat con Pedro Quispe/ }).click();
    await passengerChat.getByText('Estoy en un Kia Rio plateado').waitFor();
    expect(await passengerChat.getByText('Pedro Quispe', { exact: true }).count()).toBe(1);
    expect(await passengerChat.getByTestId('chat-unread').count()).toBe(0);
    await passengerChat.getByPlaceholder('Escribe un mensaje').fill('Ya bajo');
    await passengerChat.getByRole('button', { name: 'Enviar' }).click();
    await driverChat.getByText('Ya bajo').waitFor();
    await screenshot(passenger, 'agreed-passenger-chat-open');

    for (const button of ['Ir al punto de recojo', 'Llegué al punto de recojo', 'Iniciar viaje']) {
      if (button === 'Iniciar viaje') await typeStartCode(driverPage, passenger);
      await driverPage.getByRole('button', { name: button }).click();
    }
    await driverPage.getByRole('button', { name: 'Finalizar viaje' }).waitFor();
    expect(await driverPage.getByTestId('binding-fare').textContent()).toBe('S/\u00a014.00');

    // First request: tolls, S/ 3.50. The passenger sees it live and refuses it.
    await driverPage.getByRole('button', { name: 'Pedir ajuste de tarifa' }).click();
    const form = driverPage.getByRole('form', { name: 'Ajuste de tarifa' });
    await form.getByLabel('Monto extra (S/)').fill('3.5');
    await form.getByLabel('Peajes').check();
    await form.getByLabel('Detalle (opcional)').fill('Peaje de la Vía Expresa Sur');
    await form.scrollIntoViewIfNeeded();
    await screenshot(driverPage, 'agreed-driver-adjustment-form');
    await form.getByRole('button', { name: 'Enviar ajuste al pasajero' }).click();
    await driverPage
      .getByText('Esperando respuesta del pasajero: +S/ 3.50 · Peajes (Peaje de la Vía Expresa Sur)')
      .waitFor();
    await screenshot(driverPage, 'agreed-driver-adjustment-pending');
    const prompt = passenger.getByTestId('fare-adjustment-prompt');
    await prompt.waitFor();
    await prompt.getByText('Si aceptas pagarás S/ 17.50 en vez de S/ 14.00.').waitFor();
    await screenshot(passenger, 'agreed-passenger-adjustment-prompt');
    await prompt.getByRole('button', { name: 'Rechazar' }).click();
    await prompt.waitFor({ state: 'detached' });
    await driverPage.getByText(/El pasajero rechazó el ajuste/).waitFor();
    expect(await driverPage.getByTestId('binding-fare').textContent()).toBe('S/\u00a014.00');
    await driverPage.getByTestId('fare-panel').scrollIntoViewIfNeeded();
    await screenshot(driverPage, 'agreed-driver-adjustment-refused');

    // Second request: waiting time, S/ 2.00. Accepted: the driver will charge S/ 16.00.
    await driverPage.getByRole('button', { name: 'Pedir ajuste de tarifa' }).click();
    await form.getByLabel('Monto extra (S/)').fill('2');
    await form.getByLabel('Tiempo de espera').check();
    await form.getByRole('button', { name: 'Enviar ajuste al pasajero' }).click();
    await prompt.getByRole('button', { name: 'Aceptar ajuste' }).click();
    await expect.poll(() => driverPage.getByTestId('binding-fare').textContent()).toBe('S/\u00a016.00');

    await finishTripHere(driverPage);
    await driverPage.getByText('¡Viaje completado con éxito!').waitFor();
    const driverReceipt = driverPage.getByTestId('trip-receipt');
    await driverReceipt.getByText('+S/ 2.00 · Tiempo de espera').waitFor();
    await passenger.getByRole('heading', { name: '¡Viaje completado!' }).waitFor();
    const receipt = passenger.getByTestId('trip-receipt');
    await receipt.getByText('Efectivo').waitFor();
    expect(await receipt.textContent()).toMatch(
      /Precio acordadoS\/\s14\.00.*\+S\/\s2\.00 · Tiempo de espera.*TotalS\/\s16\.00/,
    );
    expect(await receipt.textContent()).toContain('Pedro Quispe');
    await receipt.scrollIntoViewIfNeeded();
    await screenshot(passenger, 'agreed-passenger-receipt');
    await driverReceipt.scrollIntoViewIfNeeded();
    await screenshot(driverPage, 'agreed-driver-receipt');

    // The receipt stays reachable from the history.
    await passenger.goto('/passenger/trip-history');
    await passenger.getByTestId('trip-card').first().click();
    await passenger.getByRole('link', { name: 'Ver recibo' }).click();
    await passenger.waitForURL('**/trips/*/receipt');
    await passenger.getByTestId('trip-receipt').getByText('S/ 16.00').waitFor();
    await screenshot(passenger, 'agreed-passenger-receipt-page');
    for (const context of contexts) await context.close();
  });

  it('the request wizard survives the back button and a reload', async () => {
    const { context, page } = await passengerPhone(suite.browser, 'Julia');
    await page.goto('/passenger/trip-request');
    await choosePlace(page, 'Kennedy', /Parque Kennedy/);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.waitForURL('**/passenger/trip-request?paso=2');
    await choosePlace(page, 'Jockey', /Jockey Plaza/);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.waitForURL('**/passenger/trip-request?paso=3');
    await page.getByLabel('Tipo de servicio').selectOption({ label: 'Auto' });

    // A reload comes back to the same step with the same answers.
    await page.reload();
    await page.getByLabel('Tipo de servicio').waitFor();
    expect(await page.getByLabel('Tipo de servicio').inputValue()).toBe('2');
    await screenshot(page, 'wizard-after-reload');
    // Back steps back through the wizard, not out of it.
    await page.goBack();
    await page.waitForURL('**/passenger/trip-request?paso=2');
    await expect.poll(() => requestSheet(page).getByRole('combobox').inputValue()).toContain('Jockey');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/passenger/trip-request' && !url.search.includes('paso=2'));
    await expect.poll(() => requestSheet(page).getByRole('combobox').inputValue()).toContain('Kennedy');
    await screenshot(page, 'wizard-back-to-origin');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('Precio que ofreces (S/)').fill('18');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Confirmar Viaje' }).click();
    await page.waitForURL('**/passenger/active-trip');
    await context.close();
  });

  it('a typed address search does not know, plus a point tapped on the map, creates a trip', async () => {
    const { context, page } = await passengerPhone(suite.browser, 'Teresa');
    await page.goto('/passenger/trip-request');
    await requestSheet(page).getByRole('combobox').fill('Av. Arequipa 2500');
    await page.getByRole('button', { name: 'Usar «Av. Arequipa 2500» y marcar el punto en el mapa' }).click();
    await page
      .getByText('Dirección: «Av. Arequipa 2500». Toca el mapa o «Mi ubicación» para marcar el punto exacto.')
      .waitFor();
    await screenshot(page, 'typed-address-waiting-for-point');
    await page
      .locator('.leaflet-container')
      .first()
      .click({ position: { x: 180, y: 120 } });
    await expect.poll(() => requestSheet(page).getByRole('combobox').inputValue()).toBe('Av. Arequipa 2500');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await choosePlace(page, 'Jockey', /Jockey Plaza/);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('Tipo de servicio').selectOption({ label: 'Auto' });
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Confirmar Viaje' }).click();
    await page.waitForURL('**/passenger/active-trip');
    await page.getByTestId('trip-status').waitFor();
    await page.getByText('Av. Arequipa 2500').first().waitFor();
    await screenshot(page, 'typed-address-trip-created');
    await context.close();
  });

  it("a 'both' user switches mode from the profile menu and the choice is remembered", async () => {
    const context = await phoneContext(suite.browser);
    const page = await context.newPage();
    await registerViaUi(page, 'both', { firstName: 'Ramiro' });
    await page.goto('/passenger/dashboard');
    await openProfileMenu(page);
    await screenshot(page, 'both-mode-menu');
    await page.getByRole('menuitem', { name: 'Cambiar a modo conductor' }).click();
    await page.waitForURL('**/driver/dashboard');
    await page.goto('/dashboard');
    await page.waitForURL('**/driver/dashboard');
    await screenshot(page, 'both-mode-driver-dashboard');
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Cambiar a modo pasajero' }).click();
    await page.waitForURL('**/passenger/dashboard');
    await page.goto('/dashboard');
    await page.waitForURL('**/passenger/dashboard');
    await context.close();
  });

  describe('with a server process of its own, stopped and started again', () => {
    let child: ChildProcess | null = null;
    let port = 0;
    let dataDir = '';
    const start = async (): Promise<void> => {
      const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: inject('databaseUrl'),
          LOG_LEVEL: 'warn',
          AUTH_RATE_LIMIT_PER_MINUTE: '10000',
          TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child = proc;
      await waitForHealth(`http://127.0.0.1:${port}`, proc);
    };
    const stop = async (): Promise<void> => {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGKILL');
      await exited;
    };
    beforeAll(async () => {
      port = await freePort();
      dataDir = mkdtempSync(join(tmpdir(), 'jala-e2e-heal-'));
      await start();
    }, 90_000);
    afterAll(async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("both phones come back 'Online' within 15 s without a tap, and what changed meanwhile shows up", async () => {
      const baseURL = `http://127.0.0.1:${port}`;
      const { passenger, driverPage, contexts } = await twoPhones(
        suite.browser,
        suite.database,
        { passenger: 'Maribel', driver: ['Luis', 'Huamán'] },
        baseURL,
      );
      await requestAuto(passenger, '15');
      await agreeOnPrice(passenger, driverPage, 'Maribel');
      await passenger.getByRole('region', { name: 'Tu conductor' }).waitFor();
      await indicator(passenger).getByText('Jala Online').waitFor();
      await indicator(driverPage).getByText('Jala Online').waitFor();

      // The server dies long enough for both clients to give up (5 failed reconnects, spec §7).
      await stop();
      await indicator(passenger).getByText('Jala Off').waitFor();
      await indicator(driverPage).getByText('Jala Off').waitFor();
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      await screenshot(passenger, 'heal-passenger-offline');

      await start();
      const restartedAt = Date.now();
      // A change the phones cannot have been pushed: made before they are back.
      const token = await driverToken(driverPage);
      const tripId = await currentTripId(baseURL, token);
      const moved = await fetch(`${baseURL}/api/driver/trips/${tripId}/status`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'en_route' }),
      });
      expect(moved.status).toBe(200);

      await indicator(passenger).getByText('Jala Online').waitFor({ timeout: 15_000 });
      await indicator(driverPage).getByText('Jala Online').waitFor({ timeout: 15_000 });
      expect(Date.now() - restartedAt).toBeLessThan(15_000);
      await expect.poll(() => passenger.getByTestId('trip-status').textContent()).toBe('Conductor en camino');
      // The driver's phone refetches on reconnection; if its refetch raced ahead of the change, its 15 s poll catches it.
      await driverPage.getByRole('button', { name: 'Llegué al punto de recojo' }).waitFor();
      await screenshot(passenger, 'heal-passenger-back-online');
      await screenshot(driverPage, 'heal-driver-back-online');
      for (const context of contexts) await context.close();
    });
  });
});

/** The session token the driver's phone holds (the app keeps it in localStorage). */
async function driverToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
  if (!token) throw new Error('no session token on the driver phone');
  return token;
}

async function currentTripId(baseURL: string, token: string): Promise<number> {
  const response = await fetch(`${baseURL}/api/driver/trips/current`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { id: number } | null };
  if (response.status !== 200 || !body.data)
    throw new Error(`no current trip for the driver: ${response.status} ${JSON.stringify(body)}`);
  return body.data.id;
}
