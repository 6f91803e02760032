/**
 * Scheduled rides going live, in Chromium at 360×740 on PostgreSQL: a passenger and the driver
 * they confirmed for tomorrow chat about the booking from "Próximos viajes" and "Programados"; a second
 * booking at the same hour is refused under "¿Cuándo?"; when the server's clock reaches 20 minutes before,
 * both phones, left where they were, move to the active trip on their own; and when the driver is still not
 * on the way 5 minutes after the time, the system takes the booking from them: the driver's phone says so,
 * the passenger's searches again. The clock is "moved" by bringing the booking's time closer in the
 * database; the server's own sweep (every 2 s on the e2e server, global-setup.ts) does the rest. Screenshots in BOOKING_SHOTS_DIR.
 */
import { eq, schema } from '@jala/db';
import { limaDateKey, limaDayStart } from '@jala/domain';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';
import { describe, expect, it } from 'vitest';

import { api, loginToken } from './support/api';
import { phoneContext, shotsInto } from './support/browser';
import { loginViaUi } from './support/session';
import { useBrowserSuite } from './support/suite';
import { scheduleAutoTomorrow } from './support/two-phones';

const shot = shotsInto(process.env.BOOKING_SHOTS_DIR ?? '/work/notes/shots/bookings2');
/** A ceiling, not a wait: the sweep acts within a turn or two; a busy machine may need far more. */
const SWEEP_WAIT_MS = 60_000;
const MINUTE = 60_000;

/** Tomorrow at 05:00 in Lima. */
function tomorrowAtFive(): Date {
  const tomorrow = limaDateKey(new Date(Date.now() + 24 * 60 * MINUTE));
  return new Date(limaDayStart(tomorrow).getTime() + 5 * 60 * MINUTE);
}

describe('a booking on two phones, up to its start', () => {
  const suite = useBrowserSuite();

  it('chat before it starts, a crossing booking refused, activation and a driver no-show reach open phones', async () => {
    const db = suite.database.db;
    const driver = await createDriver(db, { user: { firstName: 'Rosa', lastName: 'Quispe' } });
    const rider = await createUser(db, { firstName: 'Lucía', lastName: 'Torres', userType: 'passenger' });
    const [passengerToken, driverToken] = [await loginToken(rider.email), await loginToken(driver.user.email)];

    // Booked for tomorrow 05:00 and confirmed with Rosa (the first walk covers doing this on screen).
    const at = tomorrowAtFive();
    const booking = await api<{ id: number }>('POST', '/trips', passengerToken, {
      pickup_latitude: -12.1211,
      pickup_longitude: -77.0297,
      pickup_address: 'Parque Kennedy, Miraflores',
      destination_latitude: -12.0859,
      destination_longitude: -76.9773,
      destination_address: 'Jockey Plaza, Surco',
      service_type_id: 2,
      scheduled_for: at.toISOString(),
    });
    expect(booking.status).toBe(201);
    expect((await api('POST', '/driver/status', driverToken, { status: 'online' })).status).toBe(200);
    expect((await api('POST', '/driver/trips/accept', driverToken, { trip_request_id: booking.data.id })).status).toBe(
      201,
    );
    expect(
      (
        await api('POST', '/drivers/trips/accept', passengerToken, {
          trip_id: booking.data.id,
          driver_id: driver.user.id,
        })
      ).status,
    ).toBe(200);

    const passengerPhone = await (await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY })).newPage();
    await loginViaUi(passengerPhone, rider.email, FACTORY_PASSWORD);
    const driverPhone = await (await phoneContext(suite.browser, { geolocation: PARQUE_KENNEDY })).newPage();
    await loginViaUi(driverPhone, driver.user.email, FACTORY_PASSWORD);

    // The chat, from "Próximos viajes" to "Programados" and back.
    await passengerPhone.goto('/passenger/dashboard');
    const card = passengerPhone.getByRole('listitem', { name: /Viaje programado/ });
    await card.getByRole('button', { name: /Chat con Rosa Quispe/ }).click();
    const passengerChat = card.locator('.trip-chat');
    await passengerChat.getByRole('textbox').fill('Hola Rosa, ¿me recoges en la puerta del parque?');
    await passengerChat.getByRole('button', { name: /Enviar/ }).click();
    await card.getByText('Hola Rosa, ¿me recoges en la puerta del parque?').waitFor();

    await driverPhone.goto('/driver/trip-request?tab=programados');
    const driverCard = driverPhone.getByRole('listitem', { name: 'Viaje programado de Lucía Torres' });
    await driverCard.getByText('Confirmado contigo').waitFor();
    await driverCard.getByRole('button', { name: /Chat con Lucía Torres/ }).click();
    await driverCard.getByText('Hola Rosa, ¿me recoges en la puerta del parque?').waitFor();
    await driverCard.locator('.trip-chat').getByRole('textbox').fill('Claro, ahí estaré a las 5.');
    await driverCard
      .locator('.trip-chat')
      .getByRole('button', { name: /Enviar/ })
      .click();
    await card.getByText('Claro, ahí estaré a las 5.').waitFor();
    await card.locator('.trip-chat').scrollIntoViewIfNeeded();
    await shot(passengerPhone, '01-pasajero-chat-reserva');
    await driverCard.locator('.trip-chat').scrollIntoViewIfNeeded();
    await shot(driverPhone, '02-conductor-chat-reserva');

    // A second booking at the same hour: refused under "¿Cuándo?", in the wizard.
    await scheduleAutoTomorrow(passengerPhone, '05:30');
    await passengerPhone.getByRole('button', { name: 'Confirmar Viaje' }).click();
    const refusal = passengerPhone.locator('.bk-when').getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      'Ya tienes un viaje programado que se cruza con esa hora. Elige otra hora o cancela el otro viaje.',
    );
    expect(await passengerPhone.getByLabel('Hora (Lima)').getAttribute('aria-invalid')).toBe('true');
    await shot(passengerPhone, '03-wizard-reserva-se-cruza');

    // Both phones left where they were: the passenger's dashboard, the driver's "Programados".
    await passengerPhone.goto('/passenger/dashboard');
    await card.waitFor();
    await driverPhone.getByRole('tab', { name: 'Programados' }).waitFor();
    const soon = new Date(Math.ceil((Date.now() + 19 * MINUTE) / MINUTE) * MINUTE);
    await db
      .update(schema.trips)
      .set({ scheduledFor: soon, expiresAt: new Date(soon.getTime() + 10 * MINUTE) })
      .where(eq(schema.trips.id, booking.data.id));
    await passengerPhone.waitForURL('**/passenger/active-trip', { timeout: SWEEP_WAIT_MS });
    await driverPhone.waitForURL('**/driver/active-trip', { timeout: SWEEP_WAIT_MS });
    await passengerPhone
      .getByText(/^Programado: /)
      .first()
      .waitFor();
    await driverPhone
      .getByText(/^Programado: /)
      .first()
      .waitFor();
    await shot(passengerPhone, '04-pasajero-activado-solo');
    await shot(driverPhone, '05-conductor-activado-solo');

    // 5 minutes past its time and Rosa is not on the way: the system takes it from her and searches again.
    const past = new Date(Date.now() - 6 * MINUTE);
    await db
      .update(schema.trips)
      .set({ scheduledFor: past, expiresAt: new Date(Date.now() + 5 * MINUTE) })
      .where(eq(schema.trips.id, booking.data.id));
    await driverPhone.waitForURL('**/driver/trip-request', { timeout: SWEEP_WAIT_MS });
    await driverPhone.getByText(/^Perdiste un viaje programado/).waitFor();
    await shot(driverPhone, '06-conductor-perdio-reserva');
    await passengerPhone.getByText(/Tu conductor no inició el viaje a tiempo/).waitFor({ timeout: SWEEP_WAIT_MS });
    await shot(passengerPhone, '07-pasajero-buscando-de-nuevo');
    const [row] = await db.select().from(schema.trips).where(eq(schema.trips.id, booking.data.id));
    expect(row).toMatchObject({ status: 'pending', driverId: null });
  }, 300_000);
});
