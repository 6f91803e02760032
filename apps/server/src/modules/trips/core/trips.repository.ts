import {
  and,
  asc,
  type Database,
  type DbExecutor,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  schema,
  sql,
  type Transaction,
} from '@jala/db';
import {
  acceptedMethods,
  ACTIVE_TRIP_STATUSES,
  BOOKING_UNSERVED_REASON,
  DRIVER_BUSY_STATUSES,
  type PaymentMethod,
  platformFeeCents,
  platformFeeRate,
  type PlatformFeeRates,
  ratingAverage,
  type TripStatus,
} from '@jala/domain';

import { insertOne } from '../../../lib/insert-one';
import type { FareAdjustmentRow, TripParty, TripRow, TripVehicle } from './trip-dto';

export type OfferRow = typeof schema.tripOffers.$inferSelect;

/** Timestamp column each status stamps when a trip enters it. */
const STATUS_TIMESTAMP: Partial<Record<TripStatus, keyof TripRow>> = {
  accepted: 'acceptedAt',
  en_route: 'enRouteAt',
  arrived: 'arrivedAt',
  in_progress: 'startedAt',
  completed: 'completedAt',
  cancelled_by_passenger: 'cancelledAt',
  cancelled_by_driver: 'cancelledAt',
  cancelled_by_system: 'cancelledAt',
};

/** Thrown inside a transaction to roll it back when the trip left the expected status meanwhile. */
class StatusMoved extends Error {}

type TripChanges = Partial<typeof schema.trips.$inferInsert>;

/** The columns a move to `to` writes: the status, the timestamp that status stamps, and the caller's extras. */
function statusChange(to: TripStatus, at: Date, extra: TripChanges): TripChanges {
  const stamp = STATUS_TIMESTAMP[to];
  return { ...extra, status: to, ...(stamp ? { [stamp]: at } : {}) };
}

/**
 * A trip counts as someone's active trip unless it is a booking not yet activated: the same
 * condition as the partial unique indexes "one active trip per passenger/driver".
 */
export const countsAsActiveTrip = or(isNull(schema.trips.scheduledFor), isNotNull(schema.trips.activatedAt));

/**
 * Lookups that clients poll (the active-trip guard on every navigation, the trip pages) are prepared once,
 * so drizzle does not rebuild their SQL on every call.
 */
function prepareHotQueries(db: Database) {
  const placeholder = sql.placeholder;
  return {
    byId: db
      .select()
      .from(schema.trips)
      .where(eq(schema.trips.id, placeholder('id')))
      .prepare('trips_by_id'),
    activeForPassenger: db
      .select()
      .from(schema.trips)
      .where(
        and(
          eq(schema.trips.passengerId, placeholder('passengerId')),
          inArray(schema.trips.status, [...ACTIVE_TRIP_STATUSES]),
          countsAsActiveTrip,
        ),
      )
      .prepare('trips_active_for_passenger'),
    currentForDriver: db
      .select()
      .from(schema.trips)
      .where(
        and(
          eq(schema.trips.driverId, placeholder('driverId')),
          inArray(schema.trips.status, [...DRIVER_BUSY_STATUSES]),
          countsAsActiveTrip,
        ),
      )
      .prepare('trips_current_for_driver'),
  };
}

export class TripsRepository {
  private readonly hot: ReturnType<typeof prepareHotQueries>;

  constructor(private readonly db: Database) {
    this.hot = prepareHotQueries(db);
  }

  async insert(values: typeof schema.trips.$inferInsert): Promise<TripRow> {
    return insertOne(this.db, schema.trips, values);
  }

  async findById(id: number): Promise<TripRow | undefined> {
    const [row] = await this.hot.byId.execute({ id });
    return row;
  }

  async findActiveForPassenger(passengerId: number): Promise<TripRow | undefined> {
    const [row] = await this.hot.activeForPassenger.execute({ passengerId });
    return row;
  }

  async findCurrentForDriver(driverId: number): Promise<TripRow | undefined> {
    const [row] = await this.hot.currentForDriver.execute({ driverId });
    return row;
  }

  /**
   * Moves a trip from `from` to `to` only if it is still in `from` (the conditional update is the lock:
   * of two racing writers exactly one sees a row come back). The only writer of trips.status: callers
   * check the change with the domain state machine first (requireTransition in trip-transitions.ts).
   */
  async transition(
    id: number,
    from: TripStatus,
    to: TripStatus,
    at: Date,
    extra: TripChanges = {},
    tx: DbExecutor = this.db,
  ): Promise<TripRow | undefined> {
    const [row] = await tx
      .update(schema.trips)
      .set(statusChange(to, at, extra))
      .where(and(eq(schema.trips.id, id), eq(schema.trips.status, from)))
      .returning();
    return row;
  }

  /**
   * Moves a trip like `transition`, and runs `alongside` in the same transaction (an operator's audit row):
   * both are written or neither. Undefined (and nothing changed) when the trip is no longer in `from`.
   */
  async transitionWith(
    id: number,
    from: TripStatus,
    to: TripStatus,
    at: Date,
    extra: TripChanges,
    alongside: (tx: Transaction, row: TripRow) => Promise<void>,
  ): Promise<TripRow | undefined> {
    return this.db.transaction(async (tx) => {
      const row = await this.transition(id, from, to, at, extra, tx);
      if (row) await alongside(tx, row);
      return row;
    });
  }

  /**
   * Assigns the driver of an offer to a pending trip, atomically; undefined when the trip is no longer
   * pending. The other live offers become 'rejected' (withdrawn ones stay 'withdrawn'); `notChosen` are
   * their drivers.
   */
  async assignDriver(
    tripId: number,
    offer: OfferRow,
    at: Date,
    startCode: string,
    guard?: (tx: Transaction) => Promise<void>,
    extra: TripChanges = {},
  ): Promise<{ trip: TripRow; notChosen: number[] } | undefined> {
    return this.db.transaction(async (tx) => {
      // A booking's overlap rule: throwing here rolls the assignment back.
      if (guard) await guard(tx);
      const trip = await this.transition(
        tripId,
        'pending',
        'accepted',
        at,
        {
          ...extra,
          driverId: offer.driverId,
          vehicleId: offer.vehicleId,
          agreedFareCents: offer.priceCents,
          startCode,
        },
        tx,
      );
      if (!trip) return undefined;
      const answered = await tx
        .update(schema.tripOffers)
        .set({ status: sql`case when ${schema.tripOffers.id} = ${offer.id} then 'accepted' else 'rejected' end` })
        .where(and(eq(schema.tripOffers.tripId, tripId), eq(schema.tripOffers.status, 'pending')))
        .returning({ driverId: schema.tripOffers.driverId, status: schema.tripOffers.status });
      return { trip, notChosen: answered.filter((row) => row.status === 'rejected').map((row) => row.driverId) };
    });
  }

  /**
   * Completes an assigned trip at the binding price: the agreed fare plus the adjustments the passenger
   * accepted. Pending adjustments lapse first, in the same transaction, so none can be accepted after the
   * total is computed. The platform fee (PLATFORM_FEE_PERCENT of the trip's service type, on that final fare)
   * is stored on the trip and, when above 0, debited from the driver's 'Saldo con Jala' in the same
   * transaction: the status guard lets one completion through, and the ledger's one-fee-per-trip index makes
   * a second debit impossible even so. Undefined (and nothing changed) when the trip is no longer in `from`.
   */
  async complete(
    tripId: number,
    from: TripStatus,
    at: Date,
    extra: TripChanges,
    feeRates: PlatformFeeRates,
  ): Promise<TripRow | undefined> {
    return this.db
      .transaction(async (tx) => {
        const adjustments = schema.fareAdjustments;
        await tx
          .update(adjustments)
          .set({ status: 'lapsed', answeredAt: at })
          .where(and(eq(adjustments.tripId, tripId), eq(adjustments.status, 'pending')));
        const [sum] = await tx
          .select({ cents: sql<string | null>`sum(${adjustments.amountCents})` })
          .from(adjustments)
          .where(and(eq(adjustments.tripId, tripId), eq(adjustments.status, 'accepted')));
        const [trip] = await tx.select().from(schema.trips).where(eq(schema.trips.id, tripId));
        if (!trip) return undefined;
        const agreed = trip.agreedFareCents ?? trip.offerPriceCents ?? trip.estimatedFareCents;
        const finalFareCents = agreed + Number(sum?.cents ?? 0);
        const feeBasisPoints = platformFeeRate(feeRates, trip.serviceTypeId);
        const feeCents = platformFeeCents(finalFareCents, feeBasisPoints);
        const row = await this.transition(
          tripId,
          from,
          'completed',
          at,
          { ...extra, finalFareCents, platformFeeBasisPoints: feeBasisPoints, platformFeeCents: feeCents },
          tx,
        );
        // Throwing rolls the lapse back: a refused completion changes nothing.
        if (!row) throw new StatusMoved();
        if (feeCents > 0 && row.driverId !== null) {
          await tx
            .insert(schema.driverLedgerEntries)
            .values({ driverId: row.driverId, kind: 'trip_fee', amountCents: -feeCents, tripId, createdAt: at })
            .onConflictDoNothing();
        }
        return row;
      })
      .catch((error: unknown) => {
        if (error instanceof StatusMoved) return undefined;
        throw error;
      });
  }

  // --- fare adjustments ---

  async insertFareAdjustment(values: typeof schema.fareAdjustments.$inferInsert): Promise<FareAdjustmentRow> {
    return insertOne(this.db, schema.fareAdjustments, values);
  }

  async listFareAdjustments(tripId: number): Promise<FareAdjustmentRow[]> {
    return this.db
      .select()
      .from(schema.fareAdjustments)
      .where(eq(schema.fareAdjustments.tripId, tripId))
      .orderBy(asc(schema.fareAdjustments.createdAt), asc(schema.fareAdjustments.id));
  }

  /**
   * Answers the trip's pending adjustment, only while the trip is still being driven (a completion lapses
   * pending ones in its transaction, so an answer and a completion never both count).
   */
  async answerFareAdjustment(tripId: number, accept: boolean, at: Date): Promise<FareAdjustmentRow | undefined> {
    const adjustments = schema.fareAdjustments;
    const [row] = await this.db
      .update(adjustments)
      .set({ status: accept ? 'accepted' : 'refused', answeredAt: at })
      .where(
        and(
          eq(adjustments.tripId, tripId),
          eq(adjustments.status, 'pending'),
          sql`exists (select 1 from ${schema.trips} where ${schema.trips.id} = ${tripId} and ${inArray(schema.trips.status, [...DRIVER_BUSY_STATUSES])})`,
        ),
      )
      .returning();
    return row;
  }

  /** Counts one wrong start code on the trip; returns the count after it (an atomic increment). */
  async recordWrongStartCode(id: number): Promise<number> {
    const [row] = await this.db
      .update(schema.trips)
      .set({ startCodeAttempts: sql`${schema.trips.startCodeAttempts} + 1` })
      .where(eq(schema.trips.id, id))
      .returning({ attempts: schema.trips.startCodeAttempts });
    return row?.attempts ?? 0;
  }

  /**
   * Pending trips whose time ran out, moved to cancelled_by_system (a transition of each from pending); returns
   * them. A booking expires 10 minutes after its pickup time, with a reason the passenger reads.
   */
  async expirePending(now: Date): Promise<TripRow[]> {
    return this.db
      .update(schema.trips)
      .set({
        ...statusChange('cancelled_by_system', now, {}),
        cancelReason: sql`case when ${schema.trips.scheduledFor} is null then 'expired' else ${BOOKING_UNSERVED_REASON} end`,
      })
      .where(and(eq(schema.trips.status, 'pending'), lt(schema.trips.expiresAt, now)))
      .returning();
  }

  /** A pending trip's new, higher price and a fresh expiry (republishing); undefined once it is no longer pending. */
  async raiseOfferPrice(id: number, priceCents: number, expiresAt: Date): Promise<TripRow | undefined> {
    const [row] = await this.db
      .update(schema.trips)
      .set({ offerPriceCents: priceCents, expiresAt })
      .where(and(eq(schema.trips.id, id), eq(schema.trips.status, 'pending')))
      .returning();
    return row;
  }

  /**
   * Publishes a pending live request not yet published (a booking is published by the clock when it goes
   * live); the row when this call published it, undefined when there was nothing to do. The conditional
   * update makes a publication happen once however many times it is asked for.
   */
  async markPublished(id: number, at: Date): Promise<TripRow | undefined> {
    const [row] = await this.db
      .update(schema.trips)
      .set({ publishedAt: at })
      .where(
        and(
          eq(schema.trips.id, id),
          eq(schema.trips.status, 'pending'),
          isNull(schema.trips.publishedAt),
          or(isNull(schema.trips.scheduledFor), isNotNull(schema.trips.liveAt)),
        ),
      )
      .returning();
    return row;
  }

  async findParty(userId: number): Promise<TripParty | undefined> {
    const [row] = await this.db
      .select({
        id: schema.users.id,
        firstName: schema.users.firstName,
        lastName: schema.users.lastName,
        phone: schema.users.phone,
        phoneVerified: sql<boolean>`${schema.users.phoneVerifiedAt} is not null`,
        ratingAverage: schema.users.ratingAverage,
      })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return row ? { ...row, ratingAverage: ratingAverage(row.ratingAverage) } : undefined;
  }

  async findVehicle(vehicleId: number): Promise<TripVehicle | undefined> {
    const [row] = await this.db
      .select({
        brand: schema.vehicles.brand,
        model: schema.vehicles.model,
        licensePlate: schema.vehicles.licensePlate,
        color: schema.vehicles.color,
        vehicleType: schema.vehicles.vehicleType,
      })
      .from(schema.vehicles)
      .where(eq(schema.vehicles.id, vehicleId));
    return row;
  }

  async findDriverPosition(driverId: number) {
    const [row] = await this.db
      .select({ latitude: schema.driverProfiles.currentLatitude, longitude: schema.driverProfiles.currentLongitude })
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, driverId));
    return row ?? { latitude: null, longitude: null };
  }

  /** The payment methods a driver takes and their Yape/Plin number. */
  async findDriverPayment(driverId: number): Promise<{ methods: PaymentMethod[]; walletPhone: string | null }> {
    const [row] = await this.db
      .select({
        acceptsCash: schema.driverProfiles.acceptsCash,
        acceptsYape: schema.driverProfiles.acceptsYape,
        acceptsPlin: schema.driverProfiles.acceptsPlin,
        walletPhone: schema.driverProfiles.walletPhone,
      })
      .from(schema.driverProfiles)
      .where(eq(schema.driverProfiles.userId, driverId));
    return row ? { methods: acceptedMethods(row), walletPhone: row.walletPhone } : { methods: [], walletPhone: null };
  }

  /** Whether the driver set a photo (the car card shows it, else initials). */
  async driverHasPhoto(driverId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: schema.driverPhotos.userId })
      .from(schema.driverPhotos)
      .where(eq(schema.driverPhotos.userId, driverId));
    return row !== undefined;
  }

  async updateDriverPosition(driverId: number, latitude: number, longitude: number, at: Date): Promise<void> {
    await this.db
      .update(schema.driverProfiles)
      .set({ currentLatitude: latitude.toFixed(6), currentLongitude: longitude.toFixed(6), locationUpdatedAt: at })
      .where(eq(schema.driverProfiles.userId, driverId));
  }

  /**
   * Many drivers' positions in one statement (the write-behind of their MQTT publishes). A position older than
   * the stored one (a stage change or a request-list read stored a newer one meanwhile) changes nothing.
   */
  async updateDriverPositions(
    positions: readonly { driverId: number; latitude: number; longitude: number; at: Date }[],
  ): Promise<void> {
    if (positions.length === 0) return;
    const rows = sql.join(
      positions.map(
        (p) =>
          sql`(${p.driverId}::int, ${p.latitude.toFixed(6)}::numeric, ${p.longitude.toFixed(6)}::numeric, ${p.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await this.db.execute(sql`
      update driver_profiles p
      set current_latitude = v.latitude, current_longitude = v.longitude, location_updated_at = v.at
      from (values ${rows}) as v(driver_id, latitude, longitude, at)
      where p.user_id = v.driver_id and (p.location_updated_at is null or p.location_updated_at <= v.at)`);
  }

  // --- offers and rejections ---

  /** Inserts an offer and, when it is the trip's first, stamps the trip's `first_offer_at` ('Indicadores'). */
  async insertOffer(values: typeof schema.tripOffers.$inferInsert): Promise<OfferRow> {
    return this.db.transaction(async (tx) => {
      const offer = await insertOne(tx, schema.tripOffers, values);
      await tx
        .update(schema.trips)
        .set({ firstOfferAt: offer.createdAt })
        .where(and(eq(schema.trips.id, offer.tripId), isNull(schema.trips.firstOfferAt)));
      return offer;
    });
  }

  async findOffer(tripId: number, driverId: number): Promise<OfferRow | undefined> {
    const [row] = await this.db
      .select()
      .from(schema.tripOffers)
      .where(and(eq(schema.tripOffers.tripId, tripId), eq(schema.tripOffers.driverId, driverId)));
    return row;
  }

  /** Each driver's live offer price on a trip (withdrawn offers excluded). */
  async listOfferPrices(tripId: number): Promise<{ driverId: number; priceCents: number }[]> {
    return this.db
      .select({ driverId: schema.tripOffers.driverId, priceCents: schema.tripOffers.priceCents })
      .from(schema.tripOffers)
      .where(and(eq(schema.tripOffers.tripId, tripId), eq(schema.tripOffers.status, 'pending')));
  }

  /** Offers on a trip with what the passenger needs to choose, cheapest first. */
  async listOffers(tripId: number) {
    return this.db
      .select({
        offer: schema.tripOffers,
        firstName: schema.users.firstName,
        lastName: schema.users.lastName,
        phoneVerified: sql<boolean>`${schema.users.phoneVerifiedAt} is not null`,
        vehicle: {
          brand: schema.vehicles.brand,
          model: schema.vehicles.model,
          licensePlate: schema.vehicles.licensePlate,
          color: schema.vehicles.color,
          vehicleType: schema.vehicles.vehicleType,
        },
        ratingAverage: sql<string | null>`${schema.users.ratingAverage}`.mapWith(ratingAverage),
      })
      .from(schema.tripOffers)
      .innerJoin(schema.users, eq(schema.users.id, schema.tripOffers.driverId))
      .innerJoin(schema.vehicles, eq(schema.vehicles.id, schema.tripOffers.vehicleId))
      .where(and(eq(schema.tripOffers.tripId, tripId), eq(schema.tripOffers.status, 'pending')))
      .orderBy(asc(schema.tripOffers.priceCents), asc(schema.tripOffers.createdAt));
  }

  /** Hides the request from the driver and withdraws their live offer on it; whether there was one. */
  async insertRejection(tripId: number, driverId: number, reason: string | undefined): Promise<boolean> {
    await this.db
      .insert(schema.tripRejections)
      .values({ tripId, driverId, reason: reason ?? null })
      .onConflictDoNothing();
    const withdrawn = await this.db
      .update(schema.tripOffers)
      .set({ status: 'withdrawn' })
      .where(
        and(
          eq(schema.tripOffers.tripId, tripId),
          eq(schema.tripOffers.driverId, driverId),
          eq(schema.tripOffers.status, 'pending'),
        ),
      )
      .returning({ id: schema.tripOffers.id });
    return withdrawn.length > 0;
  }
}
