/**
 * Everything the marketplace pushes over MQTT, in one place. Only the server publishes on these topics
 * (the ACL refuses clients), so what subscribers receive is always the server's word. The same events
 * become Web Push notifications for whoever is away (`notifications`): called here, on the node that
 * made the change, each event is pushed once however many nodes run.
 */
import {
  type BookingNotification,
  type ChatMessage,
  type DriverFeedMessage,
  type DriverOffer,
  type DriverTripRequest,
  type FareAdjustment,
  type PaymentNews,
  topics,
  type TripStatusMessage,
} from '@jala/contracts';
import { isTerminalStatus, type TripStatus, type WalletPaymentStatus } from '@jala/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { RealtimeBroker } from '../../../realtime/broker';

/** What the marketplace tells the push notifications (modules/notifications implements it; app.ts wires it). */
export interface TripNotifications {
  offer(offer: DriverOffer): void;
  tripStatus(tripId: number, status: TripStatus): void;
  fareAdjustment(tripId: number, adjustment: FareAdjustment): void;
  tripRequest(driverId: number, request: DriverTripRequest): void;
  chat(tripId: number, driverId: number, message: ChatMessage): void;
  bookingDriverNoShow(tripId: number, driverId: number): void;
  /** The passenger said 'Ya pagué' (the driver confirms wherever they are). */
  paymentReported(tripId: number): void;
  /** A 'Ya pagué' still unanswered: reminder number `reminder` (1-based) to the driver. */
  paymentReminder(tripId: number, reminder: number): void;
}

export class TripEvents {
  constructor(
    private readonly broker: RealtimeBroker,
    private readonly log: FastifyBaseLogger,
    private readonly notifications: TripNotifications,
  ) {}

  offer(offer: DriverOffer): void {
    this.send(topics.tripOffers(offer.trip_id), offer);
    this.notifications.offer(offer);
  }

  /**
   * Cancellations and completion are retained so a client that reconnects later still learns the trip ended (spec §7).
   * A completion far from the destination says how far (`endedFarMeters`), so the passenger is told.
   */
  status(
    tripId: number,
    status: TripStatus,
    driverId: number | null,
    at: Date,
    reason?: string | null,
    endedFarMeters?: number | null,
  ): void {
    const message: TripStatusMessage = {
      trip_id: tripId,
      status,
      driver_id: driverId,
      timestamp: at.toISOString(),
      ...(reason ? { reason } : {}),
      ...(endedFarMeters != null ? { ended_far_from_destination_m: endedFarMeters } : {}),
    };
    this.send(topics.tripStatus(tripId), message, { retain: isTerminalStatus(status) });
    this.notifications.tripStatus(tripId, status);
  }

  /** A fare adjustment asked for or answered: on the trip's own topic, status unchanged, so both phones refetch the trip. */
  fareAdjustment(tripId: number, status: TripStatus, driverId: number | null, adjustment: FareAdjustment): void {
    const message: TripStatusMessage = {
      trip_id: tripId,
      status,
      driver_id: driverId,
      timestamp: adjustment.answered_at ?? adjustment.created_at,
      fare_adjustment: adjustment,
    };
    this.send(topics.tripStatus(tripId), message);
    this.notifications.fareAdjustment(tripId, adjustment);
  }

  /**
   * A Yape/Plin payment moved after the ride: on trip_status (status 'completed' unchanged, not retained: the
   * completion stays the retained word) for the screens following the trip, and on the driver's own
   * notifications/{driver}, which every signed-in driver app follows wherever it is, so a 'Ya pagué' made
   * after the driver left the trip still reaches them (the banner of every driver screen). 'Ya pagué' is
   * pushed to the driver too.
   */
  payment(tripId: number, driverId: number | null, paymentStatus: WalletPaymentStatus, at: Date): void {
    const message: TripStatusMessage = {
      trip_id: tripId,
      status: 'completed',
      driver_id: driverId,
      timestamp: at.toISOString(),
      payment_status: paymentStatus,
    };
    this.send(topics.tripStatus(tripId), message);
    if (driverId !== null)
      this.toUser(driverId, { type: 'payment_changed', trip_id: tripId, payment_status: paymentStatus });
    if (paymentStatus === 'reported') this.notifications.paymentReported(tripId);
  }

  /** The clock's reminder of a 'Ya pagué' the driver has not answered (push only: the banner is already on screen). */
  paymentReminder(tripId: number, reminder: number): void {
    this.notifications.paymentReminder(tripId, reminder);
  }

  /**
   * Drivers who stopped being counterparts of a trip (they withdrew, or another driver was chosen) lose its
   * status and their own chat on every node, subscriptions taken before included (TripAccess says who is a
   * counterpart). Called once the change is stored; awaited before the next status, which then cannot reach
   * them. Never throws: the change is stored, and a failure is logged like any failed push.
   */
  async formerCounterparts(tripId: number, driverIds: readonly number[]): Promise<void> {
    if (driverIds.length === 0) return;
    const lost = [topics.tripStatus(tripId), ...driverIds.map((driverId) => topics.chat(tripId, driverId))];
    await this.broker
      .revoke(driverIds, lost)
      .catch((error: unknown) =>
        this.log.error({ err: error, tripId, driverIds }, 'revoking former counterparts failed'),
      );
  }

  /** A driver withdrew their live offers on these trips ('Rechazar', or going offline). */
  async offersWithdrawn(driverId: number, tripIds: readonly number[]): Promise<void> {
    await Promise.all(tripIds.map((tripId) => this.formerCounterparts(tripId, [driverId])));
  }

  /**
   * A booking became the active trip of both (BookingClock): the same status on trip_status for screens
   * following it, and `booking_activated` on each party's own notifications topic, which every signed-in app
   * follows, so an open phone moves to the trip. No push here: the 15-minute reminder tells a locked phone.
   */
  bookingActivated(
    trip: { id: number; passengerId: number; driverId: number | null; status: TripStatus },
    at: Date,
  ): void {
    const message: TripStatusMessage = {
      trip_id: trip.id,
      status: trip.status,
      driver_id: trip.driverId,
      timestamp: at.toISOString(),
    };
    this.send(topics.tripStatus(trip.id), message);
    this.toUser(trip.passengerId, { type: 'booking_activated', trip_id: trip.id, role: 'passenger' });
    if (trip.driverId !== null)
      this.toUser(trip.driverId, { type: 'booking_activated', trip_id: trip.id, role: 'driver' });
  }

  /** A message on the user's own notifications/{user} topic (a booking reminder or activation, a payment's move). */
  toUser(userId: number, message: BookingNotification | PaymentNews): void {
    this.send(topics.notifications(userId), message);
  }

  toDriver(driverId: number, message: DriverFeedMessage): void {
    this.send(topics.driverTripRequests(driverId), message);
    if (message.type === 'trip_request') this.notifications.tripRequest(driverId, message.request);
  }

  /** The system took a booking from a driver who did not start it (the in-app side is trip_status and notifications/{driver}). */
  bookingDriverNoShow(tripId: number, driverId: number): void {
    this.notifications.bookingDriverNoShow(tripId, driverId);
  }

  /** A chat message was stored (the broker already delivered it to whoever follows the conversation). */
  chatStored(tripId: number, driverId: number, message: ChatMessage): void {
    this.notifications.chat(tripId, driverId, message);
  }

  private send(topic: string, message: unknown, options: { retain?: boolean } = {}): void {
    // Realtime is best effort on top of the stored state: clients also poll, so a failed push is logged, not fatal.
    this.broker
      .publish(topic, message, options)
      .catch((error: unknown) => this.log.warn({ err: error, topic }, 'realtime publish failed'));
  }
}
