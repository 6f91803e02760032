/**
 * Notifications in Chromium at 360×740, against the real product: the permission explanation
 * appears when a driver goes online and when a passenger's trip is published (never at load), a refusal
 * is explained in Spanish and the app keeps working; both profiles have the 'Notificaciones' section,
 * whose switches are the account's, stored by the server. Without a service worker at /sw.js (this
 * branch: the PWA work adds it) or a reachable push service, a real subscription cannot complete here:
 * the server side of delivery is tested in apps/server/test/notifications.
 */
import { TOKEN_STORAGE_KEY } from '@jala/domain';
import { JOCKEY_PLAZA, PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { api, signUp } from './support/api';
import { animationsSettled, phoneContext, screenshot, uniqueEmail } from './support/browser';
import { smallTapTargets } from './support/phone-checks';
import { loginViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const token = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);

describe('notifications on the phone', () => {
  it('a driver going online is asked, a refusal is explained, and the profile keeps the choices', async () => {
    const { user } = await createDriver(suite.database.db, {
      user: { email: uniqueEmail('push-driver'), firstName: 'Rosa' },
      profile: { driverStatus: 'offline' },
    });
    // No granted permissions: granting geolocation would make Playwright deny notifications before any ask.
    const context = await phoneContext(suite.browser, { geolocation: null });
    const page = await context.newPage();
    await loginViaUi(page, user.email, FACTORY_PASSWORD);
    await page.goto('/driver/status');
    await page.getByRole('button', { name: 'Conectarse' }).waitFor();
    // Nothing is asked before the driver goes online.
    expect(await page.getByText('Activa las notificaciones para no perder solicitudes').count()).toBe(0);
    await page.getByRole('button', { name: 'Conectarse' }).click();
    const prompt = page.getByRole('heading', { name: /Activa las notificaciones para no perder solicitudes/ });
    await prompt.waitFor();
    await animationsSettled(page);
    await screenshot(page, 'push-permission-driver');

    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    // Headless Chromium refuses the permission (nobody answers its prompt): the app says how to allow it.
    await page.getByRole('button', { name: 'Activar notificaciones' }).click();
    await page
      .getByText(/Bloqueaste las notificaciones de Jala/)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Activar notificaciones' }).count()).toBe(0);
    await screenshot(page, 'push-permission-denied');
    await page.getByRole('button', { name: 'Desconectarse' }).waitFor();

    await page.goto('/driver/profile');
    const section = page.getByRole('region', { name: 'Notificaciones' });
    await section.waitFor();
    const requests = section.getByRole('switch', { name: 'Solicitudes cercanas' });
    await expect.poll(() => requests.isChecked()).toBe(true);
    await section.getByText('Solicitudes cercanas').click();
    await expect.poll(() => requests.isChecked()).toBe(false);
    const saved = await api<Record<string, boolean>>('GET', '/notifications/preferences', await token(page));
    expect(saved.data).toMatchObject({ requests: false, chat: true, account: true });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'push-settings-driver');
    expect(await smallTapTargets(page)).toEqual([]);
    await context.close();
  });

  it('a passenger is asked once the trip is published, and has the same section in the profile', async () => {
    // No granted permissions: granting geolocation would make Playwright deny notifications before any ask.
    const context = await phoneContext(suite.browser, { geolocation: null });
    const page = await context.newPage();
    const email = uniqueEmail('push-pasajera');
    const registered = await signUp({
      first_name: 'Lucía',
      last_name: 'Quispe',
      email,
      phone: '987654321',
      password: FACTORY_PASSWORD,
      user_type: 'passenger',
    });
    expect(registered.status).toBe(201);
    await loginViaUi(page, email, FACTORY_PASSWORD);
    await page.goto('/passenger/profile');
    const section = page.getByRole('region', { name: 'Notificaciones' });
    await section.waitFor();
    await section.getByRole('switch', { name: 'Ofertas de conductores' }).waitFor();
    expect(await section.getByRole('switch', { name: 'Solicitudes cercanas' }).count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'push-settings-passenger');
    expect(await smallTapTargets(page)).toEqual([]);

    const trip = await api<{ id: number }>('POST', '/trips', registered.data.token, {
      pickup_latitude: PARQUE_KENNEDY.latitude,
      pickup_longitude: PARQUE_KENNEDY.longitude,
      pickup_address: 'Parque Kennedy, Miraflores',
      destination_latitude: JOCKEY_PLAZA.latitude,
      destination_longitude: JOCKEY_PLAZA.longitude,
      destination_address: 'Jockey Plaza, Surco',
      service_type_id: 2,
    });
    expect(trip.status).toBe(201);
    expect((await api('POST', `/trips/${trip.data.id}/publish`, registered.data.token)).status).toBe(200);
    await page.goto('/passenger/active-trip');
    const prompt = page.getByRole('heading', { name: /Activa las notificaciones para enterarte de las ofertas/ });
    await prompt.waitFor();
    await page
      .getByRole('button', { name: 'Ahora no' })
      .evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await animationsSettled(page);
    await screenshot(page, 'push-permission-passenger');
    await page.getByRole('button', { name: 'Ahora no' }).click();
    await prompt.waitFor({ state: 'detached' });
    await context.close();
  });
});
