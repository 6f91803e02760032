/**
 * Test data written straight to the database (fast and independent of the HTTP flows under test), for the
 * server tests and the browser tests alike. Every factory takes overrides; defaults are realistic Lima data.
 */
import { createHash, randomBytes } from 'node:crypto';

import { type Database, eq, schema } from '@jala/db';
import { LEGAL_DOCUMENTS, LEGAL_VERSION } from '@jala/domain';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence += 1)}`;
/** Plates are short (unique on upper(plate)): a per-process random prefix plus the sequence. */
const platePrefix = Math.random().toString(36).slice(2, 6).toUpperCase();
const nextPlate = () => `T${platePrefix}${(sequence += 1).toString(36).toUpperCase()}`;
/** Every factory account's password. */
export const FACTORY_PASSWORD = 'secreto123';
/**
 * argon2id of FACTORY_PASSWORD with the server's parameters (apps/server hashPassword), computed once so
 * factories need no hashing library; apps/server/test/factory-password.test.ts checks the server still accepts it.
 */
export const FACTORY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$9JdXJgUIAF0vXraaz4BWkQ$Y5LmFMzAHhBtoryL4DPETdocLTaONVP3diE0uU1BbKQ';

/**
 * An account that accepted the current legal documents when it signed up (its `consents` rows and
 * `consent_version`, as POST /auth/register writes them), so it signs in without the consent screen. Pass
 * `consentVersion: null` (never accepted) or an older version for an account the app must ask again.
 */
export async function createUser(db: Database, overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  const [user] = await db
    .insert(schema.users)
    .values({
      email: `u${next()}@prueba.pe`,
      passwordHash: FACTORY_PASSWORD_HASH,
      firstName: 'Pedro',
      lastName: 'Rojas',
      phone: '987654321',
      userType: 'passenger',
      consentVersion: LEGAL_VERSION,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('createUser: no row');
  if (user.consentVersion) {
    const version = user.consentVersion;
    await db.insert(schema.consents).values(
      LEGAL_DOCUMENTS.map((document) => ({
        userId: user.id,
        document,
        version,
        source: 'sign_up' as const,
        acceptedAt: user.createdAt,
      })),
    );
  }
  return user;
}

/**
 * A driver with a verified profile, an active vehicle, online at a point in Miraflores by default. Their mobile
 * is confirmed (as an operator's approval requires); `user: { phoneVerifiedAt: null }` makes one who has not.
 */
export async function createDriver(
  db: Database,
  options: {
    user?: Partial<typeof schema.users.$inferInsert>;
    profile?: Partial<typeof schema.driverProfiles.$inferInsert>;
    vehicle?: Partial<typeof schema.vehicles.$inferInsert>;
  } = {},
) {
  const user = await createUser(db, {
    firstName: 'Jorge',
    lastName: 'Vargas',
    userType: 'driver',
    phoneVerifiedAt: new Date(),
    ...options.user,
  });
  const [vehicle] = await db
    .insert(schema.vehicles)
    .values({
      driverId: user.id,
      vehicleType: 'auto',
      brand: 'Kia',
      model: 'Rio',
      licensePlate: nextPlate(),
      color: 'Plata',
      year: 2021,
      passengerCapacity: 4,
      ...options.vehicle,
    })
    .returning();
  const [profile] = await db
    .insert(schema.driverProfiles)
    .values({
      userId: user.id,
      licenseNumber: `L${next()}`.toUpperCase(),
      licenseExpiryDate: '2029-01-01',
      verificationStatus: 'verified',
      driverStatus: 'online',
      activeVehicleId: vehicle?.id ?? null,
      currentLatitude: '-12.121100',
      currentLongitude: '-77.029700',
      locationUpdatedAt: new Date(),
      lastStatusChange: new Date(),
      ...options.profile,
    })
    .returning();
  if (!vehicle || !profile) throw new Error('createDriver: no row');
  return { user, vehicle, profile };
}

/** A trip from Parque Kennedy to Jockey Plaza; pass status/driver/times to place it anywhere in its life. */
export async function createTrip(
  db: Database,
  overrides: Partial<typeof schema.trips.$inferInsert> & { passengerId: number },
) {
  const now = new Date();
  const [trip] = await db
    .insert(schema.trips)
    .values({
      tripCode: `TRIP-${next()}`,
      serviceTypeId: 2,
      status: 'pending',
      pickupLatitude: '-12.121100',
      pickupLongitude: '-77.029700',
      pickupAddress: 'Parque Kennedy, Miraflores',
      destinationLatitude: '-12.085900',
      destinationLongitude: '-76.977300',
      destinationAddress: 'Jockey Plaza, Santiago de Surco',
      estimatedFareCents: 2350,
      distanceKm: '7.80',
      durationMinutes: 22,
      expiresAt: new Date(now.getTime() + 15 * 60_000),
      ...overrides,
    })
    .returning();
  if (!trip) throw new Error('createTrip: no row');
  return trip;
}

/** A completed trip with its final fare (also its agreed price unless given), assigned to `driverId`, completed at `completedAt`. */
export function createCompletedTrip(
  db: Database,
  args: { passengerId: number; driverId: number; vehicleId?: number; fareCents: number; completedAt: Date } & Partial<
    typeof schema.trips.$inferInsert
  >,
) {
  const { fareCents, completedAt, ...rest } = args;
  return createTrip(db, {
    status: 'completed',
    finalFareCents: fareCents,
    agreedFareCents: fareCents,
    completedAt,
    acceptedAt: new Date(completedAt.getTime() - 30 * 60_000),
    startedAt: new Date(completedAt.getTime() - 20 * 60_000),
    createdAt: new Date(completedAt.getTime() - 35 * 60_000),
    ...rest,
  });
}

/**
 * A completed Plin trip whose driver said 'No recibí el pago': the trip in `disputed` and its
 * open payment case, as PaymentsRepository.dispute writes them.
 */
export async function createPaymentCase(
  db: Database,
  args: { passengerId: number; driverId: number; vehicleId?: number; fareCents?: number },
) {
  const fareCents = args.fareCents ?? 1800;
  const trip = await createCompletedTrip(db, {
    passengerId: args.passengerId,
    driverId: args.driverId,
    fareCents,
    completedAt: new Date(),
    ...(args.vehicleId === undefined ? {} : { vehicleId: args.vehicleId }),
    paymentMethod: 'plin',
    paymentStatus: 'disputed',
    payeePhone: '987654321',
  });
  const [paymentCase] = await db
    .insert(schema.paymentCases)
    .values({
      tripId: trip.id,
      driverId: args.driverId,
      passengerId: args.passengerId,
      method: 'plin',
      amountCents: fareCents,
      openedAt: new Date(),
    })
    .returning();
  if (!paymentCase) throw new Error('insert payment_cases returned no row');
  return { trip, paymentCase };
}

export async function setUserType(db: Database, userId: number, userType: 'passenger' | 'driver' | 'both') {
  await db.update(schema.users).set({ userType }).where(eq(schema.users.id, userId));
}

/**
 * A live password reset link for `userId`, stored as the server stores one (the SHA-256 of its token): what a
 * reset mail would have carried, for a screen test that opens the link's page without a mail.
 */
export async function createPasswordReset(
  db: Database,
  userId: number,
  expiresAt = new Date(Date.now() + 30 * 60_000),
) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(schema.passwordResets).values({
    userId,
    tokenHash: createHash('sha256').update(token).digest('base64url'),
    expiresAt,
  });
  return { token };
}
