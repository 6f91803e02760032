import { and, asc, type Database, desc, eq, gt, isNull, or, type SafetyAlertRow, schema } from '@jala/db';

import { insertOne } from '../../lib/insert-one';

export type ShareLinkRow = typeof schema.tripShareLinks.$inferSelect;
export type { SafetyAlertRow } from '@jala/db';
export interface Contact {
  name: string;
  phone: string;
}

/** Storage of the safety feature: driver photos, trusted contacts, share links and SOS alerts. */
export class SafetyRepository {
  constructor(private readonly db: Database) {}

  // --- driver photos ---

  async findPhoto(userId: number) {
    const [row] = await this.db.select().from(schema.driverPhotos).where(eq(schema.driverPhotos.userId, userId));
    return row;
  }

  async savePhoto(userId: number, contentType: string, bytes: Buffer, at: Date): Promise<void> {
    await this.db
      .insert(schema.driverPhotos)
      .values({ userId, contentType, bytes, updatedAt: at })
      .onConflictDoUpdate({ target: schema.driverPhotos.userId, set: { contentType, bytes, updatedAt: at } });
  }

  async deletePhoto(userId: number): Promise<void> {
    await this.db.delete(schema.driverPhotos).where(eq(schema.driverPhotos.userId, userId));
  }

  // --- trusted contacts (the first is the emergency contact on users/driver_profiles) ---

  async emergencyContacts(userId: number) {
    const [user] = await this.db
      .select({
        name: schema.users.emergencyContactName,
        phone: schema.users.emergencyContactPhone,
        userType: schema.users.userType,
      })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    const [profile] = await this.db
      .select({ name: schema.driverProfiles.emergencyContactName, phone: schema.driverProfiles.emergencyContactPhone })
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, userId));
    return { user, profile };
  }

  async extraContacts(userId: number): Promise<Contact[]> {
    return this.db
      .select({ name: schema.trustedContacts.name, phone: schema.trustedContacts.phone })
      .from(schema.trustedContacts)
      .where(eq(schema.trustedContacts.userId, userId))
      .orderBy(asc(schema.trustedContacts.position));
  }

  /** Replaces the whole list in one transaction: the first into the emergency contact fields, the rest as rows. */
  async replaceContacts(userId: number, contacts: readonly Contact[]): Promise<void> {
    const [first, ...rest] = contacts;
    const emergency = { emergencyContactName: first?.name ?? null, emergencyContactPhone: first?.phone ?? null };
    await this.db.transaction(async (tx) => {
      await tx.update(schema.users).set(emergency).where(eq(schema.users.id, userId));
      await tx.update(schema.driverProfiles).set(emergency).where(eq(schema.driverProfiles.userId, userId));
      await tx.delete(schema.trustedContacts).where(eq(schema.trustedContacts.userId, userId));
      if (rest.length) {
        await tx
          .insert(schema.trustedContacts)
          .values(rest.map((c, i) => ({ userId, position: i + 2, name: c.name, phone: c.phone })));
      }
    });
  }

  // --- share links ---

  async insertShareLink(values: typeof schema.tripShareLinks.$inferInsert): Promise<ShareLinkRow> {
    return insertOne(this.db, schema.tripShareLinks, values);
  }

  /** The link with this token hash, if it has not expired. */
  async findLiveShareLink(tokenHash: string, now: Date): Promise<ShareLinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(schema.tripShareLinks)
      .where(and(eq(schema.tripShareLinks.tokenHash, tokenHash), gt(schema.tripShareLinks.expiresAt, now)));
    return row;
  }

  async driverPosition(driverId: number) {
    const [row] = await this.db
      .select({
        latitude: schema.driverProfiles.currentLatitude,
        longitude: schema.driverProfiles.currentLongitude,
        updatedAt: schema.driverProfiles.locationUpdatedAt,
      })
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, driverId));
    return row;
  }

  // --- SOS ---

  /**
   * Records an alert unless the user already has one that is open, or one on this trip raised after `repeatSince`: then
   * that one is returned with `created: false`. The user's row is locked for the check and the insert, so
   * ten taps at once, on any nodes, still make one alert.
   */
  async raiseAlert(
    values: typeof schema.safetyAlerts.$inferInsert & { userId: number },
    repeatSince: Date,
  ): Promise<{ alert: SafetyAlertRow; created: boolean }> {
    return this.db.transaction(async (tx) => {
      // NO KEY UPDATE: rows that reference the user (a trip, a session) can still be inserted meanwhile.
      await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.id, values.userId))
        .for('no key update');
      const alerts = schema.safetyAlerts;
      const [recent] = await tx
        .select()
        .from(alerts)
        .where(
          and(
            eq(alerts.userId, values.userId),
            or(isNull(alerts.resolvedAt), and(eq(alerts.tripId, values.tripId), gt(alerts.createdAt, repeatSince))),
          ),
        )
        .orderBy(desc(alerts.createdAt))
        .limit(1);
      if (recent) return { alert: recent, created: false };
      return { alert: await insertOne(tx, alerts, values), created: true };
    });
  }
}
