/**
 * Safety on the driver's stages: arrival only near the pickup, start only with the passenger's
 * code (5 wrong codes lock it), and stages in order — on PGlite and PostgreSQL.
 */
import { START_CODE_MAX_ATTEMPTS } from '@jala/domain';
import { createDriver, createTrip, createUser } from '@jala/test-factories/database';
import { expect } from 'vitest';

import { KENNEDY, login } from '../support/actors';
import { describeOnBackends } from '../support/backends';
import { api } from '../support/http';

/** 1.3 km north of Parque Kennedy (Av. Arequipa). */
const FAR = { latitude: -12.1094, longitude: -77.0297 };
/** ~150 m from the pickup. */
const NEAR = { latitude: -12.1225, longitude: -77.0297 };

describeOnBackends('start code and arrival check on %s', ({ t, maybe }) => {
  /** A passenger and a driver on one trip in `status`, with start code 0427; both logged in. */
  async function tripIn(
    status: 'en_route' | 'arrived',
    profile: NonNullable<Parameters<typeof createDriver>[1]>['profile'] = {},
  ) {
    const db = t.app.database.db;
    const rider = await createUser(db);
    const driver = await createDriver(db, { profile });
    const trip = await createTrip(db, {
      passengerId: rider.id,
      driverId: driver.user.id,
      vehicleId: driver.vehicle.id,
      status,
      acceptedAt: new Date(),
      startCode: '0427',
    });
    const passengerToken = (await login(t.baseUrl, rider.email)).token;
    const driverToken = (await login(t.baseUrl, driver.user.email)).token;
    const stage = (body: Record<string, unknown>) =>
      api<{ trip_status: string }>(t.baseUrl, 'PUT', `/driver/trips/${trip.id}/status`, { token: driverToken, body });
    return { trip, passengerToken, driverToken, stage };
  }

  maybe("shows the code to the passenger only, never in the driver's answer", async () => {
    const { passengerToken, driverToken } = await tripIn('arrived');
    const passengerView = await api<{ start_code: string; start_code_locked: boolean }>(
      t.baseUrl,
      'GET',
      '/trips/active',
      { token: passengerToken },
    );
    expect(passengerView.body.data).toMatchObject({ start_code: '0427', start_code_locked: false });
    const driverView = await api<Record<string, unknown>>(t.baseUrl, 'GET', '/driver/trips/current', {
      token: driverToken,
    });
    expect(driverView.status).toBe(200);
    expect(JSON.stringify(driverView.body)).not.toContain('start_code');
    expect(JSON.stringify(driverView.body)).not.toContain('0427');
  });

  maybe('refuses "Llegué" far from the pickup, saying how far, and accepts it near', async () => {
    const { stage } = await tripIn('en_route');
    const far = await stage({ status: 'arrived', ...FAR });
    expect(far.status).toBe(409);
    expect(far.body).toMatchObject({
      code: 'ARRIVAL_TOO_FAR',
      message: 'Aún estás a 1.3 km del punto de recojo. Acércate a menos de 250 m para marcar tu llegada.',
    });
    // Without a position in the request, the last reported one (still the far one) decides.
    expect((await stage({ status: 'arrived' })).body.code).toBe('ARRIVAL_TOO_FAR');
    const near = await stage({ status: 'arrived', ...NEAR });
    expect(near.status).toBe(200);
    expect(near.body.data.trip_status).toBe('arrived');
  });

  maybe('refuses "Llegué" when the driver never reported a position', async () => {
    const { stage } = await tripIn('en_route', { currentLatitude: null, currentLongitude: null });
    const res = await stage({ status: 'arrived' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'ARRIVAL_POSITION_UNKNOWN',
      message: 'No conocemos tu ubicación. Activa la ubicación para marcar tu llegada.',
    });
  });

  maybe('starts only with the right code: without it and with a wrong one it is a 400', async () => {
    const { stage, passengerToken } = await tripIn('arrived');
    const without = await stage({ status: 'in_progress' });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({
      code: 'START_CODE_REQUIRED',
      message: 'Pide al pasajero su código de 4 dígitos para iniciar el viaje.',
    });
    const malformed = await stage({ status: 'in_progress', start_code: '12a4' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields?.start_code).toBe('El código tiene 4 dígitos.');
    const wrong = await stage({ status: 'in_progress', start_code: '1234' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'START_CODE_WRONG',
      message: 'El código no es correcto. Te quedan 4 intentos.',
    });
    const right = await stage({ status: 'in_progress', start_code: '0427' });
    expect(right.status).toBe(200);
    expect(right.body.data.trip_status).toBe('in_progress');
    // Once on board the code is no longer shown.
    expect(
      (await api<{ start_code: string | null }>(t.baseUrl, 'GET', '/trips/active', { token: passengerToken })).body.data
        .start_code,
    ).toBeNull();
  });

  maybe(`locks the start after ${START_CODE_MAX_ATTEMPTS} wrong codes, even for the right one`, async () => {
    const { stage, passengerToken } = await tripIn('arrived');
    const messages: string[] = [];
    for (let i = 0; i < START_CODE_MAX_ATTEMPTS; i += 1)
      messages.push((await stage({ status: 'in_progress', start_code: '9999' })).body.message);
    expect(messages.slice(0, 4)).toEqual(
      [4, 3, 2, 1].map((n) => `El código no es correcto. Te ${n === 1 ? 'queda 1 intento' : `quedan ${n} intentos`}.`),
    );
    expect(messages[4]).toBe(
      'Se ingresó un código incorrecto demasiadas veces. Este viaje no puede iniciarse: cancélalo.',
    );
    const right = await stage({ status: 'in_progress', start_code: '0427' });
    expect(right.status).toBe(409);
    expect(right.body.code).toBe('START_CODE_LOCKED');
    const passengerView = await api<{ status: string; start_code_locked: boolean }>(t.baseUrl, 'GET', '/trips/active', {
      token: passengerToken,
    });
    expect(passengerView.body.data).toMatchObject({ status: 'arrived', start_code_locked: true });
    // The way out is cancelling.
    expect((await stage({ status: 'cancelled_by_driver' })).status).toBe(200);
  });

  maybe('keeps the stage order: no start before arrival, no finish before the code-started trip', async () => {
    const { stage, driverToken, trip } = await tripIn('en_route');
    const early = await stage({ status: 'in_progress', start_code: '0427' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('TRANSITION_NOT_ALLOWED');
    const finishEarly = await api(t.baseUrl, 'POST', '/driver/trips/complete', {
      token: driverToken,
      body: { trip_id: trip.id, final_latitude: KENNEDY.latitude, final_longitude: KENNEDY.longitude, actual_fare: 20 },
    });
    expect(finishEarly.status).toBe(409);
    expect((await stage({ status: 'arrived', ...NEAR })).status).toBe(200);
    const finishArrived = await api(t.baseUrl, 'POST', '/driver/trips/complete', {
      token: driverToken,
      body: { trip_id: trip.id, final_latitude: KENNEDY.latitude, final_longitude: KENNEDY.longitude, actual_fare: 20 },
    });
    expect(finishArrived.status).toBe(409);
    expect((await stage({ status: 'in_progress', start_code: '0427' })).status).toBe(200);
    const finish = await api(t.baseUrl, 'POST', '/driver/trips/complete', {
      token: driverToken,
      body: { trip_id: trip.id, final_latitude: KENNEDY.latitude, final_longitude: KENNEDY.longitude, actual_fare: 20 },
    });
    expect(finish.status).toBe(200);
  });
});
