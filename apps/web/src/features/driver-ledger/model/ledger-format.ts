import { LEDGER_ENTRY_LABELS, type LedgerEntry } from '@jala/contracts';
import { formatSoles } from '@jala/domain';

/** '+S/ 20.00' for a credit, '-S/ 1.24' for a debit: the sign always shown, so a list reads at a glance. */
export function signedSoles(amount: number): string {
  return amount > 0 ? `+${formatSoles(amount)}` : formatSoles(amount);
}

/** What an entry is, in the driver's words: the fee's trip, the top-up's Yape operation, the adjustment's reason. */
export function ledgerEntryDetail(entry: LedgerEntry): string {
  if (entry.kind === 'trip_fee') return entry.trip_code ? `Viaje ${entry.trip_code}` : 'Viaje completado';
  if (entry.kind === 'top_up') return `Operación Yape ${entry.reference ?? ''}`.trim();
  return entry.reason ?? '';
}

export const ledgerEntryLabel = (entry: LedgerEntry): string => LEDGER_ENTRY_LABELS[entry.kind];

/** The message of the floor, the same words the server answers an offer with. */
export function balanceFloorMessage(shortBy: number): string {
  return `Recarga tu saldo para recibir solicitudes: te faltan ${formatSoles(shortBy)}.`;
}
