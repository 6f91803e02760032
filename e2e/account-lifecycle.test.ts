/**
 * The account's lifecycle in Chromium at 360×740 against the built product: a passenger signed in on two
 * phones sees both in 'Sesiones abiertas' (this one marked) and ends the other phone's session, whose live
 * connection drops and whose next load lands on the login page; downloads their data as one JSON file; then
 * deletes the account with their password. The driver they rode with still finds the trip in 'Mis viajes',
 * the passenger now 'Usuario eliminado', and the old credentials no longer open anything.
 * Screenshots: e2e/screenshots/account-*.png.
 */
import { readFileSync } from 'node:fs';

import type { AccountExport } from '@jala/contracts';
import { createCompletedTrip, createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { api } from './support/api';
import { phoneContext, screenshot } from './support/browser';
import { loginViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe("the account's lifecycle on a phone", () => {
  const suite = useBrowserSuite();

  it('ends the other phone’s session, downloads the data, deletes the account; the driver sees “Usuario eliminado”', async () => {
    const db = suite.database.db;
    const passenger = await createUser(db, { firstName: 'Flor de María', lastName: 'Ticona', phone: '912300456' });
    const { user: driver, vehicle } = await createDriver(db, { user: { firstName: 'Eusebio', lastName: 'Mamani' } });
    const trip = await createCompletedTrip(db, {
      passengerId: passenger.id,
      driverId: driver.id,
      vehicleId: vehicle.id,
      fareCents: 2650,
      completedAt: new Date(),
      pickupAddress: 'Parque Kennedy, Miraflores',
      destinationAddress: 'Jockey Plaza, Santiago de Surco',
    });

    const android = await phoneContext(suite.browser, { userAgent: ANDROID });
    const iphone = await phoneContext(suite.browser, { userAgent: IPHONE });
    const driverPhone = await phoneContext(suite.browser);
    try {
      const mine = await android.newPage();
      const other = await iphone.newPage();
      await loginViaUi(other, passenger.email, FACTORY_PASSWORD);
      await other.getByTestId('connection-indicator').getByText('Jala Online').waitFor();
      await loginViaUi(mine, passenger.email, FACTORY_PASSWORD);

      // 'Sesiones abiertas' from the profile: this phone first and marked, the iPhone below it.
      await mine.goto('/passenger/profile');
      await mine.getByRole('link', { name: /Sesiones abiertas/ }).click();
      await mine.waitForURL('**/cuenta/sesiones');
      const cards = mine.getByTestId('session-card');
      await cards.filter({ hasText: 'Safari en iPhone' }).waitFor();
      await expect.poll(() => cards.count()).toBe(2);
      expect(await cards.first().innerText()).toMatch(/Chrome en Android\s+Este dispositivo/);
      await screenshot(mine, 'account-sessions');

      await mine.getByRole('button', { name: 'Cerrar sesión en Safari en iPhone' }).click();
      await mine.getByText('Sesión cerrada').waitFor();
      await expect.poll(() => cards.count()).toBe(1);
      // The iPhone's live connection was closed by the server and cannot come back with that session.
      await other.getByTestId('connection-indicator').getByText('Jala Off').waitFor();
      await other.reload();
      await other.waitForURL('**/login');
      await other.getByText('Tu sesión expiró. Inicia sesión de nuevo para continuar.').waitFor();
      await screenshot(other, 'account-session-ended-elsewhere');

      // 'Descargar mis datos': one JSON file with the passenger's own data.
      await mine.goto('/passenger/profile');
      const [download] = await Promise.all([
        mine.waitForEvent('download'),
        mine.getByRole('button', { name: /Descargar mis datos/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^jala-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as AccountExport;
      expect(exported.profile).toMatchObject({ email: passenger.email, phone: '912300456' });
      expect(exported.trips).toEqual([
        expect.objectContaining({
          id: trip.id,
          role: 'passenger',
          counterpart_first_name: 'Eusebio',
          final_fare: 26.5,
        }),
      ]);
      expect(JSON.stringify(exported)).not.toContain(driver.email);
      await mine.getByText('Listo: revisa tus descargas.').waitFor();

      // 'Eliminar mi cuenta': a wrong password first, then the right one.
      await mine.getByRole('link', { name: 'Eliminar mi cuenta' }).click();
      await mine.waitForURL('**/cuenta/eliminar');
      const password = mine.getByLabel('Escribe tu contraseña para confirmar');
      await password.fill('no-es-mi-clave');
      await mine.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
      await mine.getByText('La contraseña no es correcta.').waitFor();
      await screenshot(mine, 'account-delete-wrong-password');
      await password.fill(FACTORY_PASSWORD);
      await mine.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
      await mine.waitForURL('**/login');
      await mine.getByText('Eliminamos tu cuenta. Gracias por haber viajado con Jala.').waitFor();
      await screenshot(mine, 'account-deleted');
      const oldLogin = await api('POST', '/auth/login', null, { email: passenger.email, password: FACTORY_PASSWORD });
      expect(oldLogin.status).toBe(401);

      // The driver keeps the trip; the passenger is anonymous in it.
      const seen = await driverPhone.newPage();
      await loginViaUi(seen, driver.email, FACTORY_PASSWORD);
      await seen.goto('/driver/trips');
      const card = seen.locator('article, li').filter({ hasText: 'Pasajero: Usuario eliminado' }).first();
      await card.waitFor();
      expect(await card.innerText()).toContain('Jockey Plaza');
      expect(await seen.getByText('Flor de María').count()).toBe(0);
      await screenshot(seen, 'account-driver-sees-deleted');
    } finally {
      await android.close();
      await iphone.close();
      await driverPhone.close();
    }
  });
});
