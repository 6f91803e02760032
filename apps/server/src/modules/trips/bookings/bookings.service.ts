/**
 * Scheduled rides: what the passenger and the driver read of upcoming bookings, the driver giving a
 * confirmed booking back, and the overlap rule. Creating, offering, accepting and the passenger's cancel
 * go through the marketplace services like live trips; they call in here for what only bookings need.
 */
import type { BookingsChanged, DriverBooking, PassengerBooking } from '@jala/contracts';
import type { schema } from '@jala/db';
import {
  BOOKING_DRIVER_NO_SHOW_DRIVER_MESSAGE,
  BOOKING_DRIVER_NO_SHOW_REASON,
  BOOKING_MAX_PENDING_PER_PASSENGER,
  bookingsOverlap,
  fromCentimos,
  isLateBookingCancellation,
  roundTo2,
  serviceTypeName,
} from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import type { DriverContextRepository } from '../core/driver-context.repository';
import type { LiveTrips } from '../core/live-trips';
import { type TripRow, vehicleLabel } from '../core/trip-dto';
import type { TripEvents } from '../core/trip-events';
import { isBooking, isLiveRequest } from '../core/trip-kinds';
import type { TripsRepository } from '../core/trips.repository';
import type { RequestFanout } from '../marketplace/request-fanout';
import { distanceToPickupKm } from '../request-feed/driver-request-dto';
import type { BookingsRepository, OpenBooking } from './bookings.repository';

export interface BookingsDeps {
  bookings: BookingsRepository;
  trips: TripsRepository;
  drivers: Pick<DriverContextRepository, 'load'>;
  fanout: RequestFanout;
  events: TripEvents;
  live: LiveTrips;
  now: () => Date;
}

/** What the passenger reads when their confirmed driver gives the booking back. */
export const DRIVER_RELEASED_BOOKING_REASON =
  'Tu conductor canceló el viaje programado. Lo publicamos de nuevo para otros conductores.';

const firstWord = (name: string) => name.trim().split(/\s+/)[0] || name;

/** The same error with its message under the wizard's "¿Cuándo?" (`fields.scheduled_for`). */
const withWhenField = (error: AppError) => new AppError(error.code, error.message, { scheduled_for: error.message });

export class BookingsService {
  constructor(private readonly d: BookingsDeps) {}

  /** "Próximos viajes": the passenger's bookings not yet active, with their state. */
  async upcomingForPassenger(passengerId: number): Promise<PassengerBooking[]> {
    const now = this.d.now();
    const rows = await this.d.bookings.listForPassenger(passengerId);
    return rows.flatMap(({ trip, driverFirstName, driverLastName, vehicle, offersCount }) =>
      trip.scheduledFor
        ? [
            {
              id: trip.id,
              trip_code: trip.tripCode,
              scheduled_for: trip.scheduledFor.toISOString(),
              pickup_address: trip.pickupAddress,
              destination_address: trip.destinationAddress,
              service_type_id: trip.serviceTypeId,
              fare: fromCentimos(trip.agreedFareCents ?? trip.offerPriceCents ?? trip.estimatedFareCents),
              distance_km: roundTo2(Number(trip.distanceKm)),
              duration_minutes: trip.durationMinutes,
              state: trip.driverId === null ? ('searching' as const) : ('confirmed' as const),
              offers_count: offersCount,
              driver:
                trip.driverId === null
                  ? null
                  : {
                      id: trip.driverId,
                      name: `${driverFirstName ?? ''} ${driverLastName ?? ''}`.trim(),
                      vehicle: vehicle ? vehicleLabel(vehicle) : null,
                    },
              late_cancel: isLateBookingCancellation(trip.scheduledFor, now),
            },
          ]
        : [],
    );
  }

  /**
   * "Programados": bookings within the driver's search radius of their last stored position, for their
   * active vehicle's service, next 7 days; plus those they are confirmed for. Offline drivers see the list
   * too (they plan ahead); offering still needs them online, as on live requests.
   */
  async upcomingForDriver(driverId: number): Promise<DriverBooking[]> {
    const now = this.d.now();
    const driver = await this.d.drivers.load(driverId, now);
    if (!driver.isVerified) throw new AppError('DRIVER_NOT_VERIFIED');
    if (!driver.vehicle) throw new AppError('NO_ACTIVE_VEHICLE');
    if (driver.latitude == null || driver.longitude == null) throw new AppError('LOCATION_NEEDED_FOR_REQUESTS');
    const rows = await this.d.bookings.listForDriver(
      {
        driverId,
        latitude: driver.latitude,
        longitude: driver.longitude,
        radiusKm: driver.radiusKm,
        serviceTypeId: driver.vehicle.vehicleType === 'mototaxi' ? 1 : 2,
      },
      now,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      scheduled_for: new Date(row.scheduled_for).toISOString(),
      passenger_name: `${row.first_name} ${row.last_name}`.trim(),
      service_type_id: Number(row.service_type_id),
      service_type: serviceTypeName(Number(row.service_type_id)) ?? 'Auto',
      payment_method: row.payment_method,
      cash_note: row.cash_note == null ? null : Number(row.cash_note),
      pickup_address: row.pickup_address,
      destination_address: row.destination_address,
      pickup_latitude: Number(row.pickup_latitude),
      pickup_longitude: Number(row.pickup_longitude),
      fare: fromCentimos(Number(row.agreed_fare_cents ?? row.offer_price_cents ?? row.estimated_fare_cents)),
      distance_km: roundTo2(Number(row.distance_km)),
      duration_minutes: Number(row.duration_minutes),
      distance_to_pickup_km: distanceToPickupKm(Number(row.distance_to_pickup_m)),
      my_offer_price: row.my_offer_cents == null ? null : fromCentimos(Number(row.my_offer_cents)),
      confirmed: row.driver_id !== null && Number(row.driver_id) === driverId,
      passenger_cancelled_at:
        row.passenger_cancelled_at == null ? null : new Date(row.passenger_cancelled_at).toISOString(),
    }));
  }

  // --- live news of the lists (docs/ARCHITECTURE.md "Scheduled rides"): each call is made after the
  // write's commit and its read-version bumps, so a list that reads itself again on the news sees the change.

  /**
   * Tells every driver who lists `trip` now — by the list's own rule, `BookingsRepository.listersOf` — that
   * their "Programados" changed ('listed': it appeared, came back or changed; 'unlisted': it went).
   * `except` are drivers told otherwise (the chosen one). Nothing for a booking already active: it is in
   * nobody's "Programados" then (its drivers follow the live request), except the moment it leaves them
   * (`announceActivated`).
   */
  async announceToListers(
    trip: TripRow,
    change: Exclude<BookingsChanged['change'], 'confirmed'>,
    except: readonly number[] = [],
  ): Promise<void> {
    if (!isBooking(trip) || trip.activatedAt !== null) return;
    await this.tellListers(trip, change, except);
  }

  /** A booking became the active trip (BookingClock): it leaves "Programados" for whoever still listed it unconfirmed. */
  async announceActivated(trip: TripRow): Promise<void> {
    if (isBooking(trip) && trip.driverId === null) await this.tellListers(trip, 'unlisted', []);
  }

  private async tellListers(
    trip: TripRow,
    change: BookingsChanged['change'],
    except: readonly number[],
  ): Promise<void> {
    const skip = new Set(except);
    for (const driverId of await this.d.bookings.listersOf(trip)) {
      if (!skip.has(driverId)) this.d.events.toUser(driverId, { type: 'bookings_changed', trip_id: trip.id, change });
    }
  }

  /**
   * The passenger chose a driver for a booking: the chosen driver's list says "Confirmado contigo" at once;
   * those who listed it without offering see it go. Drivers not chosen are former counterparts and hear
   * only their feed's `offer_declined` (OffersService.acceptOffer).
   */
  async announceConfirmed(trip: TripRow & { driverId: number }): Promise<void> {
    this.d.events.toUser(trip.driverId, { type: 'bookings_changed', trip_id: trip.id, change: 'confirmed' });
    await this.announceToListers(trip, 'unlisted', [trip.driverId]);
  }

  /**
   * A booking ended before it started (the passenger cancelled, it expired unserved, an operator ended it):
   * a confirmed driver is told who cancelled and for when (their list keeps the card, cancelled; Web Push
   * says it through TripEvents.status), everyone who listed it still searching sees it go.
   */
  async announceClosed(trip: TripRow, at: Date): Promise<void> {
    if (!isBooking(trip) || trip.activatedAt !== null) return;
    if (trip.driverId === null) {
      await this.announceToListers(trip, 'unlisted');
      return;
    }
    if (trip.status !== 'cancelled_by_passenger') {
      this.d.events.toUser(trip.driverId, { type: 'bookings_changed', trip_id: trip.id, change: 'unlisted' });
      return;
    }
    const passenger = await this.d.trips.findParty(trip.passengerId);
    this.d.events.toUser(trip.driverId, {
      type: 'booking_cancelled',
      trip_id: trip.id,
      scheduled_for: trip.scheduledFor.toISOString(),
      cancelled_at: (trip.cancelledAt ?? at).toISOString(),
      passenger_first_name: firstWord(passenger?.firstName ?? 'El pasajero'),
    });
  }

  /**
   * The overlap rule: a driver with a confirmed booking cannot take another booking whose pickup falls
   * within pickup ± route duration + 30 minutes of it. `tx` is the accept's transaction (after lockDriver).
   */
  async requireNoOverlap(
    driverId: number,
    trip: TripRow,
    tx?: Parameters<BookingsRepository['assignedBookings']>[2],
  ): Promise<void> {
    if (!trip.scheduledFor) return;
    const candidate = { scheduledFor: trip.scheduledFor, durationMinutes: trip.durationMinutes };
    const confirmed = await this.d.bookings.assignedBookings(driverId, trip.id, tx);
    if (confirmed.some((other) => bookingsOverlap(other, candidate))) throw new AppError('BOOKING_OVERLAP');
  }

  /**
   * A passenger's new booking: refused when its window (pickup ± route duration + 30 minutes, the drivers'
   * rule) crosses another of their open bookings, or when they already hold BOOKING_MAX_PENDING_PER_PASSENGER
   * bookings not yet started. Both answer 409 with the message on `fields.scheduled_for` ("¿Cuándo?").
   */
  async createForPassenger(values: typeof schema.trips.$inferInsert & { scheduledFor: Date }): Promise<TripRow> {
    return this.d.bookings.insertBooking(values, (others: OpenBooking[]) => {
      const candidate = { scheduledFor: values.scheduledFor, durationMinutes: values.durationMinutes };
      if (others.some((other) => bookingsOverlap(other, candidate))) {
        throw withWhenField(new AppError('PASSENGER_BOOKING_OVERLAP'));
      }
      if (others.filter((other) => !other.started).length >= BOOKING_MAX_PENDING_PER_PASSENGER) {
        throw withWhenField(new AppError('BOOKING_LIMIT_REACHED'));
      }
    });
  }

  /**
   * The confirmed driver cancels a booking: it goes back to the market (other drivers may offer; within 30
   * minutes of pickup it is pushed to them live at once), the passenger is told at once on trip_status, and a
   * cancellation less than 60 minutes before counts against the driver's completion rate.
   */
  async releaseByDriver(driverId: number, tripId: number): Promise<{ trip: TripRow; late: boolean }> {
    const now = this.d.now();
    const before = await this.d.trips.findById(tripId);
    if (!before || before.driverId !== driverId || !isBooking(before)) throw new AppError('TRIP_NOT_FOUND');
    if (before.status !== 'accepted') throw new AppError('TRANSITION_NOT_ALLOWED');
    const late = isLateBookingCancellation(before.scheduledFor, now);
    const released = await this.d.bookings.release(tripId, driverId, now, late);
    if (!released) throw new AppError('TRIP_STATUS_CHANGED');
    await this.afterRelease(released, driverId, now, DRIVER_RELEASED_BOOKING_REASON);
    return { trip: released, late };
  }

  /**
   * The system takes a confirmed booking from a driver who is not on the way 5 minutes after its time (still
   * on another trip, or never started): as if they gave it back late — counted against them, the passenger
   * told at once and the booking republished live for 10 more minutes — and both are told why, in the app
   * and by push. False when it changed meanwhile (the driver started, the passenger cancelled).
   */
  async releaseForNoShow(driverId: number, tripId: number): Promise<boolean> {
    const now = this.d.now();
    const released = await this.d.bookings.release(tripId, driverId, now, true);
    if (!released) return false;
    this.d.events.toUser(driverId, {
      type: 'booking_released',
      trip_id: tripId,
      message: BOOKING_DRIVER_NO_SHOW_DRIVER_MESSAGE,
    });
    await this.afterRelease(released, driverId, now, BOOKING_DRIVER_NO_SHOW_REASON);
    this.d.events.bookingDriverNoShow(tripId, driverId);
    return true;
  }

  /** What follows a booking's release, whoever released it: read models, the driver cut off, the passenger told, drivers pushed. */
  private async afterRelease(released: TripRow, driverId: number, now: Date, reason: string): Promise<void> {
    // Both sides' answers change (the driver's stats too): bumped before anyone is told.
    await this.d.live.touchTrip({ id: released.id, passengerId: released.passengerId, driverId });
    await this.d.events.formerCounterparts(released.id, [driverId]);
    this.d.events.status(released.id, 'pending', null, now, reason);
    // Back on the market: every driver who may take it now (not the one who gave it back) sees it again.
    await this.announceToListers(released, 'listed');
    if (isLiveRequest(released)) await this.pushLive(released, now);
  }

  /** Pushes a booking that is now a live request to the drivers who would see it in their live feed. */
  async pushLive(trip: TripRow, now: Date): Promise<void> {
    await this.d.fanout.toEligibleDrivers(trip, now);
  }
}
