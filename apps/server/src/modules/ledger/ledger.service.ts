/**
 * 'Saldo con Jala': a driver's balance with the platform (docs/ARCHITECTURE.md 'Driver ledger'). Completions
 * debit the fee inside the trips module's completion transaction; here drivers read their ledger and
 * operators record top-ups and adjustments, each in one transaction with its audit row.
 */
import {
  type DriverLedger,
  LEDGER_PAGE_SIZE,
  type LedgerAdjustmentRequest,
  type LedgerEntry,
  type LedgerTopUpRequest,
} from '@jala/contracts';
import type { Database, DbExecutor, DriverLedgerEntryRow } from '@jala/db';
import { balanceShortfallCents, fromCentimos, toCentimos } from '@jala/domain';

import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { LedgerEntryWithTrip, LedgerRepository } from './ledger.repository';

/** Writes the audit row of an operator's entry, in the entry's transaction (both are written or neither). */
export type LedgerAudit = (tx: DbExecutor, entry: DriverLedgerEntryRow, balanceCents: number) => Promise<void>;

export function toLedgerEntryDto(row: LedgerEntryWithTrip): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: fromCentimos(row.amountCents),
    trip_id: row.tripId,
    trip_code: row.tripCode,
    reference: row.reference,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

export class LedgerService {
  constructor(
    private readonly db: Pick<Database, 'transaction'>,
    private readonly rows: LedgerRepository,
    /** DRIVER_MIN_BALANCE in céntimos; null = no floor. */
    private readonly minBalanceCents: number | null,
    private readonly now: () => Date,
  ) {}

  async ledger(driverId: number): Promise<DriverLedger> {
    if (!(await this.rows.isDriver(driverId))) throw new AppError('LEDGER_DRIVER_NOT_FOUND');
    const [balanceCents, entries] = await Promise.all([
      this.rows.balance(driverId),
      this.rows.newestEntries(driverId, LEDGER_PAGE_SIZE),
    ]);
    return {
      driver_id: driverId,
      balance: fromCentimos(balanceCents),
      min_balance: this.minBalanceCents === null ? null : fromCentimos(this.minBalanceCents),
      short_by: fromCentimos(balanceShortfallCents(balanceCents, this.minBalanceCents)),
      entries: entries.map(toLedgerEntryDto),
    };
  }

  /** A top-up the driver paid by Yape; a Yape operation number already recorded is refused (409). */
  async topUp(driverId: number, operatorId: number, input: LedgerTopUpRequest, audit: LedgerAudit) {
    const reference = input.reference.trim().toUpperCase();
    try {
      return await this.record(driverId, audit, {
        kind: 'top_up',
        amountCents: toCentimos(input.amount),
        reference,
        createdBy: operatorId,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'driver_ledger_top_up_reference')) throw new AppError('TOP_UP_REFERENCE_TAKEN');
      throw error;
    }
  }

  /** A signed correction with its reason. */
  async adjust(driverId: number, operatorId: number, input: LedgerAdjustmentRequest, audit: LedgerAudit) {
    return this.record(driverId, audit, {
      kind: 'adjustment',
      amountCents: toCentimos(input.amount),
      reason: input.reason,
      createdBy: operatorId,
    });
  }

  private async record(
    driverId: number,
    audit: LedgerAudit,
    values: Pick<DriverLedgerEntryRow, 'kind' | 'amountCents' | 'createdBy'> &
      Partial<Pick<DriverLedgerEntryRow, 'reference' | 'reason'>>,
  ): Promise<LedgerEntry> {
    return this.db.transaction(async (tx) => {
      if (!(await this.rows.isDriver(driverId, tx))) throw new AppError('LEDGER_DRIVER_NOT_FOUND');
      const entry = await this.rows.insert({ ...values, driverId, createdAt: this.now() }, tx);
      await audit(tx, entry, await this.rows.balance(driverId, tx));
      return toLedgerEntryDto({ ...entry, tripCode: null });
    });
  }
}
