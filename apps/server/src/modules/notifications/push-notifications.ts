/**
 * Who is told what by push (docs/ARCHITECTURE.md 'Notifications'). The services call these methods right
 * after their write, on the node that performed it (never from the broker's fan-out), so with several
 * nodes each event is pushed once. Each call only queues a job (push-sender.ts): looking up names, the
 * district and the devices, and sending, happen after the request has answered.
 *
 * A user is skipped when they turned that kind off, or when their app is on screen (push-state.ts): they
 * get the in-app cue instead, never both. When one event tells several people, each is sent to on their
 * own (a job per party, or settled one by one), so a failure for one never leaves the others untold.
 */
import type {
  BookingReminder,
  ChatMessage,
  DriverOffer,
  DriverTripRequest,
  FareAdjustment,
  NotificationKind,
  NotificationPreferences,
} from '@jala/contracts';
import { NOTIFICATION_KIND_NAMES } from '@jala/contracts';
import { fromCentimos, type TripStatus } from '@jala/domain';

import { districtNameAt } from '../../geo';
import type { TripRow, TripsRepository } from '../trips';
import { PushCoalescer } from './delivery/push-coalescer';
import type { PushSender } from './delivery/push-sender';
import type { PushState } from './delivery/push-state';
import type { OperatorRecipientsRepository } from './operator-recipients.repository';
import {
  bookingReminderMessage,
  chatMessage,
  documentsMessage,
  offerMessage,
  paymentMessages,
  type PushMessage,
  requestMessage,
  sosMessage,
  testMessage,
  tripMessages,
} from './push-messages';
import type { PushSubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';

const firstWord = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** Users whose devices one statement reads (MAX_DEVICES_PER_USER each: at most 100 rows). */
const USERS_PER_READ = 10;

export class PushNotifications {
  /** Chat pushes per conversation and recipient: a burst of messages is one or two pushes, not one each. */
  private readonly chats: PushCoalescer<ChatMessage>;

  constructor(
    private readonly d: {
      operators: OperatorRecipientsRepository;
      trips: TripsRepository;
      subscriptions: SubscriptionsRepository;
      sender: PushSender;
      state: PushState;
    },
  ) {
    this.chats = new PushCoalescer((name, job) => d.sender.enqueue(name, job), 'chat');
  }

  /** A request reached an online driver's feed (only eligible drivers get one). */
  tripRequest(driverId: number, request: DriverTripRequest): void {
    this.d.sender.enqueue('trip_request', async () => {
      const district = districtNameAt({ latitude: request.pickup_latitude, longitude: request.pickup_longitude });
      const price = request.offer_price ?? request.estimated_fare;
      await this.deliver([driverId], 'requests', async () =>
        requestMessage(
          { district, price, distanceKm: request.distance_to_pickup_km },
          await this.d.state.countRequest(driverId),
        ),
      );
    });
  }

  offer(offer: DriverOffer): void {
    this.d.sender.enqueue('offer', async () => {
      const trip = await this.d.trips.findById(offer.trip_id);
      if (trip)
        await this.deliver([trip.passengerId], 'offers', () =>
          offerMessage(trip.id, firstWord(offer.driver.name), offer.price),
        );
    });
  }

  /** A trip's status changed (accept, stages, completion, cancellations): the other side is told. */
  tripStatus(tripId: number, status: TripStatus): void {
    if (status === 'cancelled_by_system') {
      // Both parties are told, each by a job of its own.
      this.forTrip(`trip_status:${status}:passenger`, tripId, (trip) =>
        this.deliver([trip.passengerId], 'trip_updates', () => tripMessages.cancelledBySystem(tripId, false)),
      );
      this.forTrip(`trip_status:${status}:driver`, tripId, (trip) =>
        trip.driverId
          ? this.deliver([trip.driverId], 'trip_updates', () => tripMessages.cancelledBySystem(tripId, true))
          : undefined,
      );
      return;
    }
    this.forTrip(`trip_status:${status}`, tripId, async (trip) => {
      const driverName = async () =>
        firstWord(
          (trip.driverId ? await this.d.trips.findParty(trip.driverId) : undefined)?.firstName ?? 'Tu conductor',
        );
      const toPassenger = (message: () => PushMessage | Promise<PushMessage>) =>
        this.deliver([trip.passengerId], 'trip_updates', message);
      switch (status) {
        case 'accepted':
          if (trip.driverId) {
            const chosen = tripMessages.chosen(
              tripId,
              districtNameAt({ latitude: Number(trip.pickupLatitude), longitude: Number(trip.pickupLongitude) }),
            );
            await this.deliver([trip.driverId], 'trip_updates', () => chosen);
          }
          break;
        case 'en_route':
          await toPassenger(async () => tripMessages.driverOnTheWay(tripId, await driverName()));
          break;
        case 'arrived':
          await toPassenger(async () => tripMessages.driverArrived(tripId, await driverName()));
          break;
        case 'completed':
          await toPassenger(() =>
            tripMessages.completed(tripId, trip.finalFareCents === null ? null : fromCentimos(trip.finalFareCents)),
          );
          break;
        case 'cancelled_by_driver':
          await toPassenger(() => tripMessages.cancelledByDriver(tripId));
          break;
        case 'cancelled_by_passenger': {
          // A booking confirmed with a driver: who cancelled it and for when, not just that it ended.
          if (trip.driverId && trip.scheduledFor) {
            const { scheduledFor } = trip;
            const passengerName = async () =>
              firstWord((await this.d.trips.findParty(trip.passengerId))?.firstName ?? 'El pasajero');
            // Worded as of the cancellation ("mañana 05:00"), which the push follows within seconds.
            const at = trip.cancelledAt ?? new Date();
            await this.deliver([trip.driverId], 'trip_updates', async () =>
              tripMessages.bookingCancelledByPassenger(tripId, await passengerName(), scheduledFor, at),
            );
            break;
          }
          // The assigned driver, or, for a request nobody was chosen for, every driver whose offer was waiting.
          const drivers = trip.driverId
            ? [trip.driverId]
            : (await this.d.trips.listOfferPrices(tripId)).map((offer) => offer.driverId);
          await this.deliver(drivers, 'trip_updates', () => tripMessages.cancelledByPassenger(tripId));
          break;
        }
        default:
          break;
      }
    });
  }

  /** A fare adjustment asked for (the passenger answers) or answered (the driver learns how). */
  fareAdjustment(tripId: number, adjustment: FareAdjustment): void {
    this.d.sender.enqueue('fare_adjustment', async () => {
      const trip = await this.d.trips.findById(tripId);
      if (!trip) return;
      if (adjustment.status === 'pending')
        await this.deliver([trip.passengerId], 'trip_updates', () =>
          tripMessages.fareProposed(tripId, adjustment.amount),
        );
      else if (trip.driverId && (adjustment.status === 'accepted' || adjustment.status === 'refused')) {
        await this.deliver([trip.driverId], 'trip_updates', () =>
          tripMessages.fareAnswered(tripId, adjustment.status === 'accepted'),
        );
      }
    });
  }

  /**
   * A chat message was stored (once, even when MQTT delivered it twice): the other side is told. Messages
   * that arrive while a push for the same conversation and recipient is queued or being sent join the next
   * push (push-coalescer.ts), which then says how many there were and shows the latest.
   */
  chat(tripId: number, driverId: number, message: ChatMessage): void {
    const toDriver = message.role === 'passenger';
    this.chats.add(`${tripId}:${driverId}:${toDriver ? 'driver' : 'passenger'}`, message, (latest, count) =>
      this.pushChat(tripId, driverId, latest, count),
    );
  }

  private async pushChat(tripId: number, driverId: number, message: ChatMessage, count: number): Promise<void> {
    const toDriver = message.role === 'passenger';
    const trip = await this.d.trips.findById(tripId);
    const recipient = toDriver ? driverId : trip?.passengerId;
    if (!trip || recipient === undefined || recipient === message.sender) return;
    // A booking not started yet is read in "Próximos viajes" / "Programados", not on the active trip.
    const dormantBooking = trip.scheduledFor !== null && trip.activatedAt === null;
    await this.deliver([recipient], 'chat', async () => {
      const sender = await this.d.trips.findParty(message.sender);
      const name = firstWord(sender?.firstName ?? (toDriver ? 'Tu pasajero' : 'Tu conductor'));
      return chatMessage({
        tripId,
        driverId,
        senderFirstName: name,
        text: message.message,
        toDriver,
        dormantBooking,
        count,
      });
    });
  }

  /**
   * A booking's reminder for one of its two parties (BookingClock's reminder hook: the clock runs once per
   * cluster and claims each reminder once, so each is pushed once).
   */
  bookingReminder(userId: number, reminder: BookingReminder): void {
    this.d.sender.enqueue('booking_reminder', async () => {
      const trip = await this.d.trips.findById(reminder.trip_id);
      if (!trip) return;
      const district = districtNameAt({
        latitude: Number(trip.pickupLatitude),
        longitude: Number(trip.pickupLongitude),
      });
      await this.deliver([userId], 'trip_updates', () => bookingReminderMessage(reminder, district));
    });
  }

  /** The system took a booking from a driver who did not start it: both are told (a job each), the passenger that it is searching again. */
  bookingDriverNoShow(tripId: number, driverId: number): void {
    this.forTrip('booking_no_show:passenger', tripId, (trip) =>
      this.deliver([trip.passengerId], 'trip_updates', () => tripMessages.bookingNoShowToPassenger(tripId)),
    );
    this.forTrip('booking_no_show:driver', tripId, () =>
      this.deliver([driverId], 'trip_updates', () => tripMessages.bookingNoShowToDriver(tripId)),
    );
  }

  /**
   * 'Ya pagué' (the trip is completed; the driver may be anywhere by now) and the clock's reminders while it
   * stays unanswered: the driver is told who, how much and how, and a tap opens the receipt where they answer.
   * Nothing once the driver answered (the job reads the trip as stored when it runs).
   */
  paymentReported(tripId: number): void {
    this.forTrip('payment_reported', tripId, (trip) => this.pushPaymentClaim(trip, 0));
  }

  paymentReminder(tripId: number, reminder: number): void {
    this.forTrip('payment_reminder', tripId, (trip) => this.pushPaymentClaim(trip, reminder));
  }

  private pushPaymentClaim(trip: TripRow, reminder: number): Promise<void> | undefined {
    const method = trip.paymentMethod;
    if (trip.driverId === null || trip.paymentStatus !== 'reported' || method === 'cash') return undefined;
    return this.deliver([trip.driverId], 'trip_updates', async () => {
      const passenger = await this.d.trips.findParty(trip.passengerId);
      const claim = {
        tripId: trip.id,
        passengerFirstName: firstWord(passenger?.firstName ?? 'Tu pasajero'),
        amount: fromCentimos(trip.finalFareCents ?? 0),
        method,
      };
      return reminder === 0 ? paymentMessages.reported(claim) : paymentMessages.reminder(claim);
    });
  }

  /** An operator approved or rejected a driver's documents. */
  documentsReviewed(driverId: number, approved: boolean): void {
    this.d.sender.enqueue('documents', () => this.deliver([driverId], 'account', () => documentsMessage(approved)));
  }

  /** A passenger or driver pressed SOS: every operator is told (where, as a district only). */
  sos(alert: { id: number; role: 'passenger' | 'driver'; latitude: string | null; longitude: string | null }): void {
    this.d.sender.enqueue('sos', async () => {
      const operators = await this.d.operators.activeOperatorIds();
      const district =
        alert.latitude !== null && alert.longitude !== null
          ? districtNameAt({ latitude: Number(alert.latitude), longitude: Number(alert.longitude) })
          : null;
      await this.deliver(operators, 'sos', () => sosMessage(alert.id, alert.role, district));
    });
  }

  /** 'Probar notificación': to every device of the caller, visible or not, whatever their choices. */
  async test(userId: number): Promise<number> {
    const subscriptions = await this.d.subscriptions.listForUsers([userId]);
    const message = testMessage();
    if (subscriptions.length > 0)
      this.d.sender.enqueue('test', async () => {
        await this.d.sender.send(subscriptions, message.payload, message.delivery);
      });
    return subscriptions.length;
  }

  async preferences(userId: number): Promise<NotificationPreferences> {
    const off = new Set((await this.d.subscriptions.disabledKinds([userId])).map((row) => row.kind));
    return Object.fromEntries(NOTIFICATION_KIND_NAMES.map((kind) => [kind, !off.has(kind)])) as NotificationPreferences;
  }

  /**
   * Sends `make()`'s message to each user's devices, skipping users who turned `kind` off, whose app is on
   * screen, or who have no device. `make` runs only when someone will receive it (and once per user).
   * Devices are read USERS_PER_READ users at a time: on PGlite a statement runs synchronously on the event
   * loop, and reading 1,000 devices in one (an SOS to 100 operators) held it ~20 ms (up to 90 ms cold).
   */
  private async deliver(
    userIds: readonly number[],
    kind: NotificationKind,
    make: () => PushMessage | Promise<PushMessage>,
  ): Promise<void> {
    const unique = [...new Set(userIds)];
    const sends: Promise<void>[] = [];
    const failures: unknown[] = [];
    try {
      for (let i = 0; i < unique.length; i += USERS_PER_READ) {
        const users = unique.slice(i, i + USERS_PER_READ);
        const [subscriptions, disabled] = await Promise.all([
          this.d.subscriptions.listForUsers(users),
          this.d.subscriptions.disabledKinds(users),
        ]);
        const off = new Set(disabled.filter((row) => row.kind === kind).map((row) => row.userId));
        const byUser = new Map<number, PushSubscriptionRow[]>();
        for (const subscription of subscriptions) {
          if (!off.has(subscription.userId))
            byUser.set(subscription.userId, [...(byUser.get(subscription.userId) ?? []), subscription]);
        }
        // Sending starts while the next users are read.
        sends.push(
          ...[...byUser].map(async ([userId, devices]) => {
            if (await this.isOnScreen(userId)) return;
            const message = await make();
            await this.d.sender.send(devices, message.payload, message.delivery);
          }),
        );
      }
    } catch (error) {
      failures.push(error);
    }
    // Every send started is finished (the job is not over before them) and every user tried before any
    // failure is reported; the job logs it.
    for (const outcome of await Promise.allSettled(sends))
      if (outcome.status === 'rejected') failures.push(outcome.reason);
    if (failures.length > 0)
      throw new AggregateError(failures, `push to ${unique.length} users: ${failures.length} failure(s)`);
  }

  /** Queues a job that works on the trip as stored when the job runs (nothing when it is gone). */
  private forTrip(name: string, tripId: number, work: (trip: TripRow) => Promise<void> | undefined): void {
    this.d.sender.enqueue(name, async () => {
      const trip = await this.d.trips.findById(tripId);
      if (trip) await work(trip);
    });
  }

  /** Visible means told in-app; if the shared state cannot say (Redis down), push rather than miss. */
  private async isOnScreen(userId: number): Promise<boolean> {
    return this.d.state.isVisible(userId).catch(() => false);
  }
}
