/**
 * 'Indicadores' fills from real trips and says what happened, against a product process of its own (PostgreSQL):
 * the shared e2e server's figures count every file's trips, these count only the walk's. Two phones complete a
 * cash trip through the UI; through the API a passenger cancels with a reason after an offer, a driver gives up
 * at the pickup (the passenger's no-show), a Yape trip is completed, and a request far from every driver gets
 * no offer and expires. An operator then opens the console's 'Indicadores' on a phone (360×740) and at
 * 1280×800, period 'Hoy': the summary, every table behind the charts, the charts and the no-offer zone match the
 * walk and GET /api/admin/kpis. Screenshots: e2e/screenshots/operator-kpis-*.png.
 */
import { join } from 'node:path';

import type { Kpis } from '@jala/contracts';
import { type DatabaseHandle, openDatabase } from '@jala/db';
import { formatLimaDate, limaDateKey, limaDayStart, TOKEN_STORAGE_KEY } from '@jala/domain';
import { JOCKEY_PLAZA, PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser } from '@jala/test-factories/database';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { kpiTables } from '../apps/web/src/features/operator-kpis/model/kpi-tables';
import { apiAt } from './support/api';
import {
  animationsSettled,
  BROWSER_WAIT_MS,
  headerCollisions,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  shotsInto,
} from './support/browser';
import { type PostgresProduct, startProduct } from './support/product';
import { signedInPhone } from './support/signed-in-phone';
import { agreeOnPrice, finishTripHere, requestAuto, twoPhones, typeStartCode } from './support/two-phones';
import { acceptAndStart } from './support/yape-trip';

const shot = shotsInto(SCREENSHOT_DIR);
const DESKTOP = { width: 1280, height: 800 };

/**
 * A pending request nobody answers becomes 'cancelled_by_system' this long after it was made. Two minutes, not
 * one: the trip requested on the phones is pending too until its offer is accepted, and on a loaded machine
 * those taps must not race the clock.
 */
const EXPIRY_MINUTES = 2;
/** The marketplace's clock turns every 2 s (as on the shared e2e server), so the expiry is at most that late. */
const CLOCK_SECONDS = 2;

interface Point {
  latitude: number;
  longitude: number;
}

/** Far from every driver of the walk (who wait at Parque Kennedy, ~27 km away): nobody offers there. */
const VENTANILLA: Point = { latitude: -11.8778, longitude: -77.1275 };
const PLAZA_NORTE: Point = { latitude: -12.0067, longitude: -77.0586 };
/** Half the side of a cell of the no-offer map (0.009°): a cell's centre is this close to a pickup in it. */
const HALF_CELL = 0.0045;

/** The hour of day in Lima (0–23) at `instant`. */
const limaHour = (instant: Date) =>
  Math.floor((instant.getTime() - limaDayStart(limaDateKey(instant)).getTime()) / 3_600_000);

/** The reason the passenger gives (one of the app's own choices). */
const PASSENGER_REASON = 'Encontré otro transporte';

/** The same text as the screen shows it, spaces of any kind (no-break, narrow) made plain. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
/**
 * Without any spaces: Node and Chromium carry different ICU versions, which space '80 %' differently; the
 * digits and words are what must agree.
 */
const squeezed = (text: string) => text.replace(/\s+/g, '');

interface ShownTable {
  headers: string[];
  rows: string[][];
}

/** The table named `title` (its caption) as the screen shows it. */
async function shownTable(page: Page, title: string): Promise<ShownTable> {
  const table = page.getByRole('table', { name: title, exact: true });
  await table.waitFor();
  return table.evaluate((node: HTMLTableElement) => ({
    headers: [...(node.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent ?? ''),
    rows: [...(node.tBodies[0]?.rows ?? [])].map((row) => [...row.cells].map((cell) => cell.textContent ?? '')),
  }));
}

const plainRows = (table: ShownTable) => table.rows.map((row) => row.map(plain));
/** The rows' first cell → the second, for the tables of one figure per row. */
const figuresOf = (table: ShownTable) => new Map(plainRows(table).map((row) => [row[0], row[1]]));

/** The summary above the charts: label → figure. */
async function shownSummary(page: Page): Promise<Map<string, string>> {
  const stats = await page
    .getByLabel('Resumen del período')
    .locator('.ops-stat')
    .evaluateAll((nodes) =>
      nodes.map((node) => [node.querySelector('strong')?.textContent ?? '', node.textContent ?? ''] as const),
    );
  return new Map(stats.map(([figure, text]) => [plain(text.slice(figure.length)), plain(figure)]));
}

/** How many pixels of the canvas are the bars' colour (kpi-bar-chart.tsx): none on a chart never drawn. */
function barPixels(canvas: HTMLCanvasElement): number {
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] === 56 && data[i + 1] === 189 && data[i + 2] === 248) count++;
  return count;
}

describe("'Indicadores' after a walk of real trips", () => {
  let product: PostgresProduct;
  let browser: Browser;
  let database: DatabaseHandle;
  const { api, loginToken } = apiAt(() => product.base);

  beforeAll(async () => {
    product = await startProduct({
      name: 'kpis',
      env: { TRIP_EXPIRY_MINUTES: String(EXPIRY_MINUTES), TRIP_CLOCK_SECONDS: String(CLOCK_SECONDS) },
    });
    [browser, database] = await Promise.all([
      launchBrowser(),
      openDatabase({ kind: 'postgres', url: product.databaseUrl, poolSize: 2 }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await database?.close();
    await product?.stop();
  });

  /** A request from Parque Kennedy (unless told) to the Jockey Plaza at `price`, created and published. */
  async function request(
    token: string,
    price: number,
    options: { method?: 'cash' | 'yape'; from?: Point; to?: Point; addresses?: [string, string] } = {},
  ): Promise<number> {
    const { from = PARQUE_KENNEDY, to = JOCKEY_PLAZA } = options;
    const [pickup, destination] = options.addresses ?? ['Parque Kennedy, Miraflores', 'Jockey Plaza, Surco'];
    const trip = await api<{ id: number }>('POST', '/trips', token, {
      pickup_latitude: from.latitude,
      pickup_longitude: from.longitude,
      pickup_address: pickup,
      destination_latitude: to.latitude,
      destination_longitude: to.longitude,
      destination_address: destination,
      service_type_id: 2,
      offer_price: price,
      payment_method: options.method ?? 'cash',
    });
    expect(trip.status).toBe(201);
    expect((await api('POST', `/trips/${trip.data.id}/publish`, token)).status).toBe(200);
    return trip.data.id;
  }

  /** The driver offers the passenger's price from the pickup. */
  async function offer(driverToken: string, tripId: number): Promise<void> {
    const sent = await api('POST', '/driver/trips/accept', driverToken, { trip_request_id: tripId, ...PARQUE_KENNEDY });
    expect(sent.status).toBe(201);
  }

  /** The console's 'Indicadores' tab, opened from the console's first section, period 'Hoy'. */
  async function openIndicators(page: Page): Promise<void> {
    await page.goto('/operators');
    await page
      .getByRole('navigation', { name: 'Secciones de la consola' })
      .getByRole('button', { name: 'Indicadores' })
      .click();
    await page.getByRole('heading', { name: 'Indicadores', level: 2 }).waitFor();
    const today = page.getByRole('group', { name: 'Período' }).getByRole('button', { name: 'Hoy' });
    await today.click();
    await expect.poll(() => today.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('table', { name: 'Solicitudes', exact: true }).waitFor();
  }

  /**
   * What the screen says equals what the walk did, and equals GET /api/admin/kpis read just after it (every table
   * built from that answer as the web builds it); the charts are drawn and nothing is wider than the screen.
   */
  async function checkIndicators(page: Page, width: number, operatorToken: string, day: string): Promise<void> {
    // Rubén has been online since the walk began: at least from this hour until the page asks.
    const hour = limaHour(new Date());
    await page.getByRole('status').filter({ hasText: 'Todos los distritos' }).waitFor();
    expect(plain((await page.getByRole('status').filter({ hasText: 'Todos los distritos' }).textContent()) ?? '')).toBe(
      `Día ${formatLimaDate(day)} · Todos los distritos · hora de Lima`,
    );

    const summary = await shownSummary(page);
    expect(summary.get('Solicitudes')).toBe('5');
    expect(summary.get('Completadas')).toBe('2');
    expect(summary.get('Pasajeros activos')).toBe('3');
    expect(summary.get('Alertas SOS')).toBe('0');
    expect(summary.get('Precio acordado (mediana)')).toBe('S/ 18.00');
    expect(summary.get('Primera oferta (mediana)')).not.toBe('—');

    // Five requests: four got an offer, three were accepted, two completed.
    const requests = await shownTable(page, 'Solicitudes');
    expect(plainRows(requests).map((row) => row.slice(0, 2))).toEqual([
      ['Solicitudes', '5'],
      ['Con al menos una oferta', '4'],
      ['Aceptadas', '3'],
      ['Completadas', '2'],
    ]);
    // One cancellation by each side, in their words or the app's.
    const cancellations = await shownTable(page, 'Cancelaciones por lado y motivo');
    expect(plainRows(cancellations).sort()).toEqual([
      ['Conductor', 'El conductor canceló', '1'],
      ['Pasajero', PASSENGER_REASON, '1'],
      ['Sistema', 'Nadie ofertó a tiempo', '1'],
    ]);
    const attendance = figuresOf(await shownTable(page, 'No-shows y viajes programados'));
    expect(attendance.get('No-show del pasajero (el conductor llegó y canceló)')).toBe('1');
    expect(attendance.get('No-show del conductor (programado devuelto a la hora o después)')).toBe('0');
    expect(attendance.get('Viajes programados')).toBe('0');
    // The completed trips by how they were paid, at their fares.
    expect(plainRows(await shownTable(page, 'Métodos de pago (viajes completados)'))).toEqual([
      ['Efectivo', '1', 'S/ 14.00'],
      ['Yape', '1', 'S/ 38.00'],
    ]);
    const prices = figuresOf(await shownTable(page, 'Precio acordado'));
    expect(prices.get('Viajes con precio acordado')).toBe('3');
    expect(prices.get('Mediana del precio acordado (S/)')).toBe('S/ 18.00');
    const people = figuresOf(await shownTable(page, 'Casos de pago y alertas SOS'));
    expect(people.get('Pasajeros activos')).toBe('3');
    expect(people.get('Conductores con viajes completados')).toBe('2');
    expect(people.get('Casos de pago abiertos')).toBe('0');
    // Rubén went online through the API (Pedro was seeded online, which logs no change).
    const onlineNow = plainRows(await shownTable(page, 'Conductores en línea por hora del día'))[hour];
    expect(onlineNow).toEqual([`${String(hour).padStart(2, '0')}:00`, '1', '1']);
    // The one request without an offer, in the cell of its pickup in Ventanilla.
    const zones = plainRows(await shownTable(page, 'Solicitudes sin oferta por zona (celdas de ~1 km)'));
    expect(zones).toHaveLength(1);
    const [latitude, longitude, requestsThere] = zones[0]!;
    expect(Math.abs(Number(latitude) - VENTANILLA.latitude)).toBeLessThanOrEqual(HALF_CELL);
    expect(Math.abs(Number(longitude) - VENTANILLA.longitude)).toBeLessThanOrEqual(HALF_CELL);
    expect(requestsThere).toBe('1');
    await page
      .getByRole('img', { name: 'Mapa de 1 zonas con solicitudes sin oferta; la tabla de abajo las lista.' })
      .waitFor();

    // Every table is the API's answer as the web words it: nothing lost or changed between the two.
    const answer = await api<Kpis>('GET', `/admin/kpis?from=${day}&to=${day}`, operatorToken);
    expect(answer.status).toBe(200);
    for (const table of kpiTables(answer.data)) {
      const shown = await shownTable(page, table.title);
      expect({
        title: table.title,
        headers: shown.headers.map(squeezed),
        rows: shown.rows.map((r) => r.map(squeezed)),
      }).toEqual({
        title: table.title,
        headers: table.headers.map(squeezed),
        rows: table.rows.map((row) => row.map((cell) => squeezed(cell.text))),
      });
    }

    // The four charts (Chart.js, loaded with the first) are drawn, and the three with figures show their bars.
    const charts = page.getByRole('img', { name: /^Gráfico: / });
    await expect.poll(() => charts.count()).toBe(4);
    for (const title of [
      'Solicitudes, con oferta, aceptadas y completadas',
      'Cancelaciones por lado y motivo',
      'Viajes completados por método de pago',
    ]) {
      const chart = page.getByRole('img', { name: `Gráfico: ${title}. Los números están en la tabla de abajo.` });
      await chart.scrollIntoViewIfNeeded();
      await expect.poll(() => chart.evaluate(barPixels), { timeout: BROWSER_WAIT_MS }).toBeGreaterThan(0);
      const box = await chart.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await headerCollisions(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
  }

  it(
    'five requests (completed in cash on two phones, cancelled by each side, completed with Yape) are what the operator reads',
    // The walk waits for the clock to expire a request (EXPIRY_MINUTES), besides two phones and two consoles.
    { timeout: 360_000 },
    async () => {
      const db = database.db;
      const day = limaDateKey(new Date());
      const [operator, ana, beto, yapeDriver] = await Promise.all([
        createUser(db, { isAdmin: true, firstName: 'Olga', lastName: 'Operadora' }),
        createUser(db, { firstName: 'Ana', lastName: 'Torres' }),
        createUser(db, { firstName: 'Beto', lastName: 'Salas' }),
        createDriver(db, {
          user: { firstName: 'Rubén', lastName: 'Quispe', phone: '912345670' },
          // Offline until he goes online below, as the app does it: that change is what 'en línea' counts.
          profile: { acceptsYape: true, walletPhone: '987654321', driverStatus: 'offline' },
        }),
      ]);
      const [operatorToken, anaToken, betoToken, driverToken] = await Promise.all([
        loginToken(operator.email),
        loginToken(ana.email),
        loginToken(beto.email),
        loginToken(yapeDriver.user.email),
      ]);
      const driverId = yapeDriver.user.id;
      const online = await api('POST', '/driver/status', driverToken, {
        status: 'online',
        vehicle_id: yapeDriver.vehicle.id,
      });
      expect(online.status).toBe(200);

      // First, so the clock works while the rest is walked: a request in Ventanilla, where no driver is.
      const unanswered = await request(betoToken, 12, {
        from: VENTANILLA,
        to: PLAZA_NORTE,
        addresses: ['Plaza de Armas de Ventanilla', 'Plaza Norte, Independencia'],
      });

      // Completed through the UI: Lucía asks S/ 14 in cash, Pedro accepts it and drives every stage.
      const { passenger, driverPage, contexts } = await twoPhones(
        browser,
        database,
        { passenger: 'Lucía', driver: ['Pedro', 'Vargas'] },
        product.base,
      );
      await requestAuto(passenger, '14');
      await agreeOnPrice(passenger, driverPage, 'Lucía');
      const status = passenger.getByTestId('trip-status');
      for (const [button, passengerSees] of [
        ['Ir al punto de recojo', 'Conductor en camino'],
        ['Llegué al punto de recojo', 'Conductor en el punto de recojo'],
        ['Iniciar viaje', 'En curso'],
      ] as const) {
        if (button === 'Iniciar viaje') await typeStartCode(driverPage, passenger);
        await driverPage.getByRole('button', { name: button }).click();
        await expect.poll(() => status.textContent()).toBe(passengerSees);
      }
      await finishTripHere(driverPage);
      await driverPage.getByText('¡Viaje completado con éxito!').waitFor();
      await passenger.getByRole('heading', { name: '¡Viaje completado!' }).waitFor();
      for (const context of contexts) await context.close();

      // Ana changes her mind after Rubén's offer, and says why.
      const changedMind = await request(anaToken, 16);
      await offer(driverToken, changedMind);
      expect((await api('PUT', `/trips/${changedMind}/cancel`, anaToken, { reason: PASSENGER_REASON })).status).toBe(
        200,
      );

      // Ana accepts Rubén for S/ 18; he arrives at the pickup, she never comes, he cancels (as the app's button).
      const noShow = await request(anaToken, 18);
      await offer(driverToken, noShow);
      expect(
        (await api('POST', '/drivers/trips/accept', anaToken, { trip_id: noShow, driver_id: driverId })).status,
      ).toBe(200);
      for (const stage of [
        { status: 'en_route' },
        { status: 'arrived', ...PARQUE_KENNEDY },
        { status: 'cancelled_by_driver' },
      ])
        expect((await api('PUT', `/driver/trips/${noShow}/status`, driverToken, stage)).status).toBe(200);

      // Ana's S/ 38 trip with Rubén, paid by Yape, completed at the Jockey Plaza.
      const yape = await request(anaToken, 38, { method: 'yape' });
      await offer(driverToken, yape);
      await acceptAndStart(anaToken, driverToken, driverId, yape, api);
      const completed = await api('POST', '/driver/trips/complete', driverToken, {
        trip_id: yape,
        final_latitude: JOCKEY_PLAZA.latitude,
        final_longitude: JOCKEY_PLAZA.longitude,
      });
      expect(completed.status).toBe(200);

      // Nobody answered Beto: the clock ends his request.
      await expect
        .poll(
          async () =>
            (await api<{ trip: { status: string } }>('GET', `/admin/trips/${unanswered}`, operatorToken)).data.trip
              .status,
          // From its creation EXPIRY_MINUTES and a turn of the clock at most; most of it went by above.
          { timeout: EXPIRY_MINUTES * 60_000 + 30_000, interval: 500 },
        )
        .toBe('cancelled_by_system');

      // The answer itself, figure by figure.
      const { data: k } = await api<Kpis>('GET', `/admin/kpis?from=${day}&to=${day}`, operatorToken);
      expect(k.period).toMatchObject({ from: day, to: day, days: 1, district: null });
      expect(k.requests).toEqual({ total: 5, with_offer: 4, accepted: 3, completed: 2 });
      expect([...k.cancellations].sort((a, b) => a.side.localeCompare(b.side))).toEqual([
        { side: 'driver', reason: 'driver_request', trips: 1 },
        { side: 'passenger', reason: PASSENGER_REASON, trips: 1 },
        { side: 'system', reason: 'expired', trips: 1 },
      ]);
      expect(k.no_shows).toEqual({ passenger: 1, driver: 0 });
      expect(k.payment_methods).toEqual([
        { method: 'cash', trips: 1, amount: 14 },
        { method: 'yape', trips: 1, amount: 38 },
      ]);
      expect(k.prices).toMatchObject({ agreed_trips: 3, agreed_median: 18 });
      expect(k.bookings.total).toBe(0);
      expect(k.payment_cases).toEqual({ open: 0, resolved_paid: 0, resolved_unpaid: 0 });
      expect(k.sos).toEqual({ total: 0, resolved: 0 });
      expect(k.active_passengers).toBe(3);
      expect(k.active_drivers).toBe(2);
      // Four live requests got an offer: the waits are measured (seconds, never negative).
      expect(k.waits.first_offer_median).toBeGreaterThanOrEqual(0);
      expect(k.waits.acceptance_median).toBeGreaterThanOrEqual(0);
      expect(k.drivers_online[limaHour(new Date())]).toMatchObject({ average: 1, peak: 1 });
      expect(k.unmatched_cells).toHaveLength(1);
      expect(k.unmatched_cells[0]!.requests).toBe(1);

      // The operator on a phone.
      const phone = await signedInPhone(browser, operator.email, { baseURL: product.base });
      await openIndicators(phone.page);
      await checkIndicators(phone.page, PHONE.width, operatorToken, day);
      await shot(phone.page, 'operator-kpis-phone');
      for (const [section, name] of [
        ['#kpi-cancelaciones', 'operator-kpis-phone-cancellations'],
        ['#kpi-pagos', 'operator-kpis-phone-payments'],
        ['#kpi-sin-oferta', 'operator-kpis-phone-zones'],
      ] as const) {
        // The section's chart or map in the middle of the screen, its title above it.
        await phone.page
          .locator(`.kpi-section:has(${section}) [role="img"]`)
          .evaluate((node) => node.scrollIntoView({ block: 'center' }));
        await shot(phone.page, name);
      }
      await phone.context.close();

      // And at a desk.
      const desktop = await browser.newContext({
        viewport: DESKTOP,
        deviceScaleFactor: 1,
        locale: 'es-PE',
        timezoneId: 'America/Lima',
        baseURL: product.base,
      });
      desktop.setDefaultTimeout(BROWSER_WAIT_MS);
      await desktop.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        TOKEN_STORAGE_KEY,
        operatorToken,
      ] as const);
      const wide = await desktop.newPage();
      await openIndicators(wide);
      await checkIndicators(wide, DESKTOP.width, operatorToken, day);
      await shot(wide, 'operator-kpis-desktop');
      await animationsSettled(wide);
      await wide.screenshot({ path: join(SCREENSHOT_DIR, 'operator-kpis-desktop-full.png'), fullPage: true });
      await desktop.close();
    },
  );
});
