/**
 * 'Saldo con Jala' in Chromium at 360×740, against its own product process (PostgreSQL) with a 10 % platform
 * fee and a floor of S/ -5.00: a driver completes two trips (the second with 'Finalizar viaje'), their
 * balance goes below the floor, offers are refused with the Spanish message and the amount, and the requests
 * page and dashboard say it before any tap; an operator records a Yape top-up in the console; the driver
 * takes requests again, and the ledger adds up to the céntimo. Screenshots: e2e/screenshots/driver-ledger-*.png.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type DatabaseHandle, eq, openDatabase, schema } from '@jala/db';
import { formatSoles, TOKEN_STORAGE_KEY } from '@jala/domain';
import { JOCKEY_PLAZA, PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SIGN_UP_CONSENT } from './support/api';
import { animationsSettled, launchBrowser, phoneContext, SCREENSHOT_DIR, shotsInto } from './support/browser';
import { freePort, repoRoot, waitForHealth } from './support/server-process';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const shot = shotsInto(SCREENSHOT_DIR);
const FLOOR_MESSAGE = (amount: number) =>
  `Recarga tu saldo para recibir solicitudes: te faltan ${formatSoles(amount)}.`;

describe("'Saldo con Jala' with a fee and a floor, in the browser", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'jala-ledger-'));
  const dbName = `jala_ledger_e2e_${Date.now()}`;
  let product: ChildProcess;
  let base: string;
  let browser: Browser;
  let database: DatabaseHandle;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { REDIS_URL: _redis, ...inherited } = process.env;
    product = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PLATFORM_FEE_PERCENT: '10',
        DRIVER_MIN_BALANCE: '-5',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(base, product);
    [browser, database] = await Promise.all([
      launchBrowser(),
      openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await database?.close();
    if (product && product.exitCode === null) {
      product.kill('SIGTERM');
      await new Promise((resolve) => product.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
  });

  async function call<T>(method: string, path: string, token: string | null, body?: unknown) {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as { data: T; message: string; code?: string };
    return { status: response.status, ...envelope };
  }
  const tokenOf = async (email: string) =>
    (await call<{ token: string }>('POST', '/auth/login', null, { email, password: FACTORY_PASSWORD })).data.token;

  async function phone(email: string, geolocation = PARQUE_KENNEDY): Promise<Page> {
    const context = await phoneContext(browser, { baseURL: base, geolocation });
    const token = await tokenOf(email);
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      TOKEN_STORAGE_KEY,
      token,
    ] as const);
    return context.newPage();
  }

  /** A published request at `price` from a fresh passenger. */
  async function publishedRequest(price: number) {
    const { token } = (
      await call<{ token: string }>('POST', '/auth/register', null, {
        first_name: 'Lucía',
        last_name: 'Rojas',
        email: `pasajera-${Date.now()}-${Math.random().toString(36).slice(2)}@correo.pe`,
        phone: '987654321',
        password: 'una-clave-segura-1',
        user_type: 'passenger',
        ...SIGN_UP_CONSENT,
      })
    ).data;
    const trip = await call<{ id: number }>('POST', '/trips', token, {
      pickup_latitude: PARQUE_KENNEDY.latitude,
      pickup_longitude: PARQUE_KENNEDY.longitude,
      pickup_address: 'Parque Kennedy, Miraflores',
      destination_latitude: JOCKEY_PLAZA.latitude,
      destination_longitude: JOCKEY_PLAZA.longitude,
      destination_address: 'Jockey Plaza, Surco',
      service_type_id: 2,
      offer_price: price,
    });
    expect(trip.status).toBe(201);
    expect((await call('POST', `/trips/${trip.data.id}/publish`, token)).status).toBe(200);
    return { tripId: trip.data.id, passengerToken: token };
  }

  /** The driver's offer accepted and the trip driven to 'En curso' through the API. */
  async function startTrip(driver: { id: number; token: string }, request: { tripId: number; passengerToken: string }) {
    const { tripId, passengerToken } = request;
    expect(
      (await call('POST', '/drivers/trips/accept', passengerToken, { trip_id: tripId, driver_id: driver.id })).status,
    ).toBe(200);
    expect((await call('PUT', `/driver/trips/${tripId}/status`, driver.token, { status: 'en_route' })).status).toBe(
      200,
    );
    expect(
      (await call('PUT', `/driver/trips/${tripId}/status`, driver.token, { status: 'arrived', ...PARQUE_KENNEDY }))
        .status,
    ).toBe(200);
    const code = (await call<{ start_code: string }>('GET', '/trips/active', passengerToken)).data.start_code;
    expect(
      (await call('PUT', `/driver/trips/${tripId}/status`, driver.token, { status: 'in_progress', start_code: code }))
        .status,
    ).toBe(200);
  }

  it('goes below the floor, is refused, is topped up by an operator and takes requests again', async () => {
    const db = database.db;
    const { user } = await createDriver(db, { user: { firstName: 'Rubén', lastName: 'Quispe Mamani' } });
    const operatorUser = await createUser(db, { isAdmin: true, firstName: 'Olga', lastName: 'Operadora' });
    const driver = { id: user.id, token: await tokenOf(user.email) };

    // Trip 1 at S/ 30.55 (fee 3.055 → S/ 3.06), all through the API: balance -3.06, still above -5.00.
    const first = await publishedRequest(30.55);
    expect(
      (await call('POST', '/driver/trips/accept', driver.token, { trip_request_id: first.tripId, ...PARQUE_KENNEDY }))
        .status,
    ).toBe(201);
    await startTrip(driver, first);
    const done = await call('POST', '/driver/trips/complete', driver.token, {
      trip_id: first.tripId,
      final_latitude: JOCKEY_PLAZA.latitude,
      final_longitude: JOCKEY_PLAZA.longitude,
    });
    expect(done.status).toBe(200);

    // Trip 2 at S/ 27.45 (fee 2.745 → S/ 2.75): offered from the requests page, finished with 'Finalizar viaje'.
    const driverPage = await phone(user.email);
    const second = await publishedRequest(27.45);
    await driverPage.goto('/driver/trip-request');
    await driverPage.getByRole('button', { name: 'Aceptar' }).first().click();
    await driverPage
      .getByText(/Oferta enviada|Esperando/)
      .first()
      .waitFor();
    await startTrip(driver, second);
    await driverPage.context().setGeolocation(JOCKEY_PLAZA);
    await driverPage.goto('/driver/active-trip');
    await driverPage.getByRole('button', { name: 'Finalizar viaje' }).click();
    await driverPage.getByText('¡Viaje completado con éxito!').waitFor();

    // -3.06 - 2.75 = -5.81: S/ 0.81 under the floor. The requests page says so where the requests would be.
    await driverPage.context().setGeolocation(PARQUE_KENNEDY);
    const third = await publishedRequest(22);
    await driverPage.goto('/driver/trip-request');
    const refusal = driverPage.getByRole('alert').filter({ hasText: 'Recarga tu saldo' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(FLOOR_MESSAGE(0.81));
    await shot(driverPage, 'driver-ledger-1-requests-refused');
    const offer = await call('POST', '/driver/trips/accept', driver.token, {
      trip_request_id: third.tripId,
      ...PARQUE_KENNEDY,
    });
    expect(offer).toMatchObject({ status: 409, code: 'BALANCE_TOO_LOW', message: FLOOR_MESSAGE(0.81) });

    await driverPage.goto('/driver/dashboard');
    const notice = driverPage.getByTestId('balance-floor-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(FLOOR_MESSAGE(0.81));
    await shot(driverPage, 'driver-ledger-2-dashboard-notice');

    // The operator records the driver's Yape payment of S/ 10.00.
    const operatorPage = await phone(operatorUser.email);
    await operatorPage.goto('/operators?seccion=usuarios');
    await operatorPage.getByLabel('Buscar usuario por nombre, correo o teléfono').fill('Rubén');
    await operatorPage.getByRole('button', { name: 'Buscar' }).click();
    await operatorPage.getByRole('button', { name: 'Saldo con Jala' }).click();
    const form = operatorPage.getByRole('form', { name: 'Registrar recarga' });
    await form.getByLabel('Número de operación Yape').fill('04512345');
    await form.getByLabel('Monto (S/)').fill('10');
    await form.scrollIntoViewIfNeeded();
    await shot(operatorPage, 'driver-ledger-3-operator-top-up');
    await form.getByRole('button', { name: 'Registrar recarga' }).click();
    await operatorPage.getByText('Recarga registrada.').waitFor();
    await operatorPage
      .getByTestId('ledger-balance')
      .filter({ hasText: formatSoles(4.19) })
      .waitFor();
    // The same operation number again is refused in Spanish.
    await form.getByLabel('Número de operación Yape').fill('04512345');
    await form.getByLabel('Monto (S/)').fill('10');
    await form.getByRole('button', { name: 'Registrar recarga' }).click();
    await form
      .getByText('Esa operación de Yape ya fue registrada como recarga. Revisa el número de operación.')
      .waitFor();

    // The driver takes requests again: the refused request is offered on from the list.
    await driverPage.goto('/driver/trip-request');
    await driverPage.getByRole('button', { name: 'Aceptar' }).first().click();
    await driverPage
      .getByText(/Oferta enviada|Esperando/)
      .first()
      .waitFor();
    const offers = await call<{ driver_id: number }[]>(
      'GET',
      `/trips/${third.tripId}/driver-offers`,
      third.passengerToken,
    );
    expect(offers.data.map((o) => o.driver_id)).toContain(driver.id);

    // The ledger adds up to the céntimo: -3.06 - 2.75 + 10.00 = 4.19.
    await driverPage.goto('/driver/saldo');
    await driverPage
      .getByTestId('ledger-balance')
      .filter({ hasText: formatSoles(4.19) })
      .waitFor();
    const rows = await driverPage.getByTestId('ledger-entry').allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(`+${formatSoles(10)}`);
    expect(rows[1]).toContain(formatSoles(-2.75));
    expect(rows[2]).toContain(formatSoles(-3.06));
    const stored = await db
      .select()
      .from(schema.driverLedgerEntries)
      .where(eq(schema.driverLedgerEntries.driverId, driver.id));
    expect(stored.reduce((sum, row) => sum + row.amountCents, 0)).toBe(419);
    const trips = await db.select().from(schema.trips).where(eq(schema.trips.driverId, driver.id));
    expect(
      trips
        .filter((t) => t.status === 'completed')
        .map((t) => t.platformFeeCents)
        .sort(),
    ).toEqual([275, 306]);
    await animationsSettled(driverPage);
    await shot(driverPage, 'driver-ledger-4-balance');
  });
});
