/** What other features use of 'Saldo con Jala'. */
export { BalanceFloorNotice } from './components/balance-floor-notice';
export { LedgerBalanceCard } from './components/ledger-balance-card';
export { LedgerEntries } from './components/ledger-entries';
