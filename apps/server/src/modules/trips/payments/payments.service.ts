/**
 * Yape/Plin after the ride: the passenger's 'Ya pagué', the driver's 'Pago recibido' or 'No
 * recibí el pago' (which opens a case), and an operator's resolution of that case. Only the trip's own
 * passenger or driver reaches their side (another id is a 404). Every change bumps both parties' read
 * versions before it answers, and is pushed on trip_status/{trip} and the driver's notifications/{driver}
 * (the new payment status, never the number) so the other phone refetches. A 'Ya pagué' the driver has not
 * answered is listed for their banner (`pendingForDriver`), pushed, and reminded by the trip clock.
 */
import type { PaymentCase, PaymentState, PendingPayment } from '@jala/contracts';
import type { DbExecutor } from '@jala/db';
import {
  canDriverAnswerPayment,
  fromCentimos,
  PAYMENT_REMINDER_MINUTES,
  WALLET_PAYMENT_STATUSES,
  type WalletPaymentStatus,
} from '@jala/domain';

import { AppError } from '../../../lib/app-error';
import type { LiveTrips } from '../core/live-trips';
import type { TripRow } from '../core/trip-dto';
import type { TripEvents } from '../core/trip-events';
import type { TripsRepository } from '../core/trips.repository';
import type { PaymentCaseRow, PaymentsRepository } from './payments.repository';

/** The statuses from which the driver may still answer (the domain's canDriverAnswerPayment). */
const DRIVER_MAY_ANSWER = WALLET_PAYMENT_STATUSES.filter(canDriverAnswerPayment);

/** At most this many claims in one answer (a driver has a handful at most; the banner counts the rest). */
export const PENDING_PAYMENTS_LIMIT = 20;

export type CaseResolutionAudit = (tx: DbExecutor, before: PaymentCaseRow, after: PaymentCaseRow) => Promise<void>;

export class PaymentsService {
  constructor(
    private readonly d: {
      trips: TripsRepository;
      payments: PaymentsRepository;
      events: TripEvents;
      live: LiveTrips;
      now: () => Date;
    },
  ) {}

  /** 'Ya pagué': the passenger says they paid; the driver still confirms. */
  async reportPaid(passengerId: number, tripId: number): Promise<PaymentState> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.passengerId !== passengerId) throw new AppError('TRIP_NOT_FOUND');
    const moved = await this.d.payments.move(tripId, ['pending'], 'reported', { paymentReportedAt: this.d.now() });
    return this.after(trip, moved, null);
  }

  /** 'Pago recibido'. */
  async confirmReceived(driverId: number, tripId: number): Promise<PaymentState> {
    const trip = await this.driversTrip(driverId, tripId);
    const moved = await this.d.payments.move(tripId, DRIVER_MAY_ANSWER, 'confirmed', {
      paymentAnsweredAt: this.d.now(),
    });
    return this.after(trip, moved, null);
  }

  /** 'No recibí el pago': a case operators see in the console. */
  async reportNotReceived(driverId: number, tripId: number): Promise<PaymentState> {
    const trip = await this.driversTrip(driverId, tripId);
    const disputed = await this.d.payments.dispute(tripId, DRIVER_MAY_ANSWER, this.d.now());
    return this.after(trip, disputed?.trip, disputed?.caseId ?? null);
  }

  /** GET /driver/pending-payments: every 'Ya pagué' waiting for this driver's answer (their banner). */
  async pendingForDriver(driverId: number): Promise<PendingPayment[]> {
    const rows = await this.d.payments.listReportedForDriver(driverId, PENDING_PAYMENTS_LIMIT);
    return rows.flatMap((row) =>
      row.method === 'cash'
        ? []
        : [
            {
              trip_id: row.tripId,
              method: row.method,
              amount: fromCentimos(row.amountCents ?? 0),
              passenger_first_name: row.passengerFirstName.trim(),
              reported_at: (row.reportedAt ?? this.d.now()).toISOString(),
            },
          ],
    );
  }

  /**
   * One turn of the trip clock: a driver who has not answered a 'Ya pagué' is reminded by push
   * (PAYMENT_REMINDER_MINUTES after the tap; each reminder claimed once, the latest due first). The banner of
   * every driver screen already shows it in the app. Returns how many reminders went out.
   */
  async remindUnanswered(): Promise<number> {
    const now = this.d.now();
    let reminded = 0;
    for (let reminder = PAYMENT_REMINDER_MINUTES.length; reminder >= 1; reminder -= 1) {
      const minutes = PAYMENT_REMINDER_MINUTES[reminder - 1] ?? 0;
      for (const trip of await this.d.payments.claimReminders(reminder, minutes, now)) {
        this.d.events.paymentReminder(trip.id, reminder);
        reminded += 1;
      }
    }
    return reminded;
  }

  async listCases(state: 'open' | 'resolved' = 'open'): Promise<PaymentCase[]> {
    const rows = await this.d.payments.listCases(state);
    return rows.map((row) => ({
      id: row.kase.id,
      trip_id: row.kase.tripId,
      trip_code: row.tripCode,
      method: row.kase.method,
      amount: fromCentimos(row.kase.amountCents),
      passenger: row.passenger,
      driver: row.driver,
      reported_paid_at: row.reportedAt?.toISOString() ?? null,
      opened_at: row.kase.openedAt.toISOString(),
      status: row.kase.status,
      outcome: row.kase.outcome,
      resolution_note: row.kase.resolutionNote,
      resolved_at: row.kase.resolvedAt?.toISOString() ?? null,
    }));
  }

  /** An operator settles a case (paid or not); `audit` writes their audit row in the same transaction. */
  async resolveCase(
    caseId: number,
    outcome: 'paid' | 'unpaid',
    note: string,
    operatorId: number,
    audit: CaseResolutionAudit,
  ): Promise<void> {
    let before: PaymentCaseRow | undefined;
    const resolved = await this.d.payments.resolveCase(
      caseId,
      outcome,
      note,
      operatorId,
      this.d.now(),
      async (tx, after) => {
        before = { ...after, status: 'open', outcome: null, resolutionNote: null, resolvedAt: null, resolvedBy: null };
        await audit(tx, before, after);
      },
    );
    if (!resolved)
      throw new AppError(
        (await this.d.payments.findCase(caseId)) ? 'PAYMENT_CASE_ALREADY_RESOLVED' : 'PAYMENT_CASE_NOT_FOUND',
      );
    await this.announce(resolved.trip);
  }

  private async driversTrip(driverId: number, tripId: number): Promise<TripRow> {
    const trip = await this.d.trips.findById(tripId);
    if (!trip || trip.driverId !== driverId) throw new AppError('TRIP_NOT_FOUND');
    return trip;
  }

  /** A refused move (cash trip, not completed, already answered) is a 409; a done one is told to both sides. */
  private async after(trip: TripRow, moved: TripRow | undefined, caseId: number | null): Promise<PaymentState> {
    if (!moved || moved.paymentStatus == null || moved.paymentMethod === 'cash') throw new AppError('PAYMENT_NOT_OPEN');
    await this.announce(moved);
    return { trip_id: trip.id, method: moved.paymentMethod, status: moved.paymentStatus, case_id: caseId };
  }

  private async announce(trip: TripRow): Promise<void> {
    await this.d.live.touchTrip(trip);
    this.d.events.payment(trip.id, trip.driverId, trip.paymentStatus as WalletPaymentStatus, this.d.now());
  }
}
