/**
 * The accounts the phone sweep visits, written straight to the database with the shared factories and
 * filled with the long real-world strings that break narrow screens: long names, e-mails, plates,
 * saved places and addresses. Every account's password is FACTORY_PASSWORD.
 */
import { schema, type Database } from '@jala/db';
import { createCompletedTrip, createDriver, createTrip, createUser } from '@jala/test-factories/database';

export const LONG = {
  placeName: 'Casa de mi abuelita en San Juan de Lurigancho',
  address: 'Jr. Los Amautas 1234, Urbanización Zárate, San Juan de Lurigancho, Lima',
  destination: 'Centro Comercial Mega Plaza Norte, Av. Alfredo Mendiola 3698, Independencia',
  firstName: 'María Fernanda de los Ángeles',
  lastName: 'Quispe Huamán de la Torre',
  driverFirstName: 'Juan Carlos Eduardo',
  driverLastName: 'Villanueva Santisteban Ccori',
  plate: 'ABC-123456',
} as const;

const longEmail = (tag: string) => `maria.fernanda.delosangeles.quispe.${tag}.${Date.now().toString(36)}@correo-peruano-largo.com.pe`;

export interface SweepAccounts {
  /** A passenger with long names, a long saved place and a history of every finished status. */
  passenger: string;
  /** A passenger with nothing yet: empty history, no places. */
  newPassenger: string;
  /** A passenger whose long-addressed request is pending, with an offer from `driver`. */
  waitingPassenger: string;
  /** A passenger being driven by `busyDriver`. */
  ridingPassenger: string;
  /** A verified, online driver with long names and plate, earnings, and the pending request nearby. */
  driver: string;
  /** A driver account without a driver profile yet (empty dashboard, earnings, registration form). */
  newDriver: string;
  /** A driver on an accepted trip. */
  busyDriver: string;
}

export async function seedSweepAccounts(db: Database, now = Date.now()): Promise<SweepAccounts> {
  const longDriver = await createDriver(db, {
    user: { firstName: LONG.driverFirstName, lastName: LONG.driverLastName, email: longEmail('conductor') },
    vehicle: { brand: 'Toyota', model: 'Corolla Cross Hybrid', color: 'Gris oscuro metálico', licensePlate: LONG.plate },
  });
  const passenger = await createUser(db, { firstName: LONG.firstName, lastName: LONG.lastName, email: longEmail('pasajera') });
  await db.insert(schema.savedLocations).values([
    { userId: passenger.id, name: LONG.placeName, address: LONG.address, latitude: '-11.983500', longitude: '-77.005800' },
    { userId: passenger.id, name: 'Trabajo', address: 'Jr. de la Unión 300, Cercado de Lima', latitude: '-12.046400', longitude: '-77.030100' },
  ]);
  const day = 1440 * 60_000;
  const long = { pickupAddress: LONG.address, destinationAddress: LONG.destination };
  for (let index = 0; index < 3; index += 1) {
    await createCompletedTrip(db, {
      passengerId: passenger.id, driverId: longDriver.user.id, vehicleId: longDriver.vehicle.id, fareCents: 12_650 + index * 10,
      completedAt: new Date(now - (index + 1) * day), ...long,
    });
  }
  for (const status of ['cancelled_by_passenger', 'cancelled_by_driver', 'cancelled_by_system'] as const) {
    await createTrip(db, {
      passengerId: passenger.id, status, estimatedFareCents: 12_600, createdAt: new Date(now - 5 * day), cancelledAt: new Date(now - 5 * day + 60_000),
      ...(status === 'cancelled_by_driver' ? { driverId: longDriver.user.id, vehicleId: longDriver.vehicle.id } : {}), ...long,
    });
  }

  const newPassenger = await createUser(db, { firstName: 'Mateo', lastName: 'Huamán', email: longEmail('nuevo') });

  const waitingPassenger = await createUser(db, { firstName: LONG.firstName, lastName: LONG.lastName, email: longEmail('esperando') });
  const pending = await createTrip(db, { passengerId: waitingPassenger.id, ...long, pickupAddress: `${LONG.placeName}, ${LONG.address}`, passengerNotes: 'Estoy en la puerta verde al costado de la bodega Don Lucho, frente al parque' });
  await db.insert(schema.tripOffers).values({ tripId: pending.id, driverId: longDriver.user.id, vehicleId: longDriver.vehicle.id, priceCents: 2450, driverLatitude: '-12.121100', driverLongitude: '-77.029700' });

  const busyDriver = await createDriver(db, { user: { firstName: LONG.driverFirstName, lastName: LONG.driverLastName, email: longEmail('ocupado') } });
  const ridingPassenger = await createUser(db, { firstName: LONG.firstName, lastName: LONG.lastName, email: longEmail('viajando') });
  await createTrip(db, {
    passengerId: ridingPassenger.id, driverId: busyDriver.user.id, vehicleId: busyDriver.vehicle.id, status: 'arrived', acceptedAt: new Date(now - 5 * 60_000), enRouteAt: new Date(now - 4 * 60_000), arrivedAt: new Date(now - 60_000),
    // At the pickup: the longest stage label, the passenger's start code and the driver's code field.
    startCode: '4827', agreedFareCents: 2450, ...long,
  });

  const newDriver = await createUser(db, { firstName: LONG.driverFirstName, lastName: LONG.driverLastName, userType: 'driver', email: longEmail('nuevoconductor') });

  return {
    passenger: passenger.email,
    newPassenger: newPassenger.email,
    waitingPassenger: waitingPassenger.email,
    ridingPassenger: ridingPassenger.email,
    driver: longDriver.user.email,
    newDriver: newDriver.email,
    busyDriver: busyDriver.user.email,
  };
}
