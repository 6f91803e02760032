import {
  and,
  count,
  type Database,
  eq,
  inArray,
  isNull,
  ne,
  or,
  schema,
  sql,
  type Transaction,
  type UserRow,
} from '@jala/db';
import { ACTIVE_TRIP_STATUSES } from '@jala/domain';

/** A trip that keeps the account from being deleted: live now, or a booking not yet started. */
export interface BlockingTrip {
  id: number;
  isBooking: boolean;
}

/** What the anonymised user row is given in place of the person (deletion.service.ts decides the values). */
export interface AnonymousIdentity {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  licenseNumber: string;
}

/**
 * The deletion's writes, each inside the caller's transaction: what only served the person goes, what others
 * keep (trips, receipts, earnings, ratings, payment cases, SOS alerts, consents, the audit log) stays pointing
 * at the anonymised row. docs/DATA-RETENTION.md lists each table.
 */
export class AccountDeletionRepository {
  constructor(private readonly db: Database) {}

  async find(userId: number): Promise<UserRow | undefined> {
    const [user] = await this.db.select().from(schema.users).where(eq(schema.users.id, userId));
    return user;
  }

  /** The account, locked until the transaction ends: a second deletion or a new trip waits for this one. */
  async lockUser(tx: Transaction, userId: number): Promise<UserRow | undefined> {
    const [user] = await tx.select().from(schema.users).where(eq(schema.users.id, userId)).for('update');
    return user;
  }

  /** Operators other than this account (the console must keep one). */
  async otherOperators(tx: Transaction, userId: number): Promise<number> {
    const u = schema.users;
    const [row] = await tx
      .select({ n: count() })
      .from(u)
      .where(and(eq(u.isAdmin, true), ne(u.id, userId), isNull(u.deletedAt)));
    return Number(row?.n ?? 0);
  }

  /** Trips of the account, either side, in an active status (a booking counts whatever its stage). */
  async blockingTrips(tx: Transaction, userId: number): Promise<BlockingTrip[]> {
    const t = schema.trips;
    const rows = await tx
      .select({ id: t.id, scheduledFor: t.scheduledFor, activatedAt: t.activatedAt })
      .from(t)
      .where(and(or(eq(t.passengerId, userId), eq(t.driverId, userId)), inArray(t.status, [...ACTIVE_TRIP_STATUSES])));
    return rows.map((row) => ({ id: row.id, isBooking: row.scheduledFor !== null && row.activatedAt === null }));
  }

  /**
   * The driver's offers still waiting for a passenger's choice, on live requests and bookings alike (a deleted
   * driver serves neither): withdrawn, as when a driver goes offline. Returns their trips.
   */
  async withdrawOffers(tx: Transaction, driverId: number): Promise<number[]> {
    const o = schema.tripOffers;
    const withdrawn = await tx
      .update(o)
      .set({ status: 'withdrawn' })
      .where(
        and(
          eq(o.driverId, driverId),
          eq(o.status, 'pending'),
          inArray(
            o.tripId,
            tx.select({ id: schema.trips.id }).from(schema.trips).where(eq(schema.trips.status, 'pending')),
          ),
        ),
      )
      .returning({ tripId: o.tripId });
    return withdrawn.map((row) => row.tripId);
  }

  async revokeSessions(tx: Transaction, userId: number, at: Date): Promise<void> {
    const s = schema.sessions;
    await tx
      .update(s)
      .set({ revokedAt: at })
      .where(and(eq(s.userId, userId), isNull(s.revokedAt)));
  }

  /** Rows that only ever served the person: devices, choices, places, contacts, links, photo, the online log. */
  async deletePersonalRows(tx: Transaction, userId: number): Promise<void> {
    await tx.delete(schema.pushSubscriptions).where(eq(schema.pushSubscriptions.userId, userId));
    await tx.delete(schema.notificationPreferences).where(eq(schema.notificationPreferences.userId, userId));
    await tx.delete(schema.savedLocations).where(eq(schema.savedLocations.userId, userId));
    await tx.delete(schema.trustedContacts).where(eq(schema.trustedContacts.userId, userId));
    await tx.delete(schema.tripShareLinks).where(eq(schema.tripShareLinks.createdBy, userId));
    await tx.delete(schema.tripRejections).where(eq(schema.tripRejections.driverId, userId));
    await tx.delete(schema.driverStatusLog).where(eq(schema.driverStatusLog.driverId, userId));
    await tx.delete(schema.driverPhotos).where(eq(schema.driverPhotos.userId, userId));
  }

  /** The driver's documents' rows; returns their storage keys, whose bytes the caller deletes after the commit. */
  async deleteDocuments(tx: Transaction, driverId: number): Promise<string[]> {
    const d = schema.driverDocuments;
    const deleted = await tx.delete(d).where(eq(d.driverId, driverId)).returning({ key: d.storageKey });
    return deleted.map((row) => row.key);
  }

  /**
   * Free text the person wrote that no one needs once they are gone: their chat messages, the comments of
   * ratings they gave or received (the scores stay: they are the other party's average) and their notes on
   * their own requests; and their Yape/Plin number copied onto the trips they drove.
   */
  async dropWrittenText(tx: Transaction, userId: number): Promise<void> {
    await tx.delete(schema.chatMessages).where(eq(schema.chatMessages.senderId, userId));
    await tx
      .update(schema.ratings)
      .set({ comment: null })
      .where(or(eq(schema.ratings.raterId, userId), eq(schema.ratings.rateeId, userId)));
    await tx
      .update(schema.trips)
      .set({ passengerNotes: null })
      .where(and(eq(schema.trips.passengerId, userId), sql`${schema.trips.passengerNotes} is not null`));
    await tx
      .update(schema.trips)
      .set({ payeePhone: null })
      .where(and(eq(schema.trips.driverId, userId), sql`${schema.trips.payeePhone} is not null`));
  }

  /** The person leaves the row: name, e-mail, phone, password, photo link, emergency contact, operator role. */
  async anonymise(tx: Transaction, userId: number, identity: AnonymousIdentity, at: Date): Promise<UserRow> {
    const [user] = await tx
      .update(schema.users)
      .set({
        email: identity.email,
        passwordHash: identity.passwordHash,
        firstName: identity.firstName,
        lastName: identity.lastName,
        phone: null,
        avatarUrl: null,
        emergencyContactName: null,
        emergencyContactPhone: null,
        isAdmin: false,
        deletedAt: at,
        updatedAt: at,
      })
      .where(eq(schema.users.id, userId))
      .returning();
    if (!user) throw new Error(`anonymise: user ${userId} vanished inside its own lock`);
    // The driver profile stays (trips, earnings and the operators' history read it) without what names the
    // person: the licence number, the wallet phone, the emergency contact, the last position. The vehicles
    // stay too, inactive: the passengers' receipts name the car they rode in.
    await tx
      .update(schema.driverProfiles)
      .set({
        licenseNumber: identity.licenseNumber,
        emergencyContactName: null,
        emergencyContactPhone: null,
        walletPhone: null,
        acceptsYape: false,
        acceptsPlin: false,
        acceptsCash: true,
        driverStatus: 'offline',
        lastStatusChange: at,
        currentLatitude: null,
        currentLongitude: null,
        locationUpdatedAt: null,
        rejectionReason: null,
      })
      .where(eq(schema.driverProfiles.userId, userId));
    await tx
      .update(schema.vehicles)
      .set({ vehicleStatus: 'inactive' })
      .where(and(eq(schema.vehicles.driverId, userId), ne(schema.vehicles.vehicleStatus, 'inactive')));
    return user;
  }
}
