import '../driver.css';
import '../trip-history.css';

import {
  DRIVER_HISTORY_STATUS_FILTERS,
  HISTORY_STATUSES,
  type HistoryStatusFilterValue,
  isDateKey,
} from '@jala/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { FilterPills } from '@/components/ui/filter-pills';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage, isApiError } from '@/lib/api/api-client';

import type { DriverHistoryFilters } from '../api/driver-api';
import { DRIVER_ERRORS } from '../api/driver-errors';
import { DriverTripCard } from '../components/driver-trip-card';
import { HistoryPeriodPicker } from '../components/history-period-picker';
import { InlineLoading } from '../components/inline-status';
import { useDriverTripHistory } from '../hooks/use-driver-trip-history';

/** The filters live in the address (?estado=&desde=&hasta=), so coming back from a receipt keeps them. */
function filtersOf(params: URLSearchParams): DriverHistoryFilters {
  const status = params.get('estado') ?? '';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return isDateKey(value) ? value : '';
  };
  return {
    status: (HISTORY_STATUSES as readonly string[]).includes(status) ? (status as HistoryStatusFilterValue) : '',
    from: day('desde'),
    to: day('hasta'),
  };
}

const tripsCount = (n: number) => (n === 1 ? '1 viaje' : `${n} viajes`);

/**
 * 'Mis viajes' (ours; the spec's driver had no history): the driver's finished trips, latest first, filtered by
 * state and period (Lima days), ten at a time with 'Cargar más'. Each card leads to the receipt; a Yape/Plin payment
 * waiting for the driver's answer stands out on its card, and the page tells of those the filters or pages hide.
 */
export function DriverTripHistoryPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const { query, trips, total, awaitingAnswers } = useDriverTripHistory(filters);
  const [choosingDates, setChoosingDates] = useState(false);

  const setFilters = (next: DriverHistoryFilters): void => {
    const search = new URLSearchParams();
    if (next.status) search.set('estado', next.status);
    if (next.from) search.set('desde', next.from);
    if (next.to) search.set('hasta', next.to);
    setParams(search, { replace: true });
  };

  // While a new filter loads, the previous list is not shown as if it were the answer.
  const isLoading = query.isPending || (query.isPlaceholderData && !query.isFetchingNextPage);
  const dateErrors = isApiError(query.error)
    ? { from: query.error.fields?.from, to: query.error.fields?.to }
    : undefined;
  const isFiltered = filters.status !== '' || filters.from !== '' || filters.to !== '';
  // Each waiting payment on screen says so on its card; the page speaks only of those the filters or pages hide.
  const hiddenAwaiting = isLoading ? 0 : awaitingAnswers - trips.filter((trip) => trip.awaiting_payment_answer).length;

  let list;
  if (isLoading) {
    list = <InlineLoading text="Cargando viajes..." />;
  } else if (query.isError && trips.length === 0) {
    list =
      dateErrors?.from || dateErrors?.to ? null : (
        <RetryAlert
          message={errorMessage(query.error, DRIVER_ERRORS.tripHistory)}
          onRetry={() => void query.refetch()}
        />
      );
  } else if (trips.length === 0) {
    list = (
      <p className="card drv-history__empty">
        {isFiltered
          ? 'No hay viajes con estos filtros.'
          : 'Aún no tienes viajes. Cuando termines un viaje, aparecerá aquí con su recibo.'}
      </p>
    );
  } else {
    list = (
      <>
        <p className="muted drv-history__count" role="status">
          {trips.length < total ? `Mostrando ${trips.length} de ${tripsCount(total)}` : tripsCount(total)}
        </p>
        <ul className="list-plain">
          {trips.map((trip) => (
            <li key={trip.id}>
              <DriverTripCard trip={trip} />
            </li>
          ))}
        </ul>
        {query.hasNextPage && (
          <Button variant="ghost" block disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Cargando...' : 'Cargar más'}
          </Button>
        )}
        {query.isFetchNextPageError && (
          <RetryAlert
            message={errorMessage(query.error, DRIVER_ERRORS.tripHistory)}
            onRetry={() => void query.fetchNextPage()}
          />
        )}
      </>
    );
  }

  return (
    <AppLayout title="Mis viajes" nav="driver">
      {hiddenAwaiting > 0 && (
        <div className="alert drv-alert-warning drv-history__hidden" role="status" data-testid="awaiting-payments">
          <p>
            {hiddenAwaiting === 1
              ? 'Tienes 1 pago con Yape o Plin por confirmar que no está en esta lista.'
              : `Tienes ${hiddenAwaiting} pagos con Yape o Plin por confirmar que no están en esta lista.`}
          </p>
          {isFiltered && (
            <Button
              variant="ghost"
              onClick={() => {
                setChoosingDates(false);
                setFilters({ status: '', from: '', to: '' });
              }}
            >
              Ver todos los viajes
            </Button>
          )}
        </div>
      )}
      <FilterPills
        options={DRIVER_HISTORY_STATUS_FILTERS}
        value={filters.status}
        onChange={(status) => setFilters({ ...filters, status })}
      />
      <HistoryPeriodPicker
        range={{ from: filters.from, to: filters.to }}
        onChange={(range) => setFilters({ ...filters, ...range })}
        choosingDates={choosingDates}
        onChoosingDates={setChoosingDates}
        error={dateErrors}
      />
      <section className="drv-history" aria-label="Viajes" aria-busy={isLoading}>
        {list}
      </section>
    </AppLayout>
  );
}
