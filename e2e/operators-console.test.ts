/**
 * The operators' console through the UI, with the driver on another phone: a driver uploads the five
 * documents from the profile (camera/file input) and sends them; an operator approves in the console's
 * queue (documents side by side) and the driver then receives a request. Another driver is rejected with
 * a reason, reads it in the app, uploads again and is back in the queue. Screenshots at 360×740 and 1280×800.
 */
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS } from '@jala/contracts';
import { schema } from '@jala/db';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { api, signUp } from './support/api';
import { baseUrl, BROWSER_WAIT_MS, phoneContext, screenshot, uniqueEmail } from './support/browser';
import { loginViaUi, openProfileMenu } from './support/session';
import { useBrowserSuite } from './support/suite';

const FUTURE = '2030-06-30';

/** A photo per document, different colours so the console shows five distinct pictures. */
async function photo(index: number): Promise<Buffer> {
  const colours = [
    [31, 79, 216],
    [18, 161, 80],
    [255, 176, 32],
    [217, 45, 32],
    [100, 116, 139],
  ] as const;
  const [r, g, b] = colours[index % colours.length]!;
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
}

/** On the driver's phone: 'Documentos' tab, a photo in every slot, the SOAT date, 'Enviar a revisión'. */
async function uploadDocumentsViaUi(
  page: Page,
  kinds: readonly (typeof DOCUMENT_KINDS)[number][] = DOCUMENT_KINDS,
): Promise<void> {
  await page.goto('/driver/profile?tab=documentos');
  for (const kind of kinds) {
    const slot = page.locator('.doc-slot').filter({ hasText: DOCUMENT_KIND_LABELS[kind] });
    await slot.locator('input[type="file"]').setInputFiles({
      name: `${kind}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await photo(DOCUMENT_KINDS.indexOf(kind)),
    });
    await slot.locator('img').waitFor();
  }
  await page.getByLabel('Fecha de vencimiento del SOAT').fill(FUTURE);
  await page.getByRole('button', { name: 'Enviar a revisión' }).click();
  await page.getByText('Documentos enviados a revisión').waitFor();
}

async function openConsole(page: Page, section?: string): Promise<void> {
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Consola de operadores' }).click();
  await page.waitForURL('**/operators');
  if (section)
    await page
      .getByRole('navigation', { name: 'Secciones de la consola' })
      .getByRole('button', { name: section })
      .click();
}

const queuedCard = (page: Page, name: string) => page.getByRole('article', { name });

describe('operators console: verify drivers with evidence', () => {
  const suite = useBrowserSuite();

  it('an operator approves a driver who uploaded on another phone; the driver then receives a request', async () => {
    const operator = await createUser(suite.database.db, {
      isAdmin: true,
      firstName: 'Olga',
      lastName: 'Operadora',
      email: uniqueEmail('operadora'),
    });
    const { user: driver } = await createDriver(suite.database.db, {
      user: { firstName: 'Wilfredo', lastName: 'Huamán Quispe de la Cruz' },
      profile: { verificationStatus: 'pending_verification' },
    });
    const driverContext = await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY });
    const operatorContext = await phoneContext(suite.browser);
    const driverPhone = await driverContext.newPage();
    const operatorPhone = await operatorContext.newPage();
    try {
      await loginViaUi(driverPhone, driver.email, FACTORY_PASSWORD);
      await uploadDocumentsViaUi(driverPhone);
      await screenshot(driverPhone, 'operators-driver-documents-sent-360');

      await loginViaUi(operatorPhone, operator.email, FACTORY_PASSWORD);
      await openConsole(operatorPhone);
      const card = queuedCard(operatorPhone, 'Wilfredo Huamán Quispe de la Cruz');
      await card.waitFor();
      await expect.poll(() => card.locator('img').count()).toBe(5);
      const overflow = await operatorPhone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'the console fits 360 px').toBeLessThanOrEqual(0);
      await screenshot(operatorPhone, 'operators-queue-360');
      await card.getByRole('button', { name: 'Aprobar conductor' }).click();
      // Approved, the driver leaves the queue (which other files' drivers may still be waiting in).
      await card.waitFor({ state: 'detached' });
      // The driver's phone, still on 'Documentos', shows the decision without a reload, where 'sent' was.
      await driverPhone
        .getByRole('status')
        .filter({ hasText: 'Un operador aprobó tus documentos: ya puedes recibir solicitudes.' })
        .waitFor();
      expect(await driverPhone.getByText('Documentos enviados a revisión').count()).toBe(0);
      await screenshot(driverPhone, 'operators-driver-approved-live-360');

      // A passenger asks for a ride at Parque Kennedy; the approved driver sees it on their phone.
      const passenger = await signUp({
        first_name: 'Carmen',
        last_name: 'Rojas',
        email: uniqueEmail('pasajera'),
        phone: '987654321',
        password: 'secreto123',
        user_type: 'passenger',
      });
      const trip = await api<{ id: number }>('POST', '/trips', passenger.data.token, {
        pickup_latitude: PARQUE_KENNEDY.latitude,
        pickup_longitude: PARQUE_KENNEDY.longitude,
        pickup_address: 'Parque Kennedy, Miraflores',
        destination_latitude: -12.0859,
        destination_longitude: -76.9773,
        destination_address: 'Jockey Plaza, Surco',
        service_type_id: 2,
      });
      expect(trip.status).toBe(201);
      await driverPhone.goto('/driver/trip-request');
      await driverPhone.getByRole('article', { name: 'Solicitud de Carmen Rojas' }).waitFor();
      await screenshot(driverPhone, 'operators-approved-driver-receives-request-360');

      // The operator finds the trip, reads its story and cancels it; the driver's list drops it.
      await openConsole(operatorPhone, 'Viajes');
      await operatorPhone
        .getByRole('button', { name: /^TRIP-/ })
        .first()
        .waitFor();
      await operatorPhone.getByLabel('Buscar').fill('Carmen Rojas');
      await operatorPhone.getByRole('button', { name: 'Buscar', exact: true }).click();
      await operatorPhone
        .getByRole('button', { name: /^TRIP-/ })
        .first()
        .click();
      await operatorPhone.getByRole('heading', { name: /^Viaje TRIP-/ }).waitFor();
      await operatorPhone
        .getByLabel('Motivo de la cancelación (se avisa al pasajero y al conductor)')
        .fill('Solicitud de prueba duplicada.');
      await operatorPhone.getByRole('button', { name: 'Cancelar viaje' }).click();
      await operatorPhone.getByText('Viaje cancelado. Se avisó al pasajero y al conductor.').waitFor();
      await operatorPhone
        .getByText('Cancelado por un operador: Solicitud de prueba duplicada.')
        .scrollIntoViewIfNeeded();
      await screenshot(operatorPhone, 'operators-trip-cancelled-360');
      await driverPhone.getByRole('article', { name: 'Solicitud de Carmen Rojas' }).waitFor({ state: 'detached' });

      // An SOS on that trip (as the safety feature stores it) is raised in the console the operator has open on
      // another section, within a live snapshot or two; 'Ver alertas' leads to it, and it is resolved with a note.
      await suite.database.db.insert(schema.safetyAlerts).values({
        tripId: trip.data.id,
        userId: driver.id,
        role: 'driver',
        latitude: '-12.121100',
        longitude: '-77.029700',
      });
      const raised = operatorPhone
        .getByRole('alert')
        .filter({ hasText: 'Nueva alerta SOS: alguien pidió ayuda durante un viaje.' });
      await raised.waitFor();
      await screenshot(operatorPhone, 'operators-sos-raised-360');
      await raised.getByRole('button', { name: 'Ver alertas' }).click();
      const sos = operatorPhone
        .getByRole('article')
        .filter({ hasText: 'SOS de Wilfredo Huamán Quispe de la Cruz (conductor)' });
      await sos.waitFor();
      expect(
        await operatorPhone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(operatorPhone, 'operators-sos-360');
      await sos.getByLabel('Cómo se resolvió').fill('Llamamos al conductor: todo en orden.');
      await sos.getByRole('button', { name: 'Marcar resuelta' }).click();
      // It leaves the open list (other tests' alerts, such as the safety test's or the sweep's, may stay).
      await sos.waitFor({ state: 'detached' });

      await openConsole(operatorPhone, 'Usuarios');
      await operatorPhone.getByLabel('Buscar usuario').fill('Wilfredo');
      await operatorPhone.getByRole('button', { name: 'Buscar', exact: true }).click();
      await operatorPhone.getByRole('heading', { name: 'Wilfredo Huamán Quispe de la Cruz' }).waitFor();
      await screenshot(operatorPhone, 'operators-users-360');
    } finally {
      await driverContext.close();
      await operatorContext.close();
    }
  });

  it('a rejection with a reason is read by the driver, who uploads again and returns to the queue; the console at 1280×800', async () => {
    const operator = await createUser(suite.database.db, {
      isAdmin: true,
      firstName: 'Olga',
      lastName: 'Operadora',
      email: uniqueEmail('operadora'),
    });
    const { user: driver } = await createDriver(suite.database.db, {
      user: { firstName: 'Rosa', lastName: 'Mamani' },
      profile: { verificationStatus: 'pending_verification' },
    });
    const driverContext = await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY });
    const desktop = await suite.browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'es-PE',
      timezoneId: 'America/Lima',
      baseURL: baseUrl(),
    });
    desktop.setDefaultTimeout(BROWSER_WAIT_MS);
    const driverPhone = await driverContext.newPage();
    const console1280 = await desktop.newPage();
    try {
      await loginViaUi(driverPhone, driver.email, FACTORY_PASSWORD);
      await uploadDocumentsViaUi(driverPhone);

      await loginViaUi(console1280, operator.email, FACTORY_PASSWORD);
      await openConsole(console1280);
      const card = queuedCard(console1280, 'Rosa Mamani');
      await card.waitFor();
      await expect.poll(() => card.locator('img').count()).toBe(5);
      await screenshot(console1280, 'operators-queue-1280');
      const reason = 'La foto del SOAT está borrosa; tómala de nuevo con buena luz.';
      await card.getByLabel('Motivo del rechazo (lo leerá el conductor)').fill(reason);
      await card.getByRole('button', { name: 'Rechazar' }).click();
      await card.waitFor({ state: 'detached' });

      await driverPhone.goto('/driver/profile?tab=documentos');
      await driverPhone.getByText(`Motivo: ${reason}`).waitFor();
      await screenshot(driverPhone, 'operators-driver-reads-rejection-360');
      await uploadDocumentsViaUi(driverPhone, ['soat']);

      await console1280.reload();
      await queuedCard(console1280, 'Rosa Mamani').waitFor();

      // The rest of the console on a desktop: audit log, live city, trips.
      await openConsole(console1280, 'Auditoría');
      await console1280.getByText('Documentos rechazados').first().waitFor();
      await screenshot(console1280, 'operators-audit-1280');
      await openConsole(console1280, 'En vivo');
      await console1280.getByText('autos en línea').waitFor();
      await screenshot(console1280, 'operators-live-1280');
      await openConsole(console1280, 'Viajes');
      await console1280.getByRole('search').waitFor();
      await screenshot(console1280, 'operators-trips-1280');
    } finally {
      await driverContext.close();
      await desktop.close();
    }
  });

  it('a suspended passenger is logged out and reads the reason at login', async () => {
    const operator = await createUser(suite.database.db, {
      isAdmin: true,
      firstName: 'Olga',
      lastName: 'Operadora',
      email: uniqueEmail('operadora'),
    });
    const passenger = await createUser(suite.database.db, {
      firstName: 'Ignacio',
      lastName: 'Paredes',
      email: uniqueEmail('pasajero'),
    });
    const passengerContext = await phoneContext(suite.browser);
    const operatorContext = await phoneContext(suite.browser);
    const passengerPhone = await passengerContext.newPage();
    const operatorPhone = await operatorContext.newPage();
    try {
      await loginViaUi(passengerPhone, passenger.email, FACTORY_PASSWORD);
      await loginViaUi(operatorPhone, operator.email, FACTORY_PASSWORD);
      await openConsole(operatorPhone, 'Usuarios');
      await operatorPhone.getByLabel('Buscar usuario').fill(passenger.email);
      await operatorPhone.getByRole('button', { name: 'Buscar', exact: true }).click();
      const card = operatorPhone.getByRole('article').filter({ hasText: 'Ignacio Paredes' });
      const reason = 'Cancelaciones abusivas repetidas; escríbenos a soporte.';
      await card.getByLabel('Motivo de la suspensión (lo verá al intentar entrar)').fill(reason);
      await card.getByRole('button', { name: 'Suspender' }).click();
      await card.getByText(/^Suspendido desde/).waitFor();

      // The passenger's session is gone: the next request sends the phone to the login page.
      await passengerPhone.reload();
      await passengerPhone.waitForURL('**/login');
      await passengerPhone.locator('input[name="email"]').fill(passenger.email);
      await passengerPhone.locator('input[name="password"]').fill(FACTORY_PASSWORD);
      await passengerPhone.locator('form button[type="submit"]').click();
      await passengerPhone.getByText(`Tu cuenta está suspendida: ${reason}`).waitFor();
      await screenshot(passengerPhone, 'operators-suspended-login-360');
    } finally {
      await passengerContext.close();
      await operatorContext.close();
    }
  });
});
