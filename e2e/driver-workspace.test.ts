import { type DatabaseHandle, eq, schema, sql } from '@jala/db';
import { formatSoles, limaDateKey } from '@jala/domain';
import { createCompletedTrip, createUser } from '@jala/test-factories/database';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { animationsSettled, launchBrowser, phoneContext, screenshot } from './support/browser';
import { openE2eDatabase } from './support/database';
import { contentOverflow, outOfSight } from './support/phone-checks';
import { type NewAccount, registerViaUi } from './support/session';

const PROFILE_MESSAGES = [
  'Este campo es obligatorio.',
  'Fecha requerida.',
  'Ingresa un nombre.',
  'Número requerido.',
  'Debes especificar el radio.',
];

describe('driver workspace in Chromium at 360×740', () => {
  let browser: Browser;
  let database: DatabaseHandle;
  let context: BrowserContext;
  let page: Page;
  let account: NewAccount;
  const plate = `E2E-${String(Date.now()).slice(-4)}`;
  const license = `Q${String(Date.now()).slice(-8)}`;

  beforeAll(async () => {
    database = await openE2eDatabase();
    browser = await launchBrowser();
    context = await phoneContext(browser);
    page = await context.newPage();
    account = await registerViaUi(page, 'driver', { firstName: 'Julio' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await database?.close();
  });

  it('lands a new driver on the dashboard, which asks them to complete their profile', async () => {
    await page.waitForURL('**/driver/dashboard');
    await page.getByRole('heading', { name: 'Panel del Conductor' }).waitFor();
    await page.getByText('Monitorea tu progreso y maximiza tus ganancias').waitFor();
    await page.getByRole('heading', { name: 'Hoy: S/ 0.00' }).waitFor();
    await page.getByText('Completa tu perfil de conductor para empezar a recibir viajes.').waitFor();
    expect(await page.getByTestId('acceptance-rate').textContent()).toBe('—');
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-dashboard-new');
  });

  it('registers the profile, showing each required message first', async () => {
    // A new driver's profile page asks nothing about documents before the profile exists (no 409 in the console).
    const documentsAnswers: number[] = [];
    const onResponse = (response: Response) => {
      if (new URL(response.url()).pathname.startsWith('/api/driver/documents'))
        documentsAnswers.push(response.status());
    };
    page.on('response', onResponse);
    await page.getByRole('link', { name: /Completa tu perfil de conductor/ }).click();
    await page.getByRole('heading', { name: 'Bienvenido, registra tu perfil de conductor' }).waitFor();
    await page.getByRole('button', { name: 'Registrar perfil de conductor' }).click();
    for (const message of PROFILE_MESSAGES) await page.getByText(message).waitFor();
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-profile-required');

    await page.getByLabel('Número de licencia').fill(license);
    await page.getByLabel('Fecha de vencimiento de la licencia').fill('2030-06-30');
    await page.getByLabel('Nombre del contacto de emergencia').fill('Rosa Vargas');
    await page.getByLabel('Teléfono del contacto de emergencia').fill('912 345 678');
    await page.getByLabel('Radio de búsqueda (km)').fill('8');
    await page.getByRole('button', { name: 'Registrar perfil de conductor' }).click();
    await page.getByText('Perfil de conductor registrado. Espera la verificación de tus documentos.').waitFor();
    await page.getByRole('heading', { name: 'Editar Perfil' }).waitFor();
    await page.getByRole('button', { name: 'Guardar cambios' }).waitFor();
    await screenshot(page, 'driver-profile-saved');
    page.off('response', onResponse);
    expect(documentsAnswers.filter((status) => status >= 400)).toEqual([]);

    const [row] = await database.db
      .select()
      .from(schema.driverProfiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.driverProfiles.userId))
      .where(sql`lower(${schema.users.email}) = ${account.email.toLowerCase()}`);
    expect(row?.driver_profiles).toMatchObject({
      licenseNumber: license,
      searchRadiusKm: '8.0',
      emergencyContactPhone: '912345678',
      verificationStatus: 'pending_verification',
    });
  });

  it('marks the chosen payment methods unmistakably, keeps "Efectivo" on one line, and confirms beside the button', async () => {
    await page.goto('/driver/profile');
    const form = page.getByRole('form', { name: 'Métodos de pago' });
    const chip = (method: string) => form.getByTestId(`pay-chip-${method}`);
    const look = (method: string) =>
      chip(method).evaluate((el) => {
        const style = getComputedStyle(el);
        return { background: style.backgroundColor, color: style.color, border: style.borderColor };
      });
    await chip('cash').scrollIntoViewIfNeeded();
    // A new driver takes cash only: one chip chosen, two not, and they must not look alike.
    const chosen = await look('cash');
    const unchosen = await look('yape');
    expect(chosen.background).not.toBe(unchosen.background);
    expect(chosen.color).not.toBe(unchosen.color);
    expect(await look('plin')).toEqual(unchosen);
    // Each label on a single line at 360 px ('Efectiv' / 'o' was the bug), inside the screen.
    for (const method of ['cash', 'yape', 'plin']) {
      const lines = await chip(method).evaluate((el) => {
        const label = [...el.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        const range = document.createRange();
        if (label) range.selectNodeContents(label);
        return label ? range.getClientRects().length : 0;
      });
      expect(lines).toBe(1);
    }
    expect(await contentOverflow(page, 'main *')).toEqual([]);
    await screenshot(page, 'driver-payment-methods');

    await chip('yape').click();
    await chip('plin').click();
    expect(await look('yape')).toEqual(chosen);
    expect(await look('plin')).toEqual(chosen);
    await form.getByLabel('Celular de tu Yape o Plin').fill('987654321');
    const save = form.getByRole('button', { name: 'Guardar métodos de pago' });
    await save.click();
    const saved = form.getByText('Métodos de pago guardados.');
    await saved.waitFor();
    // The confirmation is where the driver is looking: on screen together with the button that saved.
    await expect.poll(async () => [await outOfSight(saved), await outOfSight(save)]).toEqual([null, null]);
    expect([await look('cash'), await look('yape'), await look('plin')]).toEqual([chosen, chosen, chosen]);
    await animationsSettled(page);
    await screenshot(page, 'driver-payment-methods-saved');
  });

  it('adds a vehicle (after seeing "Requerido") and edits its colour', async () => {
    await page.getByRole('tab', { name: 'Vehículos' }).click();
    await page.getByText(/Aún no registras vehículos/).waitFor();
    await page.getByRole('button', { name: 'Agregar vehículo' }).click();
    const form = page.getByRole('form', { name: 'Agregar vehículo' });
    await form.getByRole('button', { name: 'Agregar vehículo' }).click();
    await expect.poll(() => form.getByText('Requerido', { exact: true }).count()).toBe(5);
    expect(await form.getByLabel('Año').inputValue()).toBe(limaDateKey(new Date()).slice(0, 4));
    expect(await form.getByLabel('Pasajeros').inputValue()).toBe('2');
    await screenshot(page, 'driver-vehicle-required');

    await form.getByLabel('Tipo').selectOption('auto');
    await form.getByLabel('Marca').fill('Toyota');
    await form.getByLabel('Modelo').fill('Yaris');
    await form.getByLabel('Placa').fill(plate.toLowerCase());
    await form.getByLabel('Color').fill('Blanco');
    await form.getByLabel('Pasajeros').fill('4');
    await form.getByRole('button', { name: 'Agregar vehículo' }).click();
    await page.getByText('Vehículo agregado correctamente.').waitFor();
    const card = page.locator('.drv-vehicle').filter({ hasText: plate });
    await card.getByText('Activo').waitFor();
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-vehicles');

    await card.getByRole('button', { name: 'Editar' }).click();
    await card.getByLabel('Color').fill('Plata');
    await screenshot(page, 'driver-vehicle-edit');
    await card.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Vehículo actualizado correctamente.').waitFor();
    await card.getByText(/Plata/).waitFor();
  });

  it('finds its only active vehicle chosen, goes online with "Conectarse", then offline', async () => {
    await page.goto('/driver/status');
    await page.getByRole('heading', { name: 'Estado del Conductor' }).waitFor();
    await page.getByTestId('status-label').getByText('Desconectado').waitFor();
    await page.getByText('No verificados').waitFor();
    const selector = page.getByLabel('Vehículo activo:');
    await expect
      .poll(() => selector.locator('option').allTextContents())
      .toEqual(['Selecciona vehículo', `Toyota Yaris ${plate}`]);
    // Choosing is not connecting: the one active vehicle is already chosen and nothing was sent.
    await expect
      .poll(() => selector.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent))
      .toBe(`Toyota Yaris ${plate}`);
    await page.getByTestId('status-label').getByText('Desconectado').waitFor();
    await page.getByRole('button', { name: 'Conectarse' }).click();
    await page.getByText('Estás conectado. Recibirás solicitudes cuando verifiquemos tus documentos.').waitFor();
    await page.getByTestId('status-label').getByText('Conectado').waitFor();
    await page.getByRole('button', { name: 'Desconectarse' }).waitFor();
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await animationsSettled(page); // the toggle's colour transition
    await screenshot(page, 'driver-status-online');
    await page.getByRole('button', { name: 'Desconectarse' }).click();
    await page.getByText('Estás desconectado.').waitFor();
    await page.getByRole('button', { name: 'Conectarse' }).click();
    // Exact: 'Desconectado' contains 'conectado', and the log must be read after the third change.
    await page.getByTestId('status-label').getByText('Conectado', { exact: true }).waitFor();

    const log = await database.db
      .select()
      .from(schema.driverStatusLog)
      .innerJoin(schema.users, eq(schema.users.id, schema.driverStatusLog.driverId))
      .where(sql`lower(${schema.users.email}) = ${account.email.toLowerCase()}`);
    expect(log.map((r) => r.driver_status_log.status)).toEqual(['online', 'offline', 'online']);
  });

  it('shows earnings of completed trips on the dashboard and the earnings page', async () => {
    const [driver] = await database.db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = ${account.email.toLowerCase()}`);
    if (!driver) throw new Error('driver not found');
    const passenger = await createUser(database.db);
    const now = Date.now();
    await createCompletedTrip(database.db, {
      passengerId: passenger.id,
      driverId: driver.id,
      fareCents: 1850,
      completedAt: new Date(now - 60_000),
    });
    await createCompletedTrip(database.db, {
      passengerId: passenger.id,
      driverId: driver.id,
      fareCents: 2400,
      completedAt: new Date(now - 3 * 86_400_000),
    });

    await page.goto('/driver/dashboard');
    await page.getByRole('heading', { name: `Hoy: ${formatSoles(18.5)}` }).waitFor();
    expect(await page.getByTestId('today-trips').textContent()).toBe('1');
    await page.getByText('Estado del conductor').waitFor();
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-dashboard');

    await page.getByRole('link', { name: 'Consulta tus ingresos detallados' }).click();
    await page.getByRole('heading', { name: 'Mis Ganancias' }).waitFor();
    await page.getByTestId('total-earnings').getByText('S/ 42.50').waitFor();
    expect(await page.getByTestId('total-trips').textContent()).toBe('2');
    expect(await page.getByTestId('today-earnings').textContent()).toBe('S/\u00a018.50');
    expect(await page.getByTestId('week-earnings').textContent()).toBe('S/\u00a042.50');
    await page.getByRole('heading', { name: 'Historial 30 días' }).waitFor();
    const box = await page.locator('.drv-chart canvas').boundingBox();
    expect(box?.height).toBe(140);
    // The cards keep the page's 16 px margins on both sides (the canvas must not widen the column).
    const card = await page.locator('.drv-chart-card').boundingBox();
    expect(card?.x).toBe(16);
    expect((card?.x ?? 0) + (card?.width ?? 0)).toBe(344);
    await animationsSettled(page);
    expect(await contentOverflow(page, 'main *, nav *')).toEqual([]);
    await screenshot(page, 'driver-earnings');
  });
});
