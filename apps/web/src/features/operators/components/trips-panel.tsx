import type { AdminChatLine } from '@jala/contracts';
import { canCancel, formatSoles, scheduledLabel, TRIP_STATUSES, tripStatusLabelForOperators } from '@jala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-client';

import {
  cancelTrip,
  fetchTripChat,
  fetchTrips,
  fetchTripStory,
  operatorKeys,
  type TripFilters,
} from '../api/operators-api';
import { adjustmentSummary, formatDateTime, OFFER_STATUS_LABELS, storyStatusLabel } from '../model/operators-format';
import { ReasonForm } from './reason-form';

/**
 * The trip's chat as the story brings it (its newest page) and, on 'Ver mensajes anteriores', the pages
 * before it, put above. Keyed by the story's cursor by its caller: a story read again starts over.
 */
function StoryChat({ id, newest, nextBefore }: { id: number; newest: AdminChatLine[]; nextBefore: number | null }) {
  const [older, setOlder] = useState<{ lines: AdminChatLine[]; before: number | null }>({
    lines: [],
    before: nextBefore,
  });
  const more = useMutation({
    mutationFn: (before: number) => fetchTripChat(id, before),
    onSuccess: (page) =>
      setOlder((current) => ({ lines: [...page.messages, ...current.lines], before: page.next_before })),
  });
  const lines = [...older.lines, ...newest];
  if (lines.length === 0) return <p className="ops-muted">Sin mensajes.</p>;
  return (
    <>
      {older.before !== null && (
        <Button
          variant="ghost"
          disabled={more.isPending}
          onClick={() => {
            if (older.before !== null) more.mutate(older.before);
          }}
        >
          {more.isPending ? 'Cargando mensajes anteriores...' : 'Ver mensajes anteriores'}
        </Button>
      )}
      {more.error && (
        <p className="alert alert--error" role="alert">
          {errorMessage(more.error)}
        </p>
      )}
      <ul className="ops-plain">
        {lines.map((line, index) => (
          <li key={index}>
            <strong>{line.sender_role === 'passenger' ? 'Pasajero' : line.driver_name}:</strong> {line.message}{' '}
            <span className="ops-muted">· {formatDateTime(line.created_at)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function TripStory({ id, onClose }: { id: number; onClose: () => void }) {
  const client = useQueryClient();
  const { data, error, isPending } = useQuery({ queryKey: operatorKeys.story(id), queryFn: () => fetchTripStory(id) });
  const [notice, setNotice] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (reason: string) => cancelTrip(id, reason),
    onSuccess: async (result) => {
      setNotice(result.message);
      client.setQueryData(operatorKeys.story(id), result.data);
      await client.invalidateQueries({ queryKey: [...operatorKeys.all, 'trips'] });
    },
  });
  if (isPending) return <p role="status">Cargando viaje...</p>;
  if (error)
    return (
      <p className="alert alert--error" role="alert">
        {errorMessage(error)}
      </p>
    );
  const { trip } = data;
  // Any trip that has not ended: the operator's cancellation is allowed from every active status.
  const cancellable = canCancel(trip.status, 'operator');
  return (
    <section className="card ops-card ops-story" aria-labelledby="story-title">
      <header className="stack stack--close ops-story__header">
        <h3 id="story-title" className="ops-card__title">
          Viaje {trip.trip_code}
        </h3>
        <Button variant="ghost" onClick={onClose}>
          Cerrar
        </Button>
      </header>
      <p>
        <Badge className={`ops-status ops-status--${trip.status}`}>{tripStatusLabelForOperators(trip.status)}</Badge>
      </p>
      <dl className="ops-facts">
        {trip.scheduled_for && (
          <div>
            <dt>Hora de recojo</dt>
            <dd>{scheduledLabel(new Date(trip.scheduled_for))}</dd>
          </div>
        )}
        <div>
          <dt>Pasajero</dt>
          <dd>{trip.passenger.name}</dd>
        </div>
        <div>
          <dt>Conductor</dt>
          <dd>{trip.driver?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>Recojo</dt>
          <dd>{trip.pickup_address}</dd>
        </div>
        <div>
          <dt>Destino</dt>
          <dd>{trip.destination_address}</dd>
        </div>
        <div>
          <dt>Precio</dt>
          <dd>{formatSoles(trip.final_fare ?? trip.agreed_fare ?? trip.estimated_fare)}</dd>
        </div>
        {trip.cancel_reason && (
          <div>
            <dt>Motivo</dt>
            <dd>{trip.cancel_reason}</dd>
          </div>
        )}
      </dl>
      <h4 className="ops-subtitle">Estados</h4>
      <ol className="ops-timeline">
        {data.status_log.map((entry) => (
          <li key={entry.status}>
            <strong>{storyStatusLabel(entry.status)}</strong> · {formatDateTime(entry.at)}
          </li>
        ))}
      </ol>
      <h4 className="ops-subtitle">Ofertas</h4>
      {data.offers.length === 0 ? (
        <p className="ops-muted">Sin ofertas.</p>
      ) : (
        <ul className="ops-plain">
          {data.offers.map((offer) => (
            <li key={offer.id}>
              {offer.driver_name}: {formatSoles(offer.price)} ({OFFER_STATUS_LABELS[offer.status] ?? offer.status}) ·{' '}
              {formatDateTime(offer.created_at)}
            </li>
          ))}
        </ul>
      )}
      <h4 className="ops-subtitle">Ajustes de tarifa</h4>
      {data.fare_adjustments.length === 0 ? (
        <p className="ops-muted">Sin ajustes.</p>
      ) : (
        <ul className="ops-plain">
          {data.fare_adjustments.map((a) => (
            <li key={a.id}>
              {adjustmentSummary(a)}
              {a.note ? `: ${a.note}` : ''} · {formatDateTime(a.created_at)}
            </li>
          ))}
        </ul>
      )}
      <h4 className="ops-subtitle">Chat</h4>
      <StoryChat
        key={`${data.chat_next_before ?? 'all'}`}
        id={id}
        newest={data.chat}
        nextBefore={data.chat_next_before}
      />
      <h4 className="ops-subtitle">Posiciones</h4>
      <ul className="ops-plain">
        {data.positions.map((p, index) => (
          <li key={index}>
            {p.label}: {p.latitude.toFixed(5)}, {p.longitude.toFixed(5)}
            {p.at ? ` · ${formatDateTime(p.at)}` : ''}
          </li>
        ))}
      </ul>
      {cancellable && (
        <ReasonForm
          label="Motivo de la cancelación (se avisa al pasajero y al conductor)"
          submitLabel="Cancelar viaje"
          danger
          onSubmit={(reason) => cancel.mutateAsync(reason)}
        />
      )}
      {notice && (
        <p className="alert ops-alert-success" role="status">
          {notice}
        </p>
      )}
    </section>
  );
}

/** Trips with filters (status, active only, text), newest first; one opens with its whole story. */
export function TripsPanel() {
  const [filters, setFilters] = useState<TripFilters>({ active: true });
  const [text, setText] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: operatorKeys.trips(filters),
    queryFn: () => fetchTrips(filters),
  });
  return (
    <div className="stack stack--loose">
      <form
        className="stack stack--tight"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters((f) => ({ ...f, q: text.trim() || undefined }));
        }}
      >
        <label className="field__label" htmlFor="ops-trip-status">
          Estado
        </label>
        <select
          id="ops-trip-status"
          className="field__control field__control--select"
          value={filters.active ? 'active' : filters.scheduled ? 'scheduled' : (filters.status ?? '')}
          onChange={(e) => {
            const value = e.target.value;
            const chosen =
              value === 'active'
                ? { active: true }
                : value === 'scheduled'
                  ? { scheduled: true }
                  : value
                    ? { status: value }
                    : {};
            setFilters((f) => ({ q: f.q, ...chosen }));
          }}
        >
          <option value="active">Activos</option>
          <option value="scheduled">Programados</option>
          <option value="">Todos</option>
          {TRIP_STATUSES.map((status) => (
            <option key={status} value={status}>
              {tripStatusLabelForOperators(status)}
            </option>
          ))}
        </select>
        {/* What to type is in the label: a placeholder that long is cut beside the button on a phone. */}
        <label className="field__label" htmlFor="ops-trip-q">
          Buscar por código, dirección o nombre
        </label>
        <div className="ops-search">
          <input
            id="ops-trip-q"
            className="field__control"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={100}
          />
          <Button type="submit" variant="primary">
            Buscar
          </Button>
        </div>
      </form>
      {open !== null && <TripStory key={open} id={open} onClose={() => setOpen(null)} />}
      {isPending && <p role="status">Cargando viajes...</p>}
      {error && (
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      {data?.length === 0 && <p className="ops-empty">No hay viajes con estos filtros.</p>}
      <ul className="ops-rows">
        {data?.map((trip) => (
          <li key={trip.id}>
            {/* Named by what it shows (code, status, people, pickup): a spoken name matches the visible one. */}
            <button type="button" className="ops-row" onClick={() => setOpen(trip.id)}>
              <span className="ops-row__main">
                <strong>{trip.trip_code}</strong>{' '}
                <Badge className={`ops-status ops-status--${trip.status}`}>
                  {tripStatusLabelForOperators(trip.status)}
                </Badge>
              </span>
              <span className="ops-row__line">
                {trip.passenger.name} → {trip.driver?.name ?? 'sin conductor'}
              </span>
              {trip.scheduled_for && (
                <span className="ops-row__line ops-scheduled">{scheduledLabel(new Date(trip.scheduled_for))}</span>
              )}
              <span className="ops-row__line ops-muted">
                {trip.pickup_address} · {formatDateTime(trip.created_at)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
