import '../passenger.css';

import type { TripHistoryItem } from '@jala/contracts';
import { DEFAULT_HISTORY_STATUS_FILTER, type HistoryStatusFilterValue } from '@jala/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-client';

import { CALL_FALLBACKS, fetchPassengerStats, fetchTripHistory, passengerKeys } from '../api/passenger-api';
import { HistoryFilters } from '../components/history-filters';
import { HistoryPagination } from '../components/history-pagination';
import { HistoryShareBanner } from '../components/history-share-banner';
import { PatrioticMessage } from '../components/patriotic-message';
import { TripCard } from '../components/trip-card';
import { TripDetailSheet } from '../components/trip-detail-sheet';

/**
 * 'Historial de viajes' (spec §2): thank-you banner with share links, rotating patriotic message, status
 * pills (first load: completed), 2 trips per page paged by the server, and a detail sheet per trip where a
 * completed trip can be rated.
 */
export function PassengerTripHistoryPage() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<HistoryStatusFilterValue>(DEFAULT_HISTORY_STATUS_FILTER);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TripHistoryItem | null>(null);
  const history = useQuery({
    queryKey: passengerKeys.history(status, page),
    queryFn: () => fetchTripHistory(status, page),
    placeholderData: keepPreviousData,
  });

  // Whether the passenger ever travelled (the dashboard's figures, usually cached): the banner thanks only them.
  const stats = useQuery({ queryKey: passengerKeys.stats, queryFn: fetchPassengerStats });

  const chooseStatus = (next: HistoryStatusFilterValue): void => {
    setStatus(next);
    setPage(1);
  };
  const closeSheet = useCallback(() => setSelected(null), []);
  const onRated = (score: number): void => {
    setSelected((trip) => (trip ? { ...trip, my_rating: score } : trip));
    void queryClient.invalidateQueries({ queryKey: passengerKeys.stats });
  };

  const data = history.data;
  const trips = data?.trips ?? [];
  const completedCount = trips.filter((trip) => trip.status === 'completed').length;
  const hasTravelled = stats.data ? stats.data.total_trips > 0 : completedCount > 0;
  // While a new filter or page loads, the previous list is not shown as if it were the answer.
  const isLoading = history.isPending || history.isPlaceholderData;
  // Shares the product's public address (the login page), never this page: it needs a session.
  const pageUrl = typeof window === 'undefined' ? '' : `${window.location.origin}/`;

  return (
    <AppLayout title="Historial de viajes" nav="passenger">
      <HistoryShareBanner
        completedCount={completedCount}
        listSize={trips.length}
        pageUrl={pageUrl}
        hasTravelled={hasTravelled}
      />
      <PatrioticMessage />
      <HistoryFilters value={status} onChange={chooseStatus} />

      <section className="pw-history-list" aria-label="Viajes" aria-busy={isLoading}>
        {isLoading ? (
          <p className="pw-muted pw-history-list__state" role="status">
            Cargando viajes...
          </p>
        ) : history.isError ? (
          <div className="card pw-error-card" role="alert">
            <p className="pw-error-card__text">{errorMessage(history.error, CALL_FALLBACKS.history)}</p>
            <Button variant="primary" onClick={() => void history.refetch()}>
              Reintentar
            </Button>
          </div>
        ) : trips.length === 0 ? (
          <p className="card pw-empty-history">Aún no hay viajes en tu historial.</p>
        ) : (
          <ul className="pw-history-list__items">
            {trips.map((trip) => (
              <li key={trip.id}>
                <TripCard trip={trip} onSelect={setSelected} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {data && !history.isError && (
        <HistoryPagination page={page} totalPages={data.total_pages} onPage={setPage} disabled={isLoading} />
      )}

      {selected && <TripDetailSheet trip={selected} onClose={closeSheet} onRated={onRated} />}
    </AppLayout>
  );
}
