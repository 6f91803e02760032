import { Link } from 'react-router';

import { ChevronRightIcon } from '@/components/ui/icons';

import { useDriverLedger } from '../hooks/use-driver-ledger';
import { balanceFloorMessage } from '../model/ledger-format';

/**
 * Where the driver would take requests (the dashboard): when their balance is below DRIVER_MIN_BALANCE, the
 * amount to top up, before they tap anything; it links to 'Saldo con Jala'. Nothing otherwise.
 */
export function BalanceFloorNotice() {
  const { data } = useDriverLedger();
  if (!data || data.short_by <= 0) return null;
  return (
    <Link to="/driver/saldo" className="alert alert--error list-link" data-testid="balance-floor-notice">
      <span className="list-link__text">{balanceFloorMessage(data.short_by)}</span>
      <ChevronRightIcon />
    </Link>
  );
}
