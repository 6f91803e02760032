/**
 * The after-ride side of Yape/Plin payments: the trip's payment status moves by conditional
 * updates (the WHERE is the rule, so two racing taps cannot both count), and 'No recibí el pago' opens a
 * case in the same transaction.
 */
import type { DbExecutor } from '@jala/db';
import { and, asc, type Database, desc, eq, inArray, lt, lte, schema, sql } from '@jala/db';
import type { WalletPaymentStatus } from '@jala/domain';

import type { TripRow } from '../core/trip-dto';

export type PaymentCaseRow = typeof schema.paymentCases.$inferSelect;

export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  /** Moves a completed trip's payment from one of `from` to `to`; undefined when it is in none of them. */
  async move(
    tripId: number,
    from: readonly WalletPaymentStatus[],
    to: WalletPaymentStatus,
    changes: Partial<TripRow>,
    executor: DbExecutor = this.db,
  ): Promise<TripRow | undefined> {
    const [row] = await executor
      .update(schema.trips)
      .set({ ...changes, paymentStatus: to })
      .where(
        and(
          eq(schema.trips.id, tripId),
          eq(schema.trips.status, 'completed'),
          inArray(schema.trips.paymentStatus, [...from]),
        ),
      )
      .returning();
    return row;
  }

  /** 'No recibí el pago': the trip goes to `disputed` and its case opens, both or neither. */
  async dispute(
    tripId: number,
    from: readonly WalletPaymentStatus[],
    at: Date,
  ): Promise<{ trip: TripRow; caseId: number } | undefined> {
    return this.db.transaction(async (tx) => {
      const trip = await this.move(tripId, from, 'disputed', { paymentAnsweredAt: at }, tx);
      if (!trip || trip.driverId == null || trip.paymentMethod === 'cash') return undefined;
      const [opened] = await tx
        .insert(schema.paymentCases)
        .values({
          tripId,
          driverId: trip.driverId,
          passengerId: trip.passengerId,
          method: trip.paymentMethod,
          amountCents: trip.finalFareCents ?? 0,
          openedAt: at,
        })
        .returning({ id: schema.paymentCases.id });
      if (!opened) throw new Error('insert payment_cases returned no row');
      return { trip, caseId: opened.id };
    });
  }

  /**
   * The driver's trips whose passenger said 'Ya pagué' and that wait for the driver's answer, oldest claim
   * first, with the passenger's first name (the partial index trips_payment_reported_idx holds only those).
   */
  async listReportedForDriver(driverId: number, limit: number) {
    return this.db
      .select({
        tripId: schema.trips.id,
        method: schema.trips.paymentMethod,
        amountCents: schema.trips.finalFareCents,
        reportedAt: schema.trips.paymentReportedAt,
        passengerFirstName: schema.users.firstName,
      })
      .from(schema.trips)
      .innerJoin(schema.users, eq(schema.users.id, schema.trips.passengerId))
      .where(and(eq(schema.trips.driverId, driverId), eq(schema.trips.paymentStatus, 'reported')))
      .orderBy(asc(schema.trips.paymentReportedAt), asc(schema.trips.id))
      .limit(limit);
  }

  /**
   * Claims reminder number `reminder` (1-based) of every 'Ya pagué' still unanswered `afterMinutes` after the
   * tap whose driver got fewer reminders: a conditional update, so a tick repeated or overlapping another
   * claims each reminder once. Called latest reminder first, so a clock that was stopped sends one reminder
   * (the latest due), not the whole backlog.
   */
  async claimReminders(reminder: number, afterMinutes: number, now: Date): Promise<TripRow[]> {
    const dueBefore = new Date(now.getTime() - afterMinutes * 60_000);
    return this.db
      .update(schema.trips)
      .set({ paymentRemindersSent: reminder })
      .where(
        and(
          eq(schema.trips.paymentStatus, 'reported'),
          lt(schema.trips.paymentRemindersSent, reminder),
          lte(schema.trips.paymentReportedAt, dueBefore),
        ),
      )
      .returning();
  }

  async findCase(caseId: number): Promise<PaymentCaseRow | undefined> {
    const [row] = await this.db.select().from(schema.paymentCases).where(eq(schema.paymentCases.id, caseId));
    return row;
  }

  /** Cases for the console: open ones oldest first (the longest-waiting driver first), or resolved ones newest first. */
  async listCases(state: 'open' | 'resolved') {
    const passenger = sql`(select json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name), 'phone', u.phone) from users u where u.id = ${schema.paymentCases.passengerId})`;
    const driver = sql`(select json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name), 'phone', u.phone) from users u where u.id = ${schema.paymentCases.driverId})`;
    return this.db
      .select({
        kase: schema.paymentCases,
        tripCode: schema.trips.tripCode,
        reportedAt: schema.trips.paymentReportedAt,
        passenger: sql<{ id: number; name: string; phone: string | null }>`${passenger}`,
        driver: sql<{ id: number; name: string; phone: string | null }>`${driver}`,
      })
      .from(schema.paymentCases)
      .innerJoin(schema.trips, eq(schema.trips.id, schema.paymentCases.tripId))
      .where(eq(schema.paymentCases.status, state))
      .orderBy(state === 'open' ? asc(schema.paymentCases.openedAt) : desc(schema.paymentCases.resolvedAt))
      .limit(100);
  }

  /**
   * Resolves an open case and settles its trip's payment (`resolved_paid`/`resolved_unpaid`); `alongside`
   * (the operator's audit row) in the same transaction. Undefined when the case is no longer open.
   */
  async resolveCase(
    caseId: number,
    outcome: 'paid' | 'unpaid',
    note: string,
    operatorId: number,
    at: Date,
    alongside: (tx: DbExecutor, resolved: PaymentCaseRow) => Promise<void>,
  ): Promise<{ kase: PaymentCaseRow; trip: TripRow } | undefined> {
    return this.db.transaction(async (tx) => {
      const [kase] = await tx
        .update(schema.paymentCases)
        .set({ status: 'resolved', outcome, resolutionNote: note, resolvedAt: at, resolvedBy: operatorId })
        .where(and(eq(schema.paymentCases.id, caseId), eq(schema.paymentCases.status, 'open')))
        .returning();
      if (!kase) return undefined;
      const trip = await this.move(
        kase.tripId,
        ['disputed'],
        outcome === 'paid' ? 'resolved_paid' : 'resolved_unpaid',
        {},
        tx,
      );
      if (!trip) throw new Error(`payment case ${caseId}: its trip is not disputed`);
      await alongside(tx, kase);
      return { kase, trip };
    });
  }
}
