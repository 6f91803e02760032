import '../ledger.css';

import type { LedgerEntry } from '@jala/contracts';
import { formatLimaDateTime } from '@jala/domain';

import { ledgerEntryDetail, ledgerEntryLabel, signedSoles } from '../model/ledger-format';

/** The entries of a 'Saldo con Jala', newest first: what, when, and the signed amount. */
export function LedgerEntries({ entries }: { entries: readonly LedgerEntry[] }) {
  if (entries.length === 0) return <p className="section-note">Aún no hay movimientos.</p>;
  return (
    <ul className="ledger-entries" aria-label="Movimientos">
      {entries.map((entry) => (
        <li key={entry.id} className="ledger-entry" data-testid="ledger-entry">
          <div className="ledger-entry__text">
            <span className="ledger-entry__label">{ledgerEntryLabel(entry)}</span>
            <span className="ledger-entry__detail">{ledgerEntryDetail(entry)}</span>
            <span className="ledger-entry__date">{formatLimaDateTime(entry.created_at)}</span>
          </div>
          <span className={`ledger-entry__amount${entry.amount < 0 ? ' ledger-entry__amount--debit' : ''}`}>
            {signedSoles(entry.amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}
