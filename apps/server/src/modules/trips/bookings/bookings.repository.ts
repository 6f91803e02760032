/**
 * The database side of scheduled rides (rules in packages/domain/src/trip/booking.ts): the passenger's
 * upcoming bookings, the driver's "Programados", the overlap rule's lock and the clock's conditional updates.
 * A booking is a trip row with `scheduled_for`; until `activated_at` it is nobody's active trip (the partial
 * unique indexes skip it), until `live_at` it is not a live request.
 */
import { and, type Database, type DbExecutor, eq, inArray, isNull, lte, schema, sql, type Transaction } from '@jala/db';
import {
  BOOKING_ACTIVATION_MINUTES,
  BOOKING_CANCELLED_CARD_HOURS,
  BOOKING_DRIVER_NO_SHOW_MINUTES,
  BOOKING_GO_LIVE_MINUTES,
  BOOKING_GRACE_MINUTES,
  BOOKING_MAX_LEAD_DAYS,
  DRIVER_BUSY_STATUSES,
  type PaymentMethod,
  type TripStatus,
  vehicleTypeForServiceType,
} from '@jala/domain';

import type { TripRow } from '../core/trip-dto';
import type { NearbyRequestRow } from '../marketplace/matching.repository';

/** A booking as the overlap and limit rules read it. */
export type OpenBooking = { id: number; scheduledFor: Date; durationMinutes: number; started: boolean };

const MINUTE_MS = 60_000;
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE_MS);

/** A booking the clock still has work on: not ended, not yet activated. */
const dormant = and(
  sql`${schema.trips.scheduledFor} is not null`,
  isNull(schema.trips.activatedAt),
  inArray(schema.trips.status, ['pending', 'accepted']),
);

export type PassengerBookingRow = {
  trip: TripRow;
  driverFirstName: string | null;
  driverLastName: string | null;
  vehicle: { brand: string; model: string; color: string; licensePlate: string; vehicleType: string } | null;
  offersCount: number;
};

/** A booking on the driver's "Programados": the columns a live request shows, plus when and who confirmed. */
export type DriverBookingRow = Pick<
  NearbyRequestRow,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'service_type_id'
  | 'pickup_address'
  | 'destination_address'
  | 'pickup_latitude'
  | 'pickup_longitude'
  | 'estimated_fare_cents'
  | 'offer_price_cents'
  | 'distance_km'
  | 'duration_minutes'
  | 'distance_to_pickup_m'
  | 'my_offer_cents'
> & {
  scheduled_for: Date | string;
  agreed_fare_cents: number | null;
  driver_id: number | null;
  payment_method: PaymentMethod;
  cash_note: number | null;
  /** Set on a booking confirmed with this driver that its passenger cancelled (kept on the list a while). */
  passenger_cancelled_at: Date | string | null;
};

export class BookingsRepository {
  constructor(private readonly db: Database) {}

  /** The passenger's bookings that are not yet their active trip, soonest first, with the confirmed driver. */
  async listForPassenger(passengerId: number): Promise<PassengerBookingRow[]> {
    const rows = await this.db
      .select({
        trip: schema.trips,
        driverFirstName: schema.users.firstName,
        driverLastName: schema.users.lastName,
        vehicle: {
          brand: schema.vehicles.brand,
          model: schema.vehicles.model,
          color: schema.vehicles.color,
          licensePlate: schema.vehicles.licensePlate,
          vehicleType: schema.vehicles.vehicleType,
        },
        offersCount:
          sql<number>`(select count(*) from trip_offers o where o.trip_id = ${schema.trips.id} and o.status = 'pending')`.mapWith(
            Number,
          ),
      })
      .from(schema.trips)
      .leftJoin(schema.users, eq(schema.users.id, schema.trips.driverId))
      .leftJoin(schema.vehicles, eq(schema.vehicles.id, schema.trips.vehicleId))
      .where(and(eq(schema.trips.passengerId, passengerId), dormant))
      .orderBy(schema.trips.scheduledFor, schema.trips.id)
      .limit(50);
    return rows.map((row) => ({ ...row, vehicle: row.vehicle?.brand ? row.vehicle : null }));
  }

  /**
   * "Programados": bookings for the next 7 days whose pickup is within the driver's radius of their last
   * position, of their vehicle's service, not their own, not rejected or withdrawn from — plus the bookings
   * this driver is the confirmed driver of, and for BOOKING_CANCELLED_CARD_HOURS those confirmed with them
   * that their passenger cancelled (the card says so). Soonest first. Bookings are few next to live
   * requests, so a plain scan of the dormant-bookings index is enough. `listersOf` below is the same rule
   * read the other way (which drivers list one booking): change them together.
   */
  async listForDriver(
    driver: { driverId: number; latitude: number; longitude: number; radiusKm: number; serviceTypeId: number },
    now: Date,
  ): Promise<DriverBookingRow[]> {
    const here = sql`ll_to_earth(${driver.latitude}::float8, ${driver.longitude}::float8)`;
    const pickup = sql`ll_to_earth(t.pickup_latitude::float8, t.pickup_longitude::float8)`;
    const columns = sql`t.id, t.scheduled_for, u.first_name, u.last_name, t.service_type_id, t.pickup_address, t.destination_address,
             t.pickup_latitude, t.pickup_longitude, t.estimated_fare_cents, t.offer_price_cents, t.agreed_fare_cents,
             t.distance_km, t.duration_minutes, earth_distance(${here}, ${pickup}) as distance_to_pickup_m,
             o.price_cents as my_offer_cents, t.driver_id, t.payment_method, t.cash_note`;
    // Two branches so each keeps its index: open and confirmed bookings walk the dormant-bookings index,
    // the cancelled cards are this driver's own trips (the driver_id index).
    const result = await this.db.execute<DriverBookingRow>(sql`
      select * from (
        select ${columns}, null::timestamptz as passenger_cancelled_at
        from trips t
        join users u on u.id = t.passenger_id
        left join trip_offers o on o.trip_id = t.id and o.driver_id = ${driver.driverId}
        where t.scheduled_for is not null and t.activated_at is null and t.status in ('pending', 'accepted')
          and t.scheduled_for > ${now} and t.scheduled_for <= ${minutesAfter(now, BOOKING_MAX_LEAD_DAYS * 24 * 60)}
          and (
            (t.status = 'accepted' and t.driver_id = ${driver.driverId})
            or (t.status = 'pending'
                and t.service_type_id = ${driver.serviceTypeId}
                and t.passenger_id <> ${driver.driverId}
                and (o.status is null or o.status = 'pending')
                and not exists (select 1 from trip_rejections r where r.trip_id = t.id and r.driver_id = ${driver.driverId})
                and earth_distance(${here}, ${pickup}) <= ${driver.radiusKm * 1000})
          )
        union all
        select ${columns}, t.cancelled_at as passenger_cancelled_at
        from trips t
        join users u on u.id = t.passenger_id
        left join trip_offers o on o.trip_id = t.id and o.driver_id = ${driver.driverId}
        where t.driver_id = ${driver.driverId} and t.status = 'cancelled_by_passenger'
          and t.scheduled_for is not null and t.activated_at is null
          and t.cancelled_at > ${minutesAfter(now, -BOOKING_CANCELLED_CARD_HOURS * 60)}
      ) listed
      order by scheduled_for asc, id asc
      limit 100`);
    return result.rows;
  }

  /**
   * The drivers whose "Programados" lists this booking by the rule of `listForDriver` (verified, an active
   * vehicle of its service, last position within their radius of the pickup, not its passenger, neither
   * rejected nor withdrawn from, no offer or a live one): who is told at once when it appears, changes or
   * goes. The booking's own state is the caller's business (a booking just taken or cancelled is asked
   * about to tell those who listed it). Drivers who were not chosen (offer 'rejected') or gave it back
   * (a rejection row) are former counterparts and never in it. Scans the driver profiles like the live
   * requests' fan-out (`MatchingRepository.eligibleDriverIds`), once per booking event.
   */
  async listersOf(trip: {
    id: number;
    passengerId: number;
    serviceTypeId: number;
    pickupLatitude: string;
    pickupLongitude: string;
  }): Promise<number[]> {
    const result = await this.db.execute<{ user_id: number }>(sql`
      select p.user_id
      from driver_profiles p
      join vehicles v on v.id = p.active_vehicle_id and v.driver_id = p.user_id and v.vehicle_status = 'active'
      where p.verification_status = 'verified'
        and v.vehicle_type = ${vehicleTypeForServiceType(trip.serviceTypeId)}
        and p.user_id <> ${trip.passengerId}
        and p.current_latitude is not null and p.current_longitude is not null
        and earth_distance(ll_to_earth(p.current_latitude::float8, p.current_longitude::float8),
                           ll_to_earth(${Number(trip.pickupLatitude)}::float8, ${Number(trip.pickupLongitude)}::float8)) <= p.search_radius_km * 1000
        and not exists (select 1 from trip_rejections r where r.trip_id = ${trip.id} and r.driver_id = p.user_id)
        and not exists (select 1 from trip_offers o where o.trip_id = ${trip.id} and o.driver_id = p.user_id and o.status <> 'pending')`);
    return result.rows.map((row) => Number(row.user_id));
  }

  /**
   * Serialises the overlap rule per driver: taken in the accept's transaction, so two passengers confirming
   * the same driver for overlapping bookings at once are checked one after the other.
   */
  async lockDriver(tx: Transaction, driverId: number): Promise<void> {
    await tx.execute(sql`select user_id from driver_profiles where user_id = ${driverId} for update`);
  }

  /** The bookings this driver is assigned to and has not finished (their time and route duration). */
  async assignedBookings(driverId: number, exceptTripId: number, tx: DbExecutor = this.db): Promise<OpenBooking[]> {
    return this.openBookings('driverId', driverId, [...DRIVER_BUSY_STATUSES], exceptTripId, tx);
  }

  /** The passenger's bookings not ended: searching, confirmed or under way (their time, route duration, whether started). */
  async passengerBookings(passengerId: number, tx: DbExecutor = this.db): Promise<OpenBooking[]> {
    return this.openBookings('passengerId', passengerId, ['pending', ...DRIVER_BUSY_STATUSES], 0, tx);
  }

  /**
   * Inserts a booking after `check` accepted the passenger's other open bookings, under a lock of the
   * passenger's row: two bookings sent at once (a double tap, two phones) are checked one after the other.
   */
  async insertBooking(
    values: typeof schema.trips.$inferInsert,
    check: (others: OpenBooking[]) => void,
  ): Promise<TripRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${values.passengerId} for update`);
      check(await this.passengerBookings(values.passengerId, tx));
      const [row] = await tx.insert(schema.trips).values(values).returning();
      if (!row) throw new Error('insert trips returned no row');
      return row;
    });
  }

  private async openBookings(
    party: 'driverId' | 'passengerId',
    userId: number,
    statuses: TripStatus[],
    exceptTripId: number,
    tx: DbExecutor,
  ): Promise<OpenBooking[]> {
    const rows = await tx
      .select({
        id: schema.trips.id,
        scheduledFor: schema.trips.scheduledFor,
        durationMinutes: schema.trips.durationMinutes,
        activatedAt: schema.trips.activatedAt,
      })
      .from(schema.trips)
      .where(
        and(
          eq(schema.trips[party], userId),
          inArray(schema.trips.status, statuses),
          sql`${schema.trips.scheduledFor} is not null`,
          sql`${schema.trips.id} <> ${exceptTripId}`,
        ),
      );
    return rows.flatMap((row) =>
      row.scheduledFor
        ? [
            {
              id: row.id,
              scheduledFor: row.scheduledFor,
              durationMinutes: row.durationMinutes,
              started: row.activatedAt !== null,
            },
          ]
        : [],
    );
  }

  async recordCancellation(tx: DbExecutor, values: typeof schema.bookingCancellations.$inferInsert): Promise<void> {
    await tx.insert(schema.bookingCancellations).values(values);
  }

  /**
   * The confirmed driver gives a booking back: it is pending again with no driver, their offer is
   * withdrawn and the request hidden from them, the offers of drivers not chosen earlier are dropped so those
   * drivers may offer again, and the cancellation is recorded — all or nothing. Joins the live requests at
   * once when within 30 minutes of pickup. Undefined when the trip is no longer this driver's accepted booking.
   */
  async release(tripId: number, driverId: number, at: Date, late: boolean): Promise<TripRow | undefined> {
    return this.db.transaction(async (tx) => {
      const goLiveBy = minutesAfter(at, BOOKING_GO_LIVE_MINUTES);
      const [trip] = await tx
        .update(schema.trips)
        .set({
          status: 'pending',
          driverId: null,
          vehicleId: null,
          agreedFareCents: null,
          startCode: null,
          startCodeAttempts: 0,
          acceptedAt: null,
          liveAt: sql`case when ${schema.trips.scheduledFor} <= ${goLiveBy} then coalesce(${schema.trips.liveAt}, ${at}) else ${schema.trips.liveAt} end`,
          // Given back at or after its time, it still gets the usual 10 minutes to find another driver.
          expiresAt: sql`greatest(${schema.trips.expiresAt}, ${minutesAfter(at, BOOKING_GRACE_MINUTES)})`,
        })
        .where(
          and(
            eq(schema.trips.id, tripId),
            eq(schema.trips.driverId, driverId),
            eq(schema.trips.status, 'accepted'),
            sql`${schema.trips.scheduledFor} is not null`,
          ),
        )
        .returning();
      if (!trip?.scheduledFor) return undefined;
      await tx
        .update(schema.tripOffers)
        .set({ status: 'withdrawn' })
        .where(and(eq(schema.tripOffers.tripId, tripId), eq(schema.tripOffers.driverId, driverId)));
      await tx
        .delete(schema.tripOffers)
        .where(and(eq(schema.tripOffers.tripId, tripId), eq(schema.tripOffers.status, 'rejected')));
      await tx
        .insert(schema.tripRejections)
        .values({ tripId, driverId, reason: 'booking_cancelled_by_driver' })
        .onConflictDoNothing();
      await this.recordCancellation(tx, {
        tripId,
        userId: driverId,
        role: 'driver',
        late,
        scheduledFor: trip.scheduledFor,
        cancelledAt: at,
      });
      return trip;
    });
  }

  // --- the clock (run once per cluster by the trips sweeper) ---

  /**
   * Marks the bookings due for the `minutes`-before reminder (not ended, pickup within `minutes`, not yet
   * reminded this close) and returns them: the conditional update makes each reminder go out once even if
   * two sweeps overlap. A sweep that finds both reminders due sends only the nearer one (callers go nearest first).
   */
  async claimReminders(minutes: number, now: Date): Promise<TripRow[]> {
    return this.db
      .update(schema.trips)
      .set({ remindedMinutes: minutes })
      .where(
        and(
          sql`${schema.trips.scheduledFor} is not null`,
          inArray(schema.trips.status, ['pending', 'accepted', 'en_route', 'arrived']),
          lte(schema.trips.scheduledFor, minutesAfter(now, minutes)),
          sql`${schema.trips.scheduledFor} > ${now}`,
          sql`(${schema.trips.remindedMinutes} is null or ${schema.trips.remindedMinutes} > ${minutes})`,
        ),
      )
      .returning();
  }

  /** Bookings with no confirmed driver 30 minutes before: they join the live requests (returned, to push them). */
  async goLive(now: Date): Promise<TripRow[]> {
    return this.db
      .update(schema.trips)
      .set({ liveAt: now, publishedAt: sql`coalesce(${schema.trips.publishedAt}, ${now})` })
      .where(
        and(
          sql`${schema.trips.scheduledFor} is not null`,
          eq(schema.trips.status, 'pending'),
          isNull(schema.trips.liveAt),
          lte(schema.trips.scheduledFor, minutesAfter(now, BOOKING_GO_LIVE_MINUTES)),
        ),
      )
      .returning();
  }

  /**
   * Confirmed bookings whose driver is still not on the way (status 'accepted': busy on another trip, or
   * never started) 5 minutes after pickup time, soonest first.
   */
  async dueForNoShow(now: Date): Promise<{ id: number; driverId: number }[]> {
    const rows = await this.db
      .select({ id: schema.trips.id, driverId: schema.trips.driverId })
      .from(schema.trips)
      .where(
        and(
          sql`${schema.trips.scheduledFor} is not null`,
          eq(schema.trips.status, 'accepted'),
          lte(schema.trips.scheduledFor, minutesAfter(now, -BOOKING_DRIVER_NO_SHOW_MINUTES)),
        ),
      )
      .orderBy(schema.trips.scheduledFor);
    return rows.flatMap((row) => (row.driverId === null ? [] : [{ id: row.id, driverId: row.driverId }]));
  }

  /** Bookings due to become the active trip of both sides (20 minutes before), soonest first. */
  async dueForActivation(now: Date): Promise<number[]> {
    const rows = await this.db
      .select({ id: schema.trips.id })
      .from(schema.trips)
      .where(and(dormant, lte(schema.trips.scheduledFor, minutesAfter(now, BOOKING_ACTIVATION_MINUTES))))
      .orderBy(schema.trips.scheduledFor);
    return rows.map((row) => row.id);
  }

  /**
   * Activates one booking (a conditional update); the unique indexes refuse it while its passenger or driver
   * is still on another live trip — the caller then leaves it for the next sweep.
   */
  async activate(tripId: number, now: Date): Promise<TripRow | undefined> {
    const [row] = await this.db
      .update(schema.trips)
      .set({ activatedAt: now })
      .where(
        and(
          eq(schema.trips.id, tripId),
          isNull(schema.trips.activatedAt),
          inArray(schema.trips.status, ['pending', 'accepted']),
        ),
      )
      .returning();
    return row;
  }
}
