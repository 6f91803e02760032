/**
 * The clock of scheduled rides, one tick per sweep of the trips sweeper, which runs once per
 * cluster (lib/cluster-lock.ts). Every step is a conditional update, so a tick repeated or overlapping
 * another changes nothing twice. In order:
 * 1. reminders 60 and 15 minutes before (the nearer one first, so a late tick sends only it): a
 *    `booking_reminder` on notifications/{user} for the passenger and the confirmed driver (the app shows a
 *    banner), then every extra channel registered as a reminder hook;
 * 2. bookings with no confirmed driver 30 minutes before join the live requests and are pushed to drivers;
 * 3. 20 minutes before, a booking becomes the active trip of both sides (`booking_activated` on each
 *    one's notifications/{user}: an open app goes to it at once, the active-trip guard on any later
 *    navigation); while one of them is still on another live trip the unique indexes refuse it and it waits
 *    for the next tick.
 * 4. 5 minutes after its time, a confirmed booking whose driver is not on the way (busy on another trip, or
 *    never started) is taken from them and republished (BookingsService.releaseForNoShow).
 * Ending a booking nobody was chosen for (10 minutes after its time) is the marketplace's own expiry: its
 * `expires_at` is set so at creation (TripRequestsService.expirePending).
 */
import type { BookingReminder } from '@jala/contracts';
import { BOOKING_REMINDER_MINUTES, type TripActor } from '@jala/domain';
import type { FastifyBaseLogger } from 'fastify';

import { isUniqueViolation } from '../../../lib/db-errors';
import type { LiveTrips } from '../core/live-trips';
import type { TripRow } from '../core/trip-dto';
import type { TripEvents } from '../core/trip-events';
import type { BookingsRepository } from './bookings.repository';
import type { BookingsService } from './bookings.service';

/** One reminder for one user. */
export interface BookingReminderDelivery {
  userId: number;
  reminder: BookingReminder;
}

/**
 * Extra reminder channels besides the in-app banner (MQTT): app.ts registers Web Push (modules/notifications)
 * with `BookingClock.addReminderHook`. A failing hook is logged, never blocks the clock.
 */
export type BookingReminderHook = (delivery: BookingReminderDelivery) => Promise<void>;

export interface BookingClockDeps {
  repository: BookingsRepository;
  bookings: BookingsService;
  events: TripEvents;
  live: LiveTrips;
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface BookingTick {
  reminded: number;
  wentLive: number;
  activated: number;
  /** Confirmed bookings taken from a driver not on the way 5 minutes after their time. */
  noShows: number;
}

export class BookingClock {
  private readonly reminderHooks: BookingReminderHook[] = [];

  constructor(private readonly d: BookingClockDeps) {}

  addReminderHook(hook: BookingReminderHook): void {
    this.reminderHooks.push(hook);
  }

  async tick(): Promise<BookingTick> {
    const now = this.d.now();
    let reminded = 0;
    for (const minutes of [...BOOKING_REMINDER_MINUTES].sort((a, b) => a - b)) {
      for (const trip of await this.d.repository.claimReminders(minutes, now))
        reminded += await this.remind(trip, minutes);
    }
    const live = await this.d.repository.goLive(now);
    for (const trip of live) {
      await this.d.live.touchTrip(trip);
      await this.d.bookings.pushLive(trip, now);
    }
    let activated = 0;
    for (const tripId of await this.d.repository.dueForActivation(now)) {
      const trip = await this.activate(tripId, now);
      if (!trip) continue;
      activated += 1;
      await this.d.live.touchTrip(trip);
      // Same status, new meaning: both phones refetch their active trip and the guard takes them to it.
      this.d.events.bookingActivated(trip, now);
      await this.d.bookings.announceActivated(trip);
    }
    let noShows = 0;
    for (const { id, driverId } of await this.d.repository.dueForNoShow(now)) {
      if (await this.d.bookings.releaseForNoShow(driverId, id)) noShows += 1;
    }
    return { reminded, wentLive: live.length, activated, noShows };
  }

  private async activate(tripId: number, now: Date): Promise<TripRow | undefined> {
    try {
      return await this.d.repository.activate(tripId, now);
    } catch (error) {
      if (isUniqueViolation(error)) {
        this.d.log.info({ tripId }, 'booking waits: its passenger or driver is still on another trip');
        return undefined;
      }
      throw error;
    }
  }

  private async remind(trip: TripRow, minutes: number): Promise<number> {
    if (!trip.scheduledFor) return 0;
    const parties: [number, Extract<TripActor, 'passenger' | 'driver'>][] = [[trip.passengerId, 'passenger']];
    if (trip.driverId !== null) parties.push([trip.driverId, 'driver']);
    for (const [userId, role] of parties) {
      const reminder: BookingReminder = {
        type: 'booking_reminder',
        trip_id: trip.id,
        scheduled_for: trip.scheduledFor.toISOString(),
        minutes_before: minutes,
        role,
      };
      this.d.events.toUser(userId, reminder);
      for (const hook of this.reminderHooks) {
        await hook({ userId, reminder }).catch((error: unknown) =>
          this.d.log.warn({ err: error, tripId: trip.id, userId }, 'booking reminder hook failed'),
        );
      }
    }
    return parties.length;
  }
}
