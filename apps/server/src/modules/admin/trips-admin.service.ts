import { CHAT_PAGE_MAX, type AdminChatPage, type AdminTrip, type AdminTripStory, type ChatPageQuery, type LiveCity } from '@jala/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, schema, sql, type Database } from '@jala/db';
import { ACTIVE_TRIP_STATUSES, fromCentimos, type TripStatus } from '@jala/domain';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error';
import { toFareAdjustmentDto } from '../trips/trip-dto';
import { fullName } from '../../lib/person-name';

const passengers = alias(schema.users, 'passenger');
const drivers = alias(schema.users, 'driver');

/** How recent a driver's position must be to appear on the live map. */
const LIVE_POSITION_MINUTES = 10;

type TripRow = typeof schema.trips.$inferSelect;

function toAdminTrip(trip: TripRow, passenger: { id: number; firstName: string; lastName: string }, driver: { id: number; firstName: string; lastName: string } | null): AdminTrip {
  return {
    id: trip.id,
    trip_code: trip.tripCode,
    status: trip.status,
    passenger: { id: passenger.id, name: fullName(passenger) },
    driver: driver ? { id: driver.id, name: fullName(driver) } : null,
    pickup_address: trip.pickupAddress,
    destination_address: trip.destinationAddress,
    pickup_latitude: Number(trip.pickupLatitude),
    pickup_longitude: Number(trip.pickupLongitude),
    estimated_fare: fromCentimos(trip.estimatedFareCents),
    agreed_fare: trip.agreedFareCents == null ? null : fromCentimos(trip.agreedFareCents),
    created_at: trip.createdAt.toISOString(),
    scheduled_for: trip.scheduledFor?.toISOString() ?? null,
  };
}

/** Operators' read side of the marketplace: trips with filters, one trip's story, the live city. */
export class TripsAdminService {
  constructor(private readonly db: Database, private readonly now: () => Date) {}

  async list(filters: { status?: TripStatus; active?: 'true' | 'false'; scheduled?: 'true' | 'false'; q?: string }): Promise<AdminTrip[]> {
    const conditions = [];
    const scheduledOnly = filters.scheduled === 'true';
    if (scheduledOnly) conditions.push(isNotNull(schema.trips.scheduledFor));
    if (filters.status) conditions.push(eq(schema.trips.status, filters.status));
    if (filters.active === 'true') conditions.push(inArray(schema.trips.status, [...ACTIVE_TRIP_STATUSES]));
    if (filters.q) {
      const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql`(${schema.trips.tripCode} ilike ${pattern} or ${schema.trips.pickupAddress} ilike ${pattern}
        or ${schema.trips.destinationAddress} ilike ${pattern}
        or (${passengers.firstName} || ' ' || ${passengers.lastName}) ilike ${pattern}
        or (${drivers.firstName} || ' ' || ${drivers.lastName}) ilike ${pattern})`);
    }
    const rows = await this.db.select({ trip: schema.trips, passenger: passengers, driver: drivers }).from(schema.trips)
      .innerJoin(passengers, eq(passengers.id, schema.trips.passengerId))
      .leftJoin(drivers, eq(drivers.id, schema.trips.driverId))
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(...(scheduledOnly ? [asc(schema.trips.scheduledFor), asc(schema.trips.id)] : [desc(schema.trips.id)])).limit(100);
    return rows.map(({ trip, passenger, driver }) => toAdminTrip(trip, passenger, driver));
  }

  async story(tripId: number): Promise<AdminTripStory> {
    const [row] = await this.db.select({ trip: schema.trips, passenger: passengers, driver: drivers }).from(schema.trips)
      .innerJoin(passengers, eq(passengers.id, schema.trips.passengerId))
      .leftJoin(drivers, eq(drivers.id, schema.trips.driverId))
      .where(eq(schema.trips.id, tripId));
    if (!row) throw new AppError('TRIP_NOT_FOUND');
    const { trip } = row;
    const offers = await this.db.select({ offer: schema.tripOffers, driver: schema.users }).from(schema.tripOffers)
      .innerJoin(schema.users, eq(schema.users.id, schema.tripOffers.driverId))
      .where(eq(schema.tripOffers.tripId, tripId)).orderBy(asc(schema.tripOffers.id));
    const chat = await this.chatPageOf(tripId, {});
    const adjustments = await this.db.select().from(schema.fareAdjustments)
      .where(eq(schema.fareAdjustments.tripId, tripId)).orderBy(asc(schema.fareAdjustments.id));

    // The status log is read off the timestamp each transition stamps (TripsRepository.transition), in
    // lifecycle order (which is also time order). A booking (issue 25) adds when it went live — only one
    // nobody had confirmed 30 minutes before — and when it became the active trip (20 minutes before).
    const stamps: [string, Date | null][] = [
      ['pending', trip.createdAt], ['published', trip.publishedAt], ['booking_live', trip.liveAt], ['accepted', trip.acceptedAt],
      ['booking_active', trip.activatedAt], ['en_route', trip.enRouteAt],
      ['arrived', trip.arrivedAt], ['in_progress', trip.startedAt], ['completed', trip.completedAt],
      [trip.status.startsWith('cancelled') ? trip.status : 'cancelled', trip.cancelledAt],
    ];
    const positions: AdminTripStory['positions'] = [
      { label: 'Recojo', latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude), at: trip.createdAt.toISOString() },
      { label: 'Destino', latitude: Number(trip.destinationLatitude), longitude: Number(trip.destinationLongitude), at: null },
      ...offers.filter(({ offer }) => offer.driverLatitude != null && offer.driverLongitude != null).map(({ offer, driver }) => ({
        label: `Oferta de ${fullName(driver)}`, latitude: Number(offer.driverLatitude), longitude: Number(offer.driverLongitude), at: offer.createdAt.toISOString(),
      })),
      ...(trip.finalLatitude != null && trip.finalLongitude != null
        ? [{ label: 'Fin del viaje', latitude: Number(trip.finalLatitude), longitude: Number(trip.finalLongitude), at: (trip.completedAt ?? trip.cancelledAt)?.toISOString() ?? null }]
        : []),
    ];
    return {
      trip: {
        ...toAdminTrip(trip, row.passenger, row.driver),
        cancel_reason: trip.cancelReason,
        final_fare: trip.finalFareCents == null ? null : fromCentimos(trip.finalFareCents),
      },
      status_log: stamps.filter((s): s is [string, Date] => s[1] !== null)
        .map(([status, at]) => ({ status, at: at.toISOString() })),
      offers: offers.map(({ offer, driver }) => ({
        id: offer.id, driver_name: fullName(driver), price: fromCentimos(offer.priceCents), status: offer.status,
        created_at: offer.createdAt.toISOString(),
        driver_latitude: offer.driverLatitude == null ? null : Number(offer.driverLatitude),
        driver_longitude: offer.driverLongitude == null ? null : Number(offer.driverLongitude),
      })),
      chat: chat.messages,
      chat_next_before: chat.next_before,
      positions,
      fare_adjustments: adjustments.map(toFareAdjustmentDto),
    };
  }

  /** A page of the trip's chat (every conversation of it) before the cursor `before`; 404 for an unknown trip. */
  async chatPage(tripId: number, query: ChatPageQuery): Promise<AdminChatPage> {
    const [trip] = await this.db.select({ id: schema.trips.id }).from(schema.trips).where(eq(schema.trips.id, tripId));
    if (!trip) throw new AppError('TRIP_NOT_FOUND');
    return this.chatPageOf(tripId, query);
  }

  /**
   * The trip's chat newest first, at most one page (the operator asked for the whole chat before, and a
   * flooded trip answered hundreds of kilobytes), returned oldest to newest with the cursor of the page
   * before: the id of its oldest message, in the history order of the conversations (stored time, then id).
   */
  private async chatPageOf(tripId: number, query: ChatPageQuery): Promise<AdminChatPage> {
    const m = schema.chatMessages;
    const limit = query.limit ?? CHAT_PAGE_MAX;
    const before = query.before === undefined ? undefined : sql`(${m.createdAt}, ${m.id}) < (
      select mark.created_at, mark.id from ${m} mark where mark.id = ${query.before} and mark.trip_id = ${tripId})`;
    const rows = await this.db.select({ message: m, driver: schema.users }).from(m)
      .innerJoin(schema.users, eq(schema.users.id, m.driverId))
      .where(and(eq(m.tripId, tripId), before))
      .orderBy(desc(m.createdAt), desc(m.id)).limit(limit + 1);
    const page = rows.slice(0, limit).reverse();
    return {
      messages: page.map(({ message, driver }) => ({
        driver_name: fullName(driver), sender_role: message.senderRole, message: message.message, created_at: message.createdAt.toISOString(),
      })),
      next_before: rows.length > limit ? (page[0]?.message.id ?? null) : null,
    };
  }

  /** Online drivers with a recent position (by vehicle type), every active trip at its pickup, open SOS alerts. */
  async liveCity(): Promise<LiveCity> {
    const now = this.now();
    const since = new Date(now.getTime() - LIVE_POSITION_MINUTES * 60_000);
    const online = await this.db.select({ profile: schema.driverProfiles, user: schema.users, vehicle: schema.vehicles })
      .from(schema.driverProfiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.driverProfiles.userId))
      .innerJoin(schema.vehicles, eq(schema.vehicles.id, schema.driverProfiles.activeVehicleId))
      .where(and(eq(schema.driverProfiles.driverStatus, 'online'), isNotNull(schema.driverProfiles.currentLatitude),
        sql`${schema.driverProfiles.locationUpdatedAt} >= ${since}`))
      .limit(1000);
    const active = await this.db.select().from(schema.trips)
      .where(inArray(schema.trips.status, [...ACTIVE_TRIP_STATUSES])).orderBy(desc(schema.trips.id)).limit(1000);
    const [alerts] = await this.db.select({ open: count() }).from(schema.safetyAlerts).where(isNull(schema.safetyAlerts.resolvedAt));
    return {
      drivers: online.map(({ profile, user, vehicle }) => ({
        id: user.id, name: fullName(user), vehicle_type: vehicle.vehicleType,
        latitude: Number(profile.currentLatitude), longitude: Number(profile.currentLongitude),
      })),
      trips: active.map((trip) => ({
        id: trip.id, trip_code: trip.tripCode, status: trip.status, latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude),
      })),
      open_alerts: alerts?.open ?? 0,
      at: now.toISOString(),
    };
  }
}
