import '../passenger.css';

import type { PassengerStats } from '@jala/contracts';
import { formatSoles } from '@jala/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';

import { AppLayout } from '@/components/layout/app-layout';
import { Button, buttonClassName } from '@/components/ui/button';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { HistoryIcon, PinIcon, UserIcon } from '@/components/ui/icons';
import { BookingCreatedNotice, bookingKeys, BookingReminderBanner, UpcomingBookings } from '@/features/bookings';
import { errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/session-store';

import { fetchPassengerStats, passengerKeys } from '../api/passenger-api';
import { StatCard } from '../components/stat-card';
import { formatOneDecimal } from '../model/format';

/** Spec §8 'Passenger' fallbacks, in Spanish: the first load, and a refresh that failed. */
export const DASHBOARD_FALLBACKS = {
  load: 'Error al cargar el panel del pasajero',
  refresh: 'Error al actualizar las estadísticas del pasajero',
} as const;

function RefreshIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </svg>
  );
}

function StatsCards({ stats }: { stats: PassengerStats }) {
  return (
    <section className="pw-stat-grid" aria-label="Resumen">
      <StatCard tone="blue" label="Viajes Totales" value={stats.total_trips} />
      <StatCard tone="green" label="Gastado Total" value={formatSoles(stats.total_spent)} />
      <StatCard
        tone="amber"
        label="Tu calificación"
        value={`${stats.averageRating === null ? '–' : formatOneDecimal(stats.averageRating)} / 5`}
        {...(stats.averageRating === null ? { hint: 'Aún sin calificaciones' } : {})}
      />
      <StatCard tone="violet" label="Lugares guardados" value={stats.savedLocations} />
    </section>
  );
}

/** Passenger home: greeting, refresh, 'Solicitar viaje' and the four summary cards (spec §2). */
export function PassengerDashboardPage() {
  const firstName = useSession((s) => s.user?.first_name);
  const userId = useSession((s) => s.user?.id ?? null);
  const queryClient = useQueryClient();
  const stats = useQuery({ queryKey: passengerKeys.stats, queryFn: fetchPassengerStats });

  if (stats.isPending) return <FullScreenLoader message="Cargando panel del pasajero..." />;

  /** 'Reintentar': clears the error and loads again (the full-screen loader shows meanwhile). */
  const retry = (): void => void queryClient.resetQueries({ queryKey: passengerKeys.stats });
  const refreshFailed = stats.isError && stats.data !== undefined;

  return (
    <AppLayout title="Inicio" nav="passenger">
      <BookingReminderBanner
        userId={userId}
        onReminder={() => void queryClient.invalidateQueries({ queryKey: bookingKeys.passenger })}
      />
      <BookingCreatedNotice />
      <section className="brand-panel hero-card">
        <div className="pw-hero-card__row">
          <p className="brand-panel__note">Hola{firstName ? `, ${firstName}` : ''}</p>
          <button
            type="button"
            className="icon-btn pw-icon-btn pw-icon-btn--on-dark"
            onClick={() => void stats.refetch()}
            disabled={stats.isFetching}
            aria-label="Actualizar"
            title="Actualizar"
          >
            <span className={stats.isFetching ? 'pw-spin' : undefined}>
              <RefreshIcon />
            </span>
          </button>
        </div>
        <h2 className="hero-card__title">¿A dónde vamos hoy?</h2>
        <Link to="/passenger/trip-request" className={buttonClassName({ variant: 'accent' })}>
          <PinIcon /> Solicitar viaje
        </Link>
      </section>

      {stats.isError && !stats.data ? (
        <section className="card pw-error-card" role="alert">
          <p className="pw-error-card__text">{errorMessage(stats.error, DASHBOARD_FALLBACKS.load)}</p>
          <Button variant="primary" onClick={retry}>
            Reintentar
          </Button>
        </section>
      ) : (
        <>
          {refreshFailed && (
            <div className="alert alert--error pw-alert--with-action row-between" role="alert">
              <span>{errorMessage(stats.error, DASHBOARD_FALLBACKS.refresh)}</span>
              <button type="button" className="pw-link-btn" onClick={() => void stats.refetch()}>
                Reintentar
              </button>
            </div>
          )}
          {stats.data && <StatsCards stats={stats.data} />}
        </>
      )}

      <UpcomingBookings />

      <nav className="pw-quick-links stack stack--tight" aria-label="Accesos rápidos">
        <Link to="/passenger/trip-history" className="card list-link">
          <HistoryIcon />
          <span className="list-link__text">Historial de viajes</span>
        </Link>
        <Link to="/passenger/profile?tab=ubicaciones" className="card list-link">
          <PinIcon />
          <span className="list-link__text">Ubicaciones guardadas</span>
        </Link>
        <Link to="/passenger/profile" className="card list-link">
          <UserIcon />
          <span className="list-link__text">Mi perfil</span>
        </Link>
      </nav>
    </AppLayout>
  );
}
