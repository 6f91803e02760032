import { asc, type Database, eq, inArray, or, schema, type TripRow, type UserRow } from '@jala/db';

/** Rows of the data export, each read bounded by the account's own id (another person's rows never match). */
export class AccountExportRepository {
  constructor(private readonly db: Database) {}

  async user(userId: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(schema.users).where(eq(schema.users.id, userId));
    return row;
  }

  async driverProfile(userId: number) {
    const [row] = await this.db.select().from(schema.driverProfiles).where(eq(schema.driverProfiles.userId, userId));
    return row;
  }

  vehicles(userId: number) {
    return this.db
      .select()
      .from(schema.vehicles)
      .where(eq(schema.vehicles.driverId, userId))
      .orderBy(asc(schema.vehicles.id));
  }

  /** What each document is, never its storage key or bytes. */
  documents(userId: number) {
    const d = schema.driverDocuments;
    return this.db
      .select({
        kind: d.kind,
        contentType: d.contentType,
        byteSize: d.byteSize,
        width: d.width,
        height: d.height,
        createdAt: d.createdAt,
      })
      .from(d)
      .where(eq(d.driverId, userId))
      .orderBy(asc(d.kind));
  }

  async hasPhoto(userId: number): Promise<boolean> {
    const rows = await this.db
      .select({ userId: schema.driverPhotos.userId })
      .from(schema.driverPhotos)
      .where(eq(schema.driverPhotos.userId, userId));
    return rows.length > 0;
  }

  /** Every trip the account took part in, either side, oldest first. */
  trips(userId: number): Promise<TripRow[]> {
    const t = schema.trips;
    return this.db
      .select()
      .from(t)
      .where(or(eq(t.passengerId, userId), eq(t.driverId, userId)))
      .orderBy(asc(t.createdAt), asc(t.id));
  }

  /** First names of the other people of those trips and chats: all the export says of them. */
  async firstNames(userIds: readonly number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: schema.users.id, firstName: schema.users.firstName })
      .from(schema.users)
      .where(inArray(schema.users.id, [...userIds]));
    return new Map(rows.map((row) => [row.id, row.firstName]));
  }

  async vehiclesById(vehicleIds: readonly number[]) {
    if (vehicleIds.length === 0) return [];
    const v = schema.vehicles;
    return this.db
      .select({ id: v.id, brand: v.brand, model: v.model, color: v.color, licensePlate: v.licensePlate })
      .from(v)
      .where(inArray(v.id, [...vehicleIds]));
  }

  async fareAdjustments(tripIds: readonly number[]) {
    if (tripIds.length === 0) return [];
    const f = schema.fareAdjustments;
    return this.db
      .select()
      .from(f)
      .where(inArray(f.tripId, [...tripIds]))
      .orderBy(asc(f.createdAt), asc(f.id));
  }

  /**
   * The conversations the account was part of: every one of its own requests (one per driver who offered),
   * and, as a driver, only its own conversation of each trip.
   */
  async chatMessages(userId: number, passengerTripIds: readonly number[]) {
    const c = schema.chatMessages;
    const own = eq(c.driverId, userId);
    return this.db
      .select({
        tripId: c.tripId,
        driverId: c.driverId,
        senderId: c.senderId,
        message: c.message,
        createdAt: c.createdAt,
      })
      .from(c)
      .where(passengerTripIds.length > 0 ? or(inArray(c.tripId, [...passengerTripIds]), own) : own)
      .orderBy(asc(c.createdAt), asc(c.id));
  }

  ratings(userId: number) {
    const r = schema.ratings;
    return this.db
      .select()
      .from(r)
      .where(or(eq(r.raterId, userId), eq(r.rateeId, userId)))
      .orderBy(asc(r.createdAt), asc(r.id));
  }

  savedPlaces(userId: number) {
    const s = schema.savedLocations;
    return this.db.select().from(s).where(eq(s.userId, userId)).orderBy(asc(s.createdAt), asc(s.id));
  }

  trustedContacts(userId: number) {
    const c = schema.trustedContacts;
    return this.db.select().from(c).where(eq(c.userId, userId)).orderBy(asc(c.position));
  }

  sessions(userId: number) {
    const s = schema.sessions;
    return this.db.select().from(s).where(eq(s.userId, userId)).orderBy(asc(s.createdAt));
  }

  consents(userId: number) {
    const c = schema.consents;
    return this.db.select().from(c).where(eq(c.userId, userId)).orderBy(asc(c.acceptedAt), asc(c.id));
  }

  pushDevices(userId: number) {
    const p = schema.pushSubscriptions;
    return this.db
      .select({ endpoint: p.endpoint, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt })
      .from(p)
      .where(eq(p.userId, userId))
      .orderBy(asc(p.createdAt));
  }

  notificationChoices(userId: number) {
    const n = schema.notificationPreferences;
    return this.db.select({ kind: n.kind, enabled: n.enabled }).from(n).where(eq(n.userId, userId));
  }

  sosAlerts(userId: number) {
    const a = schema.safetyAlerts;
    return this.db.select().from(a).where(eq(a.userId, userId)).orderBy(asc(a.createdAt));
  }

  bookingCancellations(userId: number) {
    const b = schema.bookingCancellations;
    return this.db.select().from(b).where(eq(b.userId, userId)).orderBy(asc(b.cancelledAt));
  }
}
