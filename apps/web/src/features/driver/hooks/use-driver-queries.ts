import { useQuery, useQueryClient } from '@tanstack/react-query';

import { useSession } from '@/lib/session-store';

import {
  driverDocumentsQuery,
  driverKeys,
  driverProfileQuery,
  driverStatsQuery,
  driverStatusQuery,
  earningsRecordsQuery,
  earningsSummaryQuery,
  vehiclesQuery,
} from '../api/driver-api';

/** The signed-in user's id (the driver pages only render behind ProtectedRoute, so it is set). */
export function useUserId(): number {
  return useSession((s) => s.user?.id ?? 0);
}

export const useDriverStats = () => useQuery(driverStatsQuery(useUserId()));
export const useDriverProfile = () => useQuery(driverProfileQuery(useUserId()));
export const useVehicles = () => useQuery(vehiclesQuery(useUserId()));
export const useDriverStatus = () => useQuery(driverStatusQuery(useUserId()));
export const useEarningsSummary = () => useQuery(earningsSummaryQuery(useUserId()));
export const useEarningsRecords = () => useQuery(earningsRecordsQuery(useUserId()));

/**
 * The driver's documents, asked for only once a driver profile exists: before that the server has none to
 * tell about (a 409 every browser would log on a new driver's first visit). Waiting, the query is pending.
 */
export function useDriverDocuments() {
  const userId = useUserId();
  const hasProfile = useQuery(driverProfileQuery(userId)).data != null;
  return useQuery({ ...driverDocumentsQuery(userId), enabled: hasProfile });
}

/** Invalidates every cached driver answer of this user (after a change that may move several numbers). */
export function useInvalidateDriver(): () => Promise<void> {
  const client = useQueryClient();
  const userId = useUserId();
  return () => client.invalidateQueries({ queryKey: [...driverKeys.all, userId] });
}
