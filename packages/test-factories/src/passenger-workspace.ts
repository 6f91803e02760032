/**
 * A realistic passenger workspace written straight to the database, shared by the web component tests
 * (through apps/server/test/passengers/web-fixture-server.ts) and the browser tests: a passenger with saved places, a paged history of
 * every finished status and ratings both ways; a passenger with one completed trip still to rate (and its
 * driver); and a passenger with nothing yet. Every account's password is FACTORY_PASSWORD.
 */
import { type Database, schema } from '@jala/db';
import type { HistoryStatus } from '@jala/domain';

import { createCompletedTrip, createDriver, createTrip, createUser } from './rows';

export interface SeededAccount {
  id: number;
  email: string;
}

export interface PassengerWorkspaceSeed {
  /** Carla Ríos: 2 saved places, 7 finished trips (3 completed, 2 by her, 1 by the driver, 1 by the system), rated 4 and 5. */
  carla: SeededAccount & { tripIds: Record<HistoryStatus, number[]> };
  /** Lucía Paredes: one completed trip she has not rated yet. */
  rater: SeededAccount & { tripId: number };
  /** Jorge Vargas, the driver of every seeded trip; he has not rated Lucía yet. */
  driver: SeededAccount;
  /** Mateo Huamán: a passenger with no places and no trips. */
  empty: SeededAccount;
}

const minutesAgo = (now: number, minutes: number) => new Date(now - minutes * 60_000);

export async function seedPassengerWorkspace(db: Database, now = Date.now()): Promise<PassengerWorkspaceSeed> {
  const { user: driver, vehicle } = await createDriver(db, { user: { firstName: 'Jorge', lastName: 'Vargas' } });
  const carla = await createUser(db, { firstName: 'Carla', lastName: 'Ríos', phone: '987111222' });
  const rater = await createUser(db, { firstName: 'Lucía', lastName: 'Paredes', phone: '955444333' });
  const empty = await createUser(db, { firstName: 'Mateo', lastName: 'Huamán', phone: '944333222' });

  await db.insert(schema.savedLocations).values([
    {
      userId: carla.id,
      name: 'Casa',
      address: 'Av. Larco 1150, Miraflores',
      latitude: '-12.130100',
      longitude: '-77.028900',
    },
    {
      userId: carla.id,
      name: 'Trabajo',
      address: 'Jr. de la Unión 300, Cercado de Lima',
      latitude: '-12.046400',
      longitude: '-77.030100',
    },
  ]);

  const tripIds: Record<HistoryStatus, number[]> = {
    completed: [],
    cancelled_by_passenger: [],
    cancelled_by_driver: [],
    cancelled_by_system: [],
  };
  const history: { status: HistoryStatus; minutes: number; destination: string }[] = [
    { status: 'completed', minutes: 9 * 1440, destination: 'Aeropuerto Jorge Chávez, Callao' },
    { status: 'cancelled_by_passenger', minutes: 8 * 1440, destination: 'Plaza San Martín, Cercado de Lima' },
    { status: 'completed', minutes: 7 * 1440, destination: 'Larcomar, Miraflores' },
    { status: 'cancelled_by_driver', minutes: 6 * 1440, destination: 'Estadio Nacional, Lima' },
    { status: 'cancelled_by_system', minutes: 5 * 1440, destination: 'Parque de la Reserva, Lima' },
    { status: 'completed', minutes: 4 * 1440, destination: 'Jockey Plaza, Santiago de Surco' },
    { status: 'cancelled_by_passenger', minutes: 3 * 1440, destination: 'Barranco, Puente de los Suspiros' },
  ];
  for (const [index, seed] of history.entries()) {
    const place = { destinationAddress: seed.destination, serviceTypeId: index % 3 === 0 ? 1 : 2 };
    const trip =
      seed.status === 'completed'
        ? await createCompletedTrip(db, {
            passengerId: carla.id,
            driverId: driver.id,
            vehicleId: vehicle.id,
            fareCents: 1500 + index * 250,
            completedAt: minutesAgo(now, seed.minutes - 35),
            ...place,
          })
        : await createTrip(db, {
            passengerId: carla.id,
            status: seed.status,
            createdAt: minutesAgo(now, seed.minutes),
            cancelledAt: minutesAgo(now, seed.minutes - 5),
            ...(seed.status === 'cancelled_by_driver' ? { driverId: driver.id, vehicleId: vehicle.id } : {}),
            ...place,
          });
    tripIds[seed.status].push(trip.id);
  }
  // Carla rated the oldest completed trip; the driver rated her twice (4 and 5).
  const [oldest, middle] = tripIds.completed as [number, number];
  await db.insert(schema.ratings).values([
    { tripId: oldest, raterId: carla.id, rateeId: driver.id, raterRole: 'passenger', score: 4, comment: 'Buen viaje' },
    { tripId: oldest, raterId: driver.id, rateeId: carla.id, raterRole: 'driver', score: 4 },
    { tripId: middle, raterId: driver.id, rateeId: carla.id, raterRole: 'driver', score: 5 },
  ]);

  const raterTrip = await createCompletedTrip(db, {
    passengerId: rater.id,
    driverId: driver.id,
    vehicleId: vehicle.id,
    fareCents: 1850,
    completedAt: minutesAgo(now, 60),
    destinationAddress: 'Museo Larco, Pueblo Libre',
  });

  return {
    carla: { id: carla.id, email: carla.email, tripIds },
    rater: { id: rater.id, email: rater.email, tripId: raterTrip.id },
    driver: { id: driver.id, email: driver.email },
    empty: { id: empty.id, email: empty.email },
  };
}
