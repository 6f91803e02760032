/**
 * Scheduled rides in Chromium at 360×740 against the real product on PostgreSQL: the passenger
 * books with "¿Cuándo?" → "Programar", sees it in "Próximos viajes", a driver offers from "Programados",
 * the passenger confirms; then the server clock is "moved" by bringing the booking's time 19 minutes
 * ahead in the database, and the running sweep sends the reminder banner and makes it the active trip.
 * Screenshots of each state go to /work/notes/shots/bookings/ (BOOKING_SHOTS_DIR).
 */
import { topics } from '@jala/contracts';
import { and, eq, isNotNull, schema } from '@jala/db';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { api } from './support/api';
import { phoneContext, shotsInto } from './support/browser';
import { subscriptionGranted } from './support/live-subscription';
import { loginViaUi, registerViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';
import { scheduleAutoTomorrow } from './support/two-phones';

const shot = shotsInto(process.env.BOOKING_SHOTS_DIR ?? '/work/notes/shots/bookings');
/** A ceiling, not a wait: the sweep (every 2 s on the e2e server, global-setup.ts) acts within a turn or two. */
const SWEEP_WAIT_MS = 60_000;

describe('scheduled rides on two phones', () => {
  const suite = useBrowserSuite();

  it('books for tomorrow 05:00, a driver confirms from Programados, reminders and activation follow the clock', async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, { user: { firstName: 'Rosa', lastName: 'Quispe' } });

    const passengerPhone = await (await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY })).newPage();
    await registerViaUi(passengerPhone, 'passenger', { firstName: 'Lucía' });
    const passengerToken = (await passengerPhone.evaluate(() => localStorage.getItem('jala_token')))!;

    // The wizard: places, service, then "¿Cuándo?" → Programar, tomorrow at 05:00 (Lima).
    await scheduleAutoTomorrow(passengerPhone, '05:00');
    const chosen = await passengerPhone.getByText(/^Programado: /).textContent();
    expect(chosen).toMatch(/^Programado: \S+ \d{1,2} \S+, 05:00$/);
    await passengerPhone.locator('.bk-when').evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await shot(passengerPhone, '01-wizard-programar');

    await passengerPhone.getByRole('button', { name: 'Confirmar Viaje' }).click();
    await passengerPhone.waitForURL('**/passenger/dashboard');
    const card = passengerPhone.getByRole('listitem', { name: /Viaje programado/ });
    await expect.poll(() => card.getByText('Buscando conductor').count()).toBe(1);
    expect(await card.getByText(chosen!).count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await shot(passengerPhone, '02-proximos-buscando');

    // The driver's "Programados" tab beside the live requests.
    const driverPhone = await (await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY })).newPage();
    await loginViaUi(driverPhone, driver.user.email, FACTORY_PASSWORD);
    await driverPhone.goto('/driver/trip-request');
    await driverPhone.getByRole('tab', { name: 'Programados' }).click();
    // Other walks book near Parque Kennedy at the same time: this passenger's card only.
    const offerButton = driverPhone
      .getByRole('listitem', { name: 'Viaje programado de Lucía Ccori', exact: true })
      .getByRole('button', { name: /^Ofertar S\/\s/ });
    await offerButton.waitFor();
    await shot(driverPhone, '03-driver-programados');
    await offerButton.click();
    await driverPhone.getByText(/^Oferta enviada: S\/\s/).waitFor();

    // The passenger picks the offer.
    await passengerPhone.reload();
    const accept = passengerPhone.getByRole('button', { name: 'Aceptar' });
    await accept.waitFor();
    await accept.scrollIntoViewIfNeeded();
    await shot(passengerPhone, '04-proximos-oferta');
    await accept.click();
    await passengerPhone.getByText('Conductor confirmado').waitFor();
    await passengerPhone.getByText('Conductor confirmado').scrollIntoViewIfNeeded();
    await shot(passengerPhone, '05-proximos-confirmado');

    await driverPhone.reload();
    await driverPhone.getByRole('tab', { name: 'Programados' }).click();
    await driverPhone.getByText('Confirmado contigo').waitFor();
    await shot(driverPhone, '06-driver-confirmado');

    // A second booking 45 minutes ahead: cancelling it now counts against the passenger, and the screen says so.
    const soon = new Date(Math.ceil((Date.now() + 45 * 60_000) / 300_000) * 300_000);
    const second = await api<{ id: number }>('POST', '/trips', passengerToken, {
      pickup_latitude: -12.1211,
      pickup_longitude: -77.0297,
      pickup_address: 'Parque Kennedy, Miraflores',
      destination_latitude: -12.0463,
      destination_longitude: -77.0428,
      destination_address: 'Plaza San Martín, Lima',
      service_type_id: 2,
      scheduled_for: soon.toISOString(),
    });
    expect(second.status).toBe(201);
    await passengerPhone.reload();
    const soonCard = passengerPhone
      .getByRole('listitem', { name: /Viaje programado/ })
      .filter({ hasText: 'Plaza San Martín' });
    await soonCard.getByRole('button', { name: 'Cancelar' }).click();
    await soonCard.getByRole('alert').waitFor();
    expect(await soonCard.getByRole('alert').textContent()).toMatch(/cuenta en tu contra/);
    await soonCard.scrollIntoViewIfNeeded();
    await shot(passengerPhone, '07-cancelar-tarde-aviso');
    await soonCard.getByRole('button', { name: 'Sí, cancelar' }).click();
    await passengerPhone.getByText('Viaje programado cancelado. Esta cancelación cuenta en tu contra.').waitFor();

    // "Move the clock" in two steps, as real time would: 40 minutes away the server's own sweep (every 2 s here)
    // sends the one-hour reminder; 19 minutes away it makes the booking the active trip of both (which also
    // takes open phones to the trip screen, so the reminder is looked for first).
    const [booking] = await db
      .select()
      .from(schema.trips)
      .where(and(eq(schema.trips.driverId, driver.user.id), isNotNull(schema.trips.scheduledFor)));
    expect(booking).toBeTruthy();
    const minutesAway = (minutes: number) => new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
    const moveBooking = (at: Date) =>
      db
        .update(schema.trips)
        .set({ scheduledFor: at, expiresAt: new Date(at.getTime() + 10 * 60_000) })
        .where(eq(schema.trips.id, booking!.id));
    // The in-app reminder is a live message (a locked phone gets it by push): the dashboard listens on the
    // passenger's notifications topic first, then the booking moves, so the sweep cannot send it unheard.
    const passengerId = (await api<{ id: number }>('GET', '/auth/profile', passengerToken)).data.id;
    const listening = subscriptionGranted(passengerPhone, topics.notifications(passengerId));
    await passengerPhone.reload();
    await listening;
    await moveBooking(minutesAway(40));
    await passengerPhone.getByText(/^Recordatorio: tu viaje programado es el /).waitFor({ timeout: SWEEP_WAIT_MS });
    await shot(passengerPhone, '08-recordatorio');
    await moveBooking(minutesAway(19));
    await expect
      .poll(async () => (await api<{ id: number } | null>('GET', '/trips/active', passengerToken)).data?.id, {
        timeout: SWEEP_WAIT_MS,
        interval: 1000,
      })
      .toBe(booking!.id);
    await passengerPhone.goto('/passenger/active-trip');
    await passengerPhone
      .getByText(/^Programado: /)
      .first()
      .waitFor();
    await shot(passengerPhone, '09-pasajero-viaje-activo');
    await driverPhone.goto('/driver/active-trip');
    await driverPhone
      .getByText(/^Programado: /)
      .first()
      .waitFor();
    await shot(driverPhone, '10-conductor-viaje-activo');
  }, 300_000);
});
