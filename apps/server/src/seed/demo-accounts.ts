/**
 * Demo accounts for trying the product (listed in the README). Idempotent: an account that exists is left
 * as it is. Disabled with SEED_DEMO=false.
 */
import { type Database, schema, sql } from '@jala/db';
import { LEGAL_DOCUMENTS, LEGAL_VERSION } from '@jala/domain';

import { isUniqueViolation } from '../lib/db-errors';
import { hashPassword } from '../modules/auth/password';

export const DEMO_PASSWORD = 'jala12345';

export const DEMO_ACCOUNTS = [
  { email: 'pasajero@jala.pe', firstName: 'Lucía', lastName: 'Quispe', phone: '987654321', userType: 'passenger' },
  {
    email: 'conductor@jala.pe',
    firstName: 'Carlos',
    lastName: 'Mamani',
    phone: '912345678',
    userType: 'driver',
    driver: {
      license: 'Q12345678',
      plate: 'ABC-123',
      vehicleType: 'auto',
      brand: 'Toyota',
      model: 'Yaris',
      color: 'Blanco',
    },
  },
  {
    email: 'ambos@jala.pe',
    firstName: 'Rosa',
    lastName: 'Huamán',
    phone: '956789123',
    userType: 'both',
    driver: {
      license: 'Q87654321',
      plate: 'M1-2345',
      vehicleType: 'mototaxi',
      brand: 'Bajaj',
      model: 'RE',
      color: 'Rojo',
    },
  },
] as const;

export async function seedDemoAccounts(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = ${account.email}`);
    if (existing) continue;
    // Nodes of a cluster booting together may both see the account missing; the loser's insert hits the
    // unique e-mail index, its transaction rolls back, and the winner's account is the one kept.
    await db
      .transaction(async (tx) => {
        const [user] = await tx
          .insert(schema.users)
          .values({
            email: account.email,
            passwordHash,
            firstName: account.firstName,
            lastName: account.lastName,
            phone: account.phone,
            // The demo drivers are approved, which takes a confirmed mobile; the passenger can try "Verifica tu celular".
            phoneVerifiedAt: 'driver' in account ? new Date() : null,
            userType: account.userType,
            // Demo people are fictional: they start as if they accepted the current terms at sign-up, so a
            // demo opens on the dashboard (a later LEGAL_VERSION asks them again, like anyone).
            consentVersion: LEGAL_VERSION,
          })
          .returning();
        if (!user) return;
        await tx.insert(schema.consents).values(
          LEGAL_DOCUMENTS.map((document) => ({
            userId: user.id,
            document,
            version: LEGAL_VERSION,
            source: 'sign_up' as const,
            acceptedAt: user.createdAt,
          })),
        );
        if (!('driver' in account)) return;
        const d = account.driver;
        const [vehicle] = await tx
          .insert(schema.vehicles)
          .values({
            driverId: user.id,
            vehicleType: d.vehicleType,
            brand: d.brand,
            model: d.model,
            licensePlate: d.plate,
            color: d.color,
            year: 2022,
            passengerCapacity: d.vehicleType === 'mototaxi' ? 2 : 4,
          })
          .returning();
        await tx.insert(schema.driverProfiles).values({
          userId: user.id,
          licenseNumber: d.license,
          licenseExpiryDate: '2028-12-31',
          emergencyContactName: 'Contacto de emergencia',
          emergencyContactPhone: '998877665',
          verificationStatus: 'verified',
          activeVehicleId: vehicle?.id ?? null,
        });
      })
      .catch((error: unknown) => {
        if (!isUniqueViolation(error, 'users_email_unique')) throw error;
      });
  }
}
