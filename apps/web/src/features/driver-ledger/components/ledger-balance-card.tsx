import '../ledger.css';

import type { DriverLedger } from '@jala/contracts';
import { formatSoles } from '@jala/domain';

import { balanceFloorMessage } from '../model/ledger-format';

/** The balance, the floor when there is one, and what is missing to reach it. */
export function LedgerBalanceCard({ ledger }: { ledger: DriverLedger }) {
  return (
    <section className="card stack" aria-label="Saldo actual">
      <p className="ledger-balance__label">Saldo actual</p>
      <p
        className={`ledger-balance__amount${ledger.balance < 0 ? ' ledger-entry__amount--debit' : ''}`}
        data-testid="ledger-balance"
      >
        {formatSoles(ledger.balance)}
      </p>
      {ledger.min_balance !== null && (
        <p className="section-note" data-testid="ledger-floor">
          Saldo mínimo para recibir solicitudes:{' '}
          <span className="ledger-nowrap">{formatSoles(ledger.min_balance)}</span>
        </p>
      )}
      {ledger.short_by > 0 && (
        <p className="alert alert--error" role="alert" data-testid="ledger-short">
          {balanceFloorMessage(ledger.short_by)}
        </p>
      )}
    </section>
  );
}
