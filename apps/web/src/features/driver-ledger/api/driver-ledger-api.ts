import type { DriverLedger } from '@jala/contracts';
import * as endpoints from '@jala/contracts/endpoints';
import { queryOptions } from '@tanstack/react-query';

import { api, callApi } from '@/lib/api/api-client';

/**
 * 'Saldo con Jala' as the driver reads it. Kept under the driver's own query prefix (['driver', id]), so
 * whatever refreshes the driver's answers (useInvalidateDriver) refreshes the balance too.
 */
export const driverLedgerKey = (userId: number) => ['driver', userId, 'ledger'] as const;

export const fetchDriverLedger = (): Promise<DriverLedger> =>
  callApi(api(endpoints.driverLedger), 'No se pudo cargar tu saldo con Jala.');

/** Read again every minute: an operator's top-up shows up without the driver reloading. */
export const LEDGER_REFRESH_MS = 60_000;

export const driverLedgerQuery = (userId: number) =>
  queryOptions({ queryKey: driverLedgerKey(userId), queryFn: fetchDriverLedger, refetchInterval: LEDGER_REFRESH_MS });
