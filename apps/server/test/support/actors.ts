import type { Database } from '@jala/db';
import { JOCKEY_PLAZA, PARQUE_KENNEDY } from '@jala/test-factories';
import { createDriver, createTrip, createUser, FACTORY_PASSWORD } from '@jala/test-factories/database';

import { api, registerUser } from './http';
import type { TestApp } from './test-app';

export const KENNEDY = PARQUE_KENNEDY;
export const JOCKEY = JOCKEY_PLAZA;

export async function login(baseUrl: string, email: string) {
  const res = await api<{ token: string; user: { id: number } }>(baseUrl, 'POST', '/auth/login', {
    body: { email, password: FACTORY_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`login failed ${res.status}`);
  return res.body.data;
}

/** A verified, online driver with an active car near Parque Kennedy, logged in over HTTP. */
export async function onlineDriver(baseUrl: string, db: Database, options: Parameters<typeof createDriver>[1] = {}) {
  const { user, vehicle } = await createDriver(db, options);
  const { token } = await login(baseUrl, user.email);
  return { id: user.id, token, vehicleId: vehicle.id, name: `${user.firstName} ${user.lastName}` };
}

export async function passenger(baseUrl: string) {
  const { token, user } = await registerUser(baseUrl, { user_type: 'passenger' });
  return { id: user.id, token };
}

export const tripPayload = (overrides: Record<string, unknown> = {}) => ({
  pickup_latitude: KENNEDY.latitude,
  pickup_longitude: KENNEDY.longitude,
  pickup_address: 'Parque Kennedy, Miraflores',
  destination_latitude: JOCKEY.latitude,
  destination_longitude: JOCKEY.longitude,
  destination_address: 'Jockey Plaza, Surco',
  service_type_id: 2,
  passenger_notes: 'Estoy en la puerta de la iglesia',
  ...overrides,
});

export async function requestTrip(baseUrl: string, token: string, overrides: Record<string, unknown> = {}) {
  const res = await api<{ id: number; estimated_fare: number; distance_km: number }>(baseUrl, 'POST', '/trips', {
    token,
    body: tripPayload(overrides),
  });
  if (res.status !== 201) throw new Error(`trip failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * Drives an accepted trip through the driver's stages up to `until`, the way a real driver must:
 * arriving from the pickup (arrival check) and starting with the code read from the passenger's trip.
 */
export async function driveToStage(
  baseUrl: string,
  tokens: { passenger: string; driver: string },
  tripId: number,
  until: 'en_route' | 'arrived' | 'in_progress',
) {
  const stages = ['en_route', 'arrived', 'in_progress'] as const;
  for (const status of stages.slice(0, stages.indexOf(until) + 1)) {
    const startCode =
      status === 'in_progress'
        ? (await api<{ start_code: string }>(baseUrl, 'GET', '/trips/active', { token: tokens.passenger })).body.data
            .start_code
        : undefined;
    const body = { status, ...(status === 'arrived' ? KENNEDY : {}), ...(startCode ? { start_code: startCode } : {}) };
    const res = await api(baseUrl, 'PUT', `/driver/trips/${tripId}/status`, { token: tokens.driver, body });
    if (res.status !== 200) throw new Error(`stage ${status} failed ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/**
 * A passenger's trip (Parque Kennedy to Jockey Plaza unless `overrides` say otherwise) published, offered
 * on by a fresh online driver at its price, accepted and driven to `in_progress`.
 */
export async function tripInProgress(t: TestApp, overrides: Record<string, unknown> = {}) {
  const p = await passenger(t.baseUrl);
  const d = await onlineDriver(t.baseUrl, t.app.database.db);
  const trip = await requestTrip(t.baseUrl, p.token, overrides);
  await api(t.baseUrl, 'POST', `/trips/${trip.id}/publish`, { token: p.token });
  const offered = await api(t.baseUrl, 'POST', '/driver/trips/accept', {
    token: d.token,
    body: { trip_request_id: trip.id },
  });
  if (offered.status !== 201) throw new Error(`offer failed ${offered.status}`);
  const accepted = await api(t.baseUrl, 'POST', '/drivers/trips/accept', {
    token: p.token,
    body: { trip_id: trip.id, driver_id: d.id },
  });
  if (accepted.status !== 200) throw new Error(`accept failed ${accepted.status}`);
  await driveToStage(t.baseUrl, { passenger: p.token, driver: d.token }, trip.id, 'in_progress');
  return { p, d, tripId: trip.id };
}

/** A trip in progress, written straight to the database, between a fresh passenger and driver, both logged in. */
export async function ridingPair(baseUrl: string, db: Database) {
  const driver = await createDriver(db);
  const rider = await createUser(db);
  const trip = await createTrip(db, {
    passengerId: rider.id,
    driverId: driver.user.id,
    vehicleId: driver.vehicle.id,
    status: 'in_progress',
    acceptedAt: new Date(),
    startedAt: new Date(),
  });
  return {
    tripId: trip.id,
    rider: { id: rider.id, token: (await login(baseUrl, rider.email)).token },
    driver: { id: driver.user.id, token: (await login(baseUrl, driver.user.email)).token },
  };
}
