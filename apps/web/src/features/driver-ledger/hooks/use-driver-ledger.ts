import { useQuery } from '@tanstack/react-query';

import { useSession } from '@/lib/session-store';

import { driverLedgerQuery } from '../api/driver-ledger-api';

export function useDriverLedger() {
  const userId = useSession((s) => s.user?.id ?? 0);
  return useQuery(driverLedgerQuery(userId));
}
