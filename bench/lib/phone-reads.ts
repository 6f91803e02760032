/**
 * The reads every open phone repeats, with the data that makes them realistic: a signed-in passenger with a
 * history and a pending trip that has a few offers, an idle online driver next to it (the request list,
 * status, stats) and a driver on an accepted trip (current trip). Written straight to the database with the
 * test factories, sessions opened without argon2 (bench/lib/app.ts), so it works for an app in this process
 * and for a data folder a server process will open afterwards.
 */
import { type Database, schema } from '@jala/db';
import { PARQUE_KENNEDY } from '@jala/test-factories';
import { createCompletedTrip, createDriver, createTrip, createUser } from '@jala/test-factories/database';

import { api } from '../../apps/server/test/support/http';
import { openSessionsWith } from './app';

export interface PhoneRead {
  /** e.g. `/trips/{id}/driver-offers` */
  label: string;
  /** the path under /api, ids and query filled in */
  path: string;
  token: string;
}

const OFFERS = 3;
const HISTORY_TRIPS = 5;

export async function seedPhoneReads(
  db: Database,
  secret: { tokenSecret: string; tokenTtlSeconds: number },
): Promise<PhoneRead[]> {
  const passenger = await createUser(db, { firstName: 'Lucía', lastName: 'Quispe' });
  const idle = await createDriver(db);
  const driving = await createDriver(db, { user: { firstName: 'Carlos', lastName: 'Mamani' } });
  const rider = await createUser(db, { firstName: 'Ana', lastName: 'Torres' });

  for (let i = 0; i < HISTORY_TRIPS; i += 1) {
    const completedAt = new Date(Date.now() - (i + 1) * 86_400_000);
    await createCompletedTrip(db, {
      passengerId: passenger.id,
      driverId: idle.user.id,
      vehicleId: idle.vehicle.id,
      fareCents: 1500 + i * 250,
      completedAt,
    });
  }
  const pending = await createTrip(db, { passengerId: passenger.id, offerPriceCents: 2000 });
  for (let i = 0; i < OFFERS; i += 1) {
    const offering = await createDriver(db);
    await db.insert(schema.tripOffers).values({
      tripId: pending.id,
      driverId: offering.user.id,
      vehicleId: offering.vehicle.id,
      priceCents: 2000 + i * 200,
      driverLatitude: '-12.119000',
      driverLongitude: '-77.031000',
    });
  }
  await createTrip(db, {
    passengerId: rider.id,
    driverId: driving.user.id,
    vehicleId: driving.vehicle.id,
    status: 'accepted',
    acceptedAt: new Date(),
  });

  const tokens = await openSessionsWith(db, secret, [passenger.id, idle.user.id, driving.user.id]);
  const token = (userId: number) => tokens.get(userId) as string;
  const { latitude, longitude } = PARQUE_KENNEDY;
  return [
    { label: '/auth/profile', path: '/auth/profile', token: token(passenger.id) },
    { label: '/trips/active', path: '/trips/active', token: token(passenger.id) },
    { label: '/trips/{id}/driver-offers', path: `/trips/${pending.id}/driver-offers`, token: token(passenger.id) },
    { label: '/passenger/stats', path: '/passenger/stats', token: token(passenger.id) },
    { label: '/driver/trips/current', path: '/driver/trips/current', token: token(driving.user.id) },
    {
      label: '/driver/trip-requests',
      path: `/driver/trip-requests?latitude=${latitude}&longitude=${longitude}`,
      token: token(idle.user.id),
    },
    { label: '/driver/status', path: '/driver/status', token: token(idle.user.id) },
    { label: '/auth/profile (driver)', path: '/auth/profile', token: token(idle.user.id) },
    { label: '/driver/stats', path: '/driver/stats', token: token(idle.user.id) },
  ];
}

/**
 * Checks each read answers 200 with the data the scenario put there (a bench of 404s or empty lists would
 * measure nothing): the pending trip, its offers, the driver's current trip, the request list with the trip.
 */
export async function checkPhoneReads(apiBaseUrl: string, reads: PhoneRead[]): Promise<void> {
  for (const read of reads) {
    const response = await api<unknown>(apiBaseUrl, 'GET', read.path, { token: read.token });
    if (response.status !== 200)
      throw new Error(`GET ${read.path} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`);
    const data = response.body.data;
    const empty = data === null || data === undefined || (Array.isArray(data) && data.length === 0);
    if (empty) throw new Error(`GET ${read.path} answered no data: ${JSON.stringify(response.body).slice(0, 200)}`);
    if (read.label === '/trips/{id}/driver-offers' && Array.isArray(data) && data.length !== OFFERS) {
      throw new Error(`GET ${read.path} listed ${data.length} offers, expected ${OFFERS}`);
    }
  }
}
