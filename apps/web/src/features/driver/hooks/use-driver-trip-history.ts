import type { DriverTripHistoryItem } from '@jala/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { type DriverHistoryFilters, driverKeys, fetchDriverTripHistory } from '../api/driver-api';
import { useUserId } from './use-driver-queries';

/**
 * 'Mis viajes': the server's pages, one after another ('Cargar más'). A trip that ended while the driver was
 * reading shifts the server's offsets by one, so a trip may come twice: it is listed once.
 */
export function useDriverTripHistory(filters: DriverHistoryFilters) {
  const query = useInfiniteQuery({
    queryKey: driverKeys.tripHistory(useUserId(), filters),
    queryFn: ({ pageParam }) => fetchDriverTripHistory(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    // Coming back from a receipt where the driver just answered 'Pago recibido', the list must say so at once.
    refetchOnMount: 'always',
  });
  const seen = new Set<number>();
  const trips: DriverTripHistoryItem[] = [];
  for (const page of query.data?.pages ?? []) {
    for (const trip of page.trips) {
      if (!seen.has(trip.id)) trips.push(trip);
      seen.add(trip.id);
    }
  }
  const first = query.data?.pages[0];
  return { query, trips, total: first?.total ?? 0, awaitingAnswers: first?.awaiting_payment_answers ?? 0 };
}
